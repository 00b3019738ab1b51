import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { migrateMemberships, migrateTeams } from '@planwerk/platform';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import { ListTeamMembersHttp } from './list-team-members/list-team-members.http';

@Module({ controllers: [ListTeamMembersHttp] })
export class MembershipsQueryModule implements OnModuleInit {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  // The command service's inline tables; whichever service starts first creates them.
  async onModuleInit(): Promise<void> {
    await migrateTeams(this.pool);
    await migrateMemberships(this.pool);
  }
}
