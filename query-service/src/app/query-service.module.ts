import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { HealthController } from '../health/health.http';
import { HealthService } from '../health/health.service';
import { PlatformController } from '../platform/platform.http';
import { ProjectionGateway } from '../realtime/projection.gateway';
import { QueryInfrastructureModule, type QueryInfrastructure } from './query-infrastructure.module';
import { AccountsQueryModule } from '../accounts/accounts-query.module';
import { TeamsQueryModule } from '../teams/teams-query.module';
import { MembershipsQueryModule } from '../memberships/memberships-query.module';
import { AuthModule } from '../shared/auth/auth.module';
import { DevToolsModule } from '../dev/dev-tools.module';
import { LinksQueryModule } from '../links/links-query.module';
import { BundleModule } from '../bundle/bundle.module';

@Module({})
export class QueryServiceModule {
  static register(infrastructure: QueryInfrastructure, features: NonNullable<ModuleMetadata['imports']> = []): DynamicModule {
    return {
      module: QueryServiceModule,
      imports: [QueryInfrastructureModule.register(infrastructure), AuthModule, AccountsQueryModule, TeamsQueryModule, MembershipsQueryModule, DevToolsModule, LinksQueryModule, BundleModule, ...features],
      controllers: [PlatformController, HealthController],
      providers: [HealthService, ProjectionGateway],
    };
  }
}
