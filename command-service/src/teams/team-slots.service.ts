import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@planwerk/platform';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { TeamRepository } from './team.repository';
import { isBlocked } from './decide/team.decider';

export interface SlotAnswer {
  teamId: string;
  projectId: string;
  activeProjects: string[];
  blocked: boolean;
  checkpoint: string;
}

/**
 * The free plan's "one active project" (ADR 0005), decided on the team stream. The projects
 * feature calls `claim` when a project becomes active and `release` when it stops being so;
 * two parallel claims on the free plan → one succeeds, the other answers 6201. Nothing else
 * calls them: the HTTP slot endpoints are the projects feature's (`project-slots.http.ts`),
 * which decides the project's status first.
 */
@Injectable()
export class TeamSlotsService {
  constructor(
    private readonly teams: TeamRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async claim(teamId: string, projectId: string, metadata: CommandMetadata, ids: IdSource, now: Date = this.clock.now()): Promise<SlotAnswer> {
    const result = await this.teams.mutate(
      { type: 'ClaimActiveProjectSlot', teamId, projectId, claimedAt: now.toISOString() }, { ...metadata, teamId }, ids,
    );
    return answer(teamId, projectId, result);
  }

  async release(teamId: string, projectId: string, metadata: CommandMetadata, ids: IdSource): Promise<SlotAnswer> {
    const result = await this.teams.mutate({ type: 'ReleaseActiveProjectSlot', teamId, projectId }, { ...metadata, teamId }, ids);
    return answer(teamId, projectId, result);
  }

  async activeProjects(teamId: string): Promise<string[]> {
    const { state } = await this.teams.load(teamId);
    return state.status === 'exists' ? state.activeProjects : [];
  }
}

function answer(teamId: string, projectId: string, result: Awaited<ReturnType<TeamRepository['mutate']>>): SlotAnswer {
  const active = result.state.status === 'exists' ? result.state.activeProjects : [];
  return { teamId, projectId, activeProjects: active, blocked: isBlocked(result.state), checkpoint: result.checkpoint };
}
