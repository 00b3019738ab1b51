import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { migrateTeams } from '@planwerk/events';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import { TeamRepository } from './team.repository';
import { TeamSlotsService } from './team-slots.service';
import { parseTeamsConfig, TEAMS_CONFIG } from './teams.config';
import { TeamsHttp } from './teams.http';
import { TeamsService } from './teams.service';

@Module({
  controllers: [TeamsHttp],
  providers: [{ provide: TEAMS_CONFIG, useFactory: () => parseTeamsConfig(process.env) }, TeamRepository, TeamsService, TeamSlotsService],
  // The projects feature claims and releases active-project slots through TeamSlotsService.
  exports: [TeamSlotsService],
})
export class TeamsModule implements OnModuleInit {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  // The inline read models must exist before the first request (both services migrate them).
  async onModuleInit(): Promise<void> {
    await migrateTeams(this.pool);
  }
}
