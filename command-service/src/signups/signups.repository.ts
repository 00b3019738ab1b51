import { Inject, Injectable } from '@nestjs/common';
import {
  appendEvents,
  DomainError,
  evolveProject,
  initialProjectState,
  isProjectEvent,
  isSignUpEvent,
  projectStreamId,
  signupPersonId,
  signupSchemaVersions,
  signupsStreamId,
  withTransaction,
  WrongExpectedVersion,
  type EventStore,
  type ProjectState,
  type SignUpEvent,
} from '@planwerk/events';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import { eventId, toNewEvents, type CommandMetadata } from '../shared/commands/decide-and-append';
import { StreamStateCache } from '../shared/commands/state-cache';
import { StreamLock } from '../shared/commands/stream-lock';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { decideSignUps, type SignUpCommand } from './signup.decider';
import { evolveSignUps, initialSignUpsState, type SignUpsState } from './signup-state.decider';

// Another instance appended in between: decided again on fresh state (only the new events are
// read). With the in-process lock only other processes race, and every conflict means one of
// them got through, so this always progresses; but a hot list served by several instances can
// make one request lose many times in a row (fault 8: 100 sign-ups over two processes), so the
// bound is time, not a handful of attempts. A short random pause breaks lock-step retries.
const RETRY_FOR_MS = 10_000;
const retryPause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.random() * 4));

function retryOrGiveUp(startedAt: number, streamId: string): Promise<void> {
  if (Date.now() - startedAt >= RETRY_FOR_MS) throw new DomainError('conflict', { details: { streamId } });
  return retryPause();
}

export interface SignUpsMutation {
  events: SignUpEvent[];
  /** The list's sign-ups after the events. */
  state: SignUpsState;
  checkpoint: string;
}

/**
 * Load → decide → append on `signups-<listId>` (ADR 0006, "Hot lists"): commands on one list
 * queue behind an in-process lock, the folded sign-ups and project are cached per stream with
 * their version (a load reads only newer events), and a WrongExpectedVersion from another
 * instance is decided again. `store.append` encrypts the personal fields (name, values) under
 * metadata.personId, like every append of the store.
 */
@Injectable()
export class SignUpsRepository {
  private readonly lock = new StreamLock();
  private readonly signups = new StreamStateCache<SignUpsState>({
    initial: initialSignUpsState,
    evolve: (state, event) => (isSignUpEvent(event) ? evolveSignUps(state, event) : state),
  });
  private readonly projects = new StreamStateCache<ProjectState>({
    initial: initialProjectState,
    evolve: (state, event) => (isProjectEvent(event) ? evolveProject(state, event) : state),
    maxStreams: 500,
  });

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async loadProject(projectId: string): Promise<ProjectState> {
    return (await this.projects.load(this.store, projectStreamId(projectId))).state;
  }

  async loadSignUps(listId: string): Promise<SignUpsState> {
    return (await this.signups.load(this.store, signupsStreamId(listId))).state;
  }

  /**
   * `project` is the caller's load, the one it authorized against: the lock covers only the
   * sign-ups stream, so reading the project again inside it would add a query to the serialized
   * section without seeing anything more current (ADR 0006: a concurrent capacity edit is seen
   * on the next sign-up). A retry after another instance's append reloads only the sign-ups.
   */
  async execute(project: ProjectState, command: SignUpCommand, metadata: CommandMetadata, ids: IdSource): Promise<SignUpsMutation> {
    const streamId = signupsStreamId(command.listId);
    return this.lock.run(streamId, async () => {
      const startedAt = Date.now();
      for (let attempt = 1; ; attempt += 1) {
        const loaded = await this.signups.load(this.store, streamId);
        if (attempt === 1 && (await this.alreadyAppended(streamId, ids))) {
          // A retried request (same Idempotency-Key) whose events are in: nothing again.
          return { events: [], state: loaded.state, checkpoint: await this.head() };
        }
        const events = decideSignUps(command, { project, signups: loaded.state });
        if (events.length === 0) return { events, state: loaded.state, checkpoint: await this.head() };
        const state = events.reduce(evolveSignUps, loaded.state);
        try {
          const teamId = project.exists ? project.teamId : null;
          const result = await this.store.append(streamId, toNewEvents(streamId, events, { ...metadata, teamId }, ids, (type) => signupSchemaVersions[type], (event) => personOf(event, loaded.state)), {
            expectedVersion: loaded.version === 0 ? 'no_stream' : loaded.version,
          });
          this.signups.remember(streamId, { state, version: result.nextExpectedVersion });
          return { events, state, checkpoint: result.checkpoint };
        } catch (error) {
          if (!(error instanceof WrongExpectedVersion)) throw error;
          await retryOrGiveUp(startedAt, streamId);
        }
      }
    });
  }

  /**
   * Clears every list of a project in one transaction (project "clean", ADR 0006): all list
   * streams are locked, decided and appended with their expected versions together.
   */
  async clearLists(project: ProjectState, listIds: readonly string[], metadata: CommandMetadata, ids: IdSource): Promise<{ cleared: number; checkpoint: string }> {
    const streamIds = listIds.map(signupsStreamId);
    return this.lock.runAll(streamIds, async () => {
      const startedAt = Date.now();
      for (;;) {
        const teamId = project.exists ? project.teamId : null;
        const batches: Array<{ streamId: string; expected: number; events: SignUpEvent[]; state: SignUpsState; before: SignUpsState }> = [];
        for (const listId of listIds) {
          const streamId = signupsStreamId(listId);
          const loaded = await this.signups.load(this.store, streamId);
          const events = decideSignUps({ type: 'ClearListSignUps', listId }, { project, signups: loaded.state });
          if (events.length > 0) batches.push({ streamId, expected: loaded.version, events, state: events.reduce(evolveSignUps, loaded.state), before: loaded.state });
        }
        if (batches.length === 0) return { cleared: 0, checkpoint: await this.head() };
        try {
          // ListSignUpsCleared carries no personal fields: appended as they are, without the cipher.
          const results = await withTransaction(this.pool, async (client) => {
            const appended = [];
            for (const batch of batches) {
              const events = toNewEvents(batch.streamId, batch.events, { ...metadata, teamId }, ids, (type) => signupSchemaVersions[type], (event) => personOf(event, batch.before));
              appended.push(await appendEvents(client, batch.streamId, events, batch.expected === 0 ? 'no_stream' : batch.expected));
            }
            return appended;
          });
          batches.forEach((batch, index) => this.signups.remember(batch.streamId, { state: batch.state, version: results[index]?.nextExpectedVersion ?? batch.expected }));
          const cleared = batches.reduce((sum, b) => sum + b.events.reduce((n, e) => n + (e.type === 'ListSignUpsCleared' ? e.data.signupIds.length : 0), 0), 0);
          return { cleared, checkpoint: results[results.length - 1]?.checkpoint ?? (await this.head()) };
        } catch (error) {
          if (!(error instanceof WrongExpectedVersion)) throw error;
          await retryOrGiveUp(startedAt, error.streamId);
        }
      }
    });
  }

  async head(): Promise<string> {
    return (await this.store.head()) ?? '';
  }

  private async alreadyAppended(streamId: string, ids: IdSource): Promise<boolean> {
    if (!ids.deterministic) return false;
    const found = await this.pool.query('SELECT 1 FROM events WHERE event_id = $1::uuid', [eventId(ids, streamId, 0)]);
    return (found.rowCount ?? 0) > 0;
  }
}

// Name and values are encrypted under the person: the member, or `anon-<signupId>` (ADR 0006).
function personOf(event: SignUpEvent, before: SignUpsState): string | undefined {
  if (event.type === 'SignUpAdded') return signupPersonId(event.data.userId, event.data.signupId);
  if (event.type === 'SignUpChanged') return signupPersonId(before.entries[event.data.signupId]?.userId ?? null, event.data.signupId);
  return undefined;
}
