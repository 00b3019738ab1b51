import { checkpointAfterRead } from '../shared/commands/answer-checkpoint';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  teamOwnerStreamId,
  teamSchemaVersions,
  teamStreamId,
  WrongExpectedVersion,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type TeamEvent,
  type TeamLinkReservedEvent,
  type TeamOwnershipRecordedEvent,
} from '@planwerk/events';
import { withTransaction, appendEvents, projectTeamEvents } from '@planwerk/platform';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import { toNewEvents, type CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { decideTeam, evolveTeam, initialTeamState, type TeamCommand, type TeamState } from './decide/team.decider';
import { evolveOwnership, initialOwnershipState, type TeamOwnershipState } from './decide/team-ownership.decider';

export type TeamStreamAppend =
  | { kind: 'team'; streamId: string; expected: ExpectedVersion; versionBefore: number; events: TeamEvent[] }
  | { kind: 'link' | 'owner'; streamId: string; expected: ExpectedVersion; events: Array<TeamLinkReservedEvent | TeamOwnershipRecordedEvent> };

export interface TeamMutation {
  events: TeamEvent[];
  /** The team after the events. */
  state: TeamState;
  checkpoint: string;
}

// Two claims race on one version; each retry reads fresh state, so a handful of attempts covers
// every burst of parallel commands one team sees.
const ATTEMPTS = 8;

/**
 * Loads team streams and appends team events together with the inline tables (`teams`,
 * `team_members`, `team_active_projects`) in one transaction (ADR 0005).
 */
@Injectable()
export class TeamRepository {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async load(teamId: string): Promise<{ state: TeamState; version: number }> {
    const slice = await this.store.readStream(teamStreamId(teamId));
    let state = initialTeamState();
    for (const event of slice.events) state = evolveTeam(state, { type: event.type, data: event.data } as TeamEvent);
    return { state, version: slice.version };
  }

  async loadOwnership(userId: string): Promise<{ state: TeamOwnershipState; version: number }> {
    const slice = await this.store.readStream(teamOwnerStreamId(userId));
    let state = initialOwnershipState();
    for (const event of slice.events) state = evolveOwnership(state, { type: event.type, data: event.data } as TeamOwnershipRecordedEvent);
    return { state, version: slice.version };
  }

  /** Appends to several streams atomically; a version conflict throws WrongExpectedVersion. */
  async append(appends: TeamStreamAppend[], metadata: CommandMetadata, ids: IdSource): Promise<AppendResult | null> {
    const batches = appends.filter((a) => a.events.length > 0);
    if (batches.length === 0) return null;
    return withTransaction(this.pool, async (client) => {
      let last: AppendResult | null = null;
      for (const batch of batches) {
        last = await appendEvents(client, batch.streamId, toNewEvents<TeamEvent | TeamLinkReservedEvent | TeamOwnershipRecordedEvent>(batch.streamId, batch.events, metadata, ids, (type) => teamSchemaVersions[type]), batch.expected);
        if (batch.kind === 'team') await projectTeamEvents(client, batch.events, batch.versionBefore);
      }
      return last;
    });
  }

  /** Load → decide → append on the team stream; a concurrent change is decided again on fresh state. */
  async mutate(command: Exclude<TeamCommand, { type: 'CreateTeam' }>, metadata: CommandMetadata, ids: IdSource): Promise<TeamMutation> {
    const streamId = teamStreamId(command.teamId);
    for (let attempt = 1; ; attempt += 1) {
      const { state, version } = await this.load(command.teamId);
      const events = decideTeam(command, state);
      try {
        const appended = await this.append([{ kind: 'team', streamId, expected: version, versionBefore: version, events }], metadata, ids);
        return { events, state: events.reduce(evolveTeam, state), checkpoint: appended?.checkpoint ?? (await this.head()) };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion)) throw error;
        if (attempt >= ATTEMPTS) throw new DomainError('conflict', { details: { streamId } });
      }
    }
  }

  async head(...read: Array<string | null | undefined>): Promise<string> {
    return checkpointAfterRead(this.store, ...read);
  }
}
