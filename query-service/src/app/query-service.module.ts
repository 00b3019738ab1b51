import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { HEALTH_ACCESS, parseHealthAccess } from '../health/health-access';
import { HealthController } from '../health/health.http';
import { HealthService } from '../health/health.service';
import { PlatformController } from '../platform/platform.http';
import { ProjectionGateway } from '../realtime/projection.gateway';
import { QueryInfrastructureModule, type QueryInfrastructure } from './query-infrastructure.module';
import { AccountsQueryModule } from '../accounts/accounts-query.module';
import { TeamsQueryModule } from '../teams/teams-query.module';
import { ActivityQueryModule } from '../activity/activity-query.module';
import { MembershipsQueryModule } from '../memberships/memberships-query.module';
import { AuthModule } from '../shared/auth/auth.module';
import { DevToolsModule } from '../dev/dev-tools.module';
import { LinksQueryModule } from '../links/links-query.module';
import { BundleModule } from '../bundle/bundle.module';
import { CommentsQueryModule } from '../comments/comments-query.module';
import { ContactsQueryModule } from '../contacts/contacts-query.module';
import { ContactGroupsQueryModule } from '../contacts/groups/contact-groups-query.module';
import { ContactImportQueryModule } from '../contacts/import/contact-import-query.module';
import { ProjectsQueryModule } from '../projects/projects-query.module';
import { SignupsQueryModule } from '../signups/signups-query.module';
import { RealtimeModule } from '../realtime/realtime.module';

@Module({})
export class QueryServiceModule {
  static register(infrastructure: QueryInfrastructure, features: NonNullable<ModuleMetadata['imports']> = []): DynamicModule {
    return {
      module: QueryServiceModule,
      imports: [QueryInfrastructureModule.register(infrastructure), AuthModule, AccountsQueryModule, ActivityQueryModule, TeamsQueryModule, MembershipsQueryModule, DevToolsModule, LinksQueryModule, BundleModule, CommentsQueryModule, ContactsQueryModule, ContactGroupsQueryModule, ContactImportQueryModule, ProjectsQueryModule, SignupsQueryModule, RealtimeModule, ...features],
      controllers: [PlatformController, HealthController],
      providers: [HealthService, ProjectionGateway, { provide: HEALTH_ACCESS, useFactory: () => parseHealthAccess(process.env) }],
    };
  }
}
