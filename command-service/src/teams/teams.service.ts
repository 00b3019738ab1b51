import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock, findOwnedTeamPlans, loadTeamMembership } from '@planwerk/platform';
import {
  DomainError,
  teamLinkStreamId,
  teamOwnerStreamId,
  teamStreamId,
  WrongExpectedVersion,
  type ChangeTeamPlanBody,
  type ChangeTeamSettingsBody,
  type CreateTeamBody,
  type Plan,
} from '@planwerk/events';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { decideTeam, initialTeamState, isBlocked } from './decide/team.decider';
import { decideOwnership } from './decide/team-ownership.decider';
import { TeamRepository } from './team.repository';
import { TEAMS_CONFIG, type TeamsConfig } from './teams.config';

const CREATE_ATTEMPTS = 5;

export interface PlanAnswer {
  teamId: string;
  plan: Plan;
  planLapsed: boolean;
  blocked: boolean;
  checkpoint: string;
}

/** Team commands of ADR 0005 that are not slot claims: create, settings, plan, unlock. */
@Injectable()
export class TeamsService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(TEAMS_CONFIG) private readonly config: TeamsConfig,
    private readonly teams: TeamRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Link reservation (`no_stream`), the owner's stream (rule 6010, expected version) and the
   * team's first event commit together: a taken link answers `team_link_taken`, a parallel
   * creation by the same owner is decided again and may answer 6010.
   */
  async create(ownerId: string, input: CreateTeamBody, metadata: CommandMetadata, ids: IdSource, now: Date = this.clock.now()): Promise<{ teamId: string; link: string; checkpoint: string }> {
    const teamId = ids.next('teamId');
    const teamMetadata = { ...metadata, teamId };
    for (let attempt = 1; ; attempt += 1) {
      const ownership = await this.teams.loadOwnership(ownerId);
      const ownedTeams = await findOwnedTeamPlans(this.pool, ownerId);
      const ownershipEvents = decideOwnership({ teamId, ownerId, ownedTeams }, ownership.state);
      const teamEvents = decideTeam({
        type: 'CreateTeam', teamId, link: input.link, name: input.name, type_: input.type, logoUrl: input.logoUrl,
        design: input.design, settings: input.set, ownerId, createdAt: now.toISOString(),
      }, initialTeamState());
      try {
        const appended = await this.teams.append([
          { kind: 'link', streamId: teamLinkStreamId(input.link), expected: 'no_stream', events: [{ type: 'TeamLinkReserved', data: { teamId, link: input.link } }] },
          { kind: 'owner', streamId: teamOwnerStreamId(ownerId), expected: ownership.version === 0 ? 'no_stream' : ownership.version, events: ownershipEvents },
          { kind: 'team', streamId: teamStreamId(teamId), expected: 'no_stream', versionBefore: 0, events: teamEvents },
        ], teamMetadata, ids);
        return { teamId, link: input.link, checkpoint: appended?.checkpoint ?? (await this.teams.head()) };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion)) throw error;
        if (error.streamId === teamLinkStreamId(input.link)) throw new DomainError('team_link_taken', { field: 'link' });
        if (attempt >= CREATE_ATTEMPTS) throw new DomainError('conflict', { details: { streamId: error.streamId } });
      }
    }
  }

  async changeSettings(teamId: string, input: ChangeTeamSettingsBody, metadata: CommandMetadata, ids: IdSource): Promise<{ teamId: string; changed: boolean; checkpoint: string }> {
    const result = await this.teams.mutate({
      type: 'ChangeTeamSettings', teamId, name: input.name, logoUrl: input.logoUrl, design: input.design, settings: input.set,
    }, { ...metadata, teamId }, ids);
    return { teamId, changed: result.events.length > 0, checkpoint: result.checkpoint };
  }

  /**
   * Support operators (configuration) change any plan; the team's owner only downgrades or
   * lapses; everyone else gets the answer of a team they cannot see.
   */
  async changePlan(userId: string, teamId: string, change: ChangeTeamPlanBody, metadata: CommandMetadata, ids: IdSource): Promise<PlanAnswer> {
    const by = await this.planActor(userId, teamId);
    const result = await this.teams.mutate({ type: 'ChangeTeamPlan', teamId, change, by }, { ...metadata, teamId }, ids);
    if (result.state.status !== 'exists') throw new DomainError('not_found');
    return {
      teamId, plan: result.state.plan, planLapsed: result.state.lapsed, blocked: isBlocked(result.state), checkpoint: result.checkpoint,
    };
  }

  async unlock(teamId: string, projectId: string, metadata: CommandMetadata, ids: IdSource): Promise<{ teamId: string; activeProjects: string[]; released: string[]; checkpoint: string }> {
    const result = await this.teams.mutate({ type: 'UnlockTeam', teamId, projectId }, { ...metadata, teamId }, ids);
    const released = result.events.flatMap((e) => (e.type === 'ActiveProjectSlotReleased' ? [e.data.projectId] : []));
    const active = result.state.status === 'exists' ? result.state.activeProjects : [];
    return { teamId, activeProjects: active, released, checkpoint: result.checkpoint };
  }

  private async planActor(userId: string, teamId: string): Promise<'owner' | 'support'> {
    if (this.config.supportOperators.has(userId.toLowerCase())) return 'support';
    const membership = await loadTeamMembership(this.pool, teamId, userId);
    if (membership === null || membership.member === null) throw new DomainError('not_found');
    if (membership.member.level !== 'owner') throw new DomainError('no_permission');
    return 'owner';
  }
}
