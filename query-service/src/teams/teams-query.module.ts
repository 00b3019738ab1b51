import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { migrateTeams } from '@planwerk/platform';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import { GetTeamAgreementHttp } from './get-team-agreement/get-team-agreement.http';
import { GetTeamDetailsHttp } from './get-team-details/get-team-details.http';
import { GetTeamSetupHttp } from './get-team-setup/get-team-setup.http';

// The setup route is registered first: `/v5/team/setup/{teamId}` has a segment more than
// `/v5/team/{link}`, and "setup" is a reserved link anyway (ADR 0005).
@Module({ controllers: [GetTeamSetupHttp, GetTeamAgreementHttp, GetTeamDetailsHttp] })
export class TeamsQueryModule implements OnModuleInit {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  // The tables are the command service's inline read models; whichever starts first creates them.
  async onModuleInit(): Promise<void> {
    await migrateTeams(this.pool);
  }
}
