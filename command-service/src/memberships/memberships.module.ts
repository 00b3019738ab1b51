import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { migrateMemberships } from '@planwerk/platform';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import { MembershipRepository } from './membership.repository';
import { MembershipsHttp } from './memberships.http';
import { MembershipsService } from './memberships.service';

@Module({
  controllers: [MembershipsHttp],
  providers: [MembershipRepository, MembershipsService],
  exports: [MembershipsService],
})
export class MembershipsModule implements OnModuleInit {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async onModuleInit(): Promise<void> {
    await migrateMemberships(this.pool);
  }
}
