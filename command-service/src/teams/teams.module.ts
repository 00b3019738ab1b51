import { Global, Inject, Module, type OnModuleInit } from '@nestjs/common';
import { migrateTeams } from '@planwerk/platform';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import { ACTIVE_PROJECT_SLOTS } from '../shared/slots/active-project-slots.port';
import { AgreementHttp } from './agreement.http';
import { AgreementService } from './agreement.service';
import { TeamRepository } from './team.repository';
import { TeamSlotsService } from './team-slots.service';
import { parseTeamsConfig, TEAMS_CONFIG } from './teams.config';
import { TeamsHttp } from './teams.http';
import { TeamsService } from './teams.service';

// Global so that features which may not import the teams feature (projects) get the slot port.
@Global()
@Module({
  controllers: [TeamsHttp, AgreementHttp],
  providers: [
    { provide: TEAMS_CONFIG, useFactory: () => parseTeamsConfig(process.env) }, TeamRepository, TeamsService, TeamSlotsService, AgreementService,
    { provide: ACTIVE_PROJECT_SLOTS, useExisting: TeamSlotsService },
  ],
  // The projects feature claims and releases active-project slots through the shared port.
  exports: [TeamSlotsService, ACTIVE_PROJECT_SLOTS],
})
export class TeamsModule implements OnModuleInit {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  // The inline read models must exist before the first request (both services migrate them).
  async onModuleInit(): Promise<void> {
    await migrateTeams(this.pool);
  }
}
