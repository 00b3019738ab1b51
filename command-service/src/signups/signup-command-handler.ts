import { checkpointAfterRead } from '../shared/commands/answer-checkpoint';
import { Inject, Injectable } from '@nestjs/common';
import {
  AppendPayloadMismatch,
  DomainError,
  evolveProject,
  IdempotencyConflict,
  initialProjectState,
  isProjectEvent,
  isSignupEvent,
  projectStreamId,
  signupPersonId,
  signupSchemaVersions,
  signupsStreamId,
  WrongExpectedVersion,
  type EventStore,
  type NewEvent,
  type ProjectState,
  type SignupEvent,
} from '@planwerk/events';
import { appendEvents, PersonKeyErased, withTransaction } from '@planwerk/platform';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import { eventId, toNewEvents, type CommandMetadata } from '../shared/commands/decide-and-append';
import { GroupCommit, SharedReads, type Settled } from '../shared/commands/group-commit';
import { StreamStateCache } from '../shared/commands/state-cache';
import { StreamLock } from '../shared/commands/stream-lock';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { decideSignups, type SignupCommand } from './decide/signup.decider';
import { evolveSignups, initialSignupsState, type SignupsState } from './decide/signup-state.decider';

// Another instance appended in between: decided again on fresh state (only the new events are
// read). With the in-process lock only other processes race, and every conflict means one of
// them got through, so this always progresses; but a hot list served by several instances can
// make one request lose many times in a row (fault 8: 100 sign-ups over two processes), so the
// bound is time, not a handful of attempts. A short random pause breaks lock-step retries.
const RETRY_FOR_MS = 10_000;
const retryPause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.random() * 4));

// Commands of one list written in one append (ADR 0006, "Hot lists"): large enough that a rush
// needs few transactions, small enough that one batch stays one short statement.
const MAX_BATCH = 100;

// The retry bound is a duration, not a time of day: it runs on the monotonic timer, so a clock
// moved by a test (the CLOCK port) or by the system neither stops nor stretches it.
function retryOrGiveUp(startedAt: number, streamId: string): Promise<void> {
  if (performance.now() - startedAt >= RETRY_FOR_MS) throw new DomainError('conflict', { details: { streamId } });
  return retryPause();
}

export interface SignupsMutation {
  events: SignupEvent[];
  /** The list's sign-ups after the events. */
  state: SignupsState;
  checkpoint: string;
}

/** One caller's command with what it was authorized against (its project load) and its ids. */
export interface SignupRequest {
  project: ProjectState;
  command: SignupCommand;
  metadata: CommandMetadata;
  ids: IdSource;
}

/** A command of a batch after deciding: refused alone, or its events and the state after them. */
export type DecidedSignup =
  | { kind: 'failed'; error: unknown }
  | { kind: 'decided'; events: SignupEvent[]; state: SignupsState; newEvents: NewEvent[] };

/**
 * Decides a batch in arrival order on the evolving state: each command sees the events of the
 * ones before it, so capacity and waitlist stay exact. A command whose decide throws fails alone
 * and the next ones decide without it (deciding is pure, so its error concerns it only). A
 * command whose first deterministic event id is `stored` already, or belongs to an earlier
 * command of this batch (a retry with the same Idempotency-Key), appends nothing again.
 */
export function decideSignupBatch(
  streamId: string,
  requests: readonly SignupRequest[],
  initial: SignupsState,
  stored: ReadonlySet<string>,
  skip: ReadonlyMap<number, unknown> = new Map(),
): { decided: DecidedSignup[]; state: SignupsState } {
  let state = initial;
  const inBatch = new Set<string>();
  const decided = requests.map((request, index): DecidedSignup => {
    if (skip.has(index)) return { kind: 'failed', error: skip.get(index) };
    const firstId = request.ids.deterministic ? eventId(request.ids, streamId, 0) : null;
    if (firstId !== null && (stored.has(firstId) || inBatch.has(firstId))) return { kind: 'decided', events: [], state, newEvents: [] };
    let events: SignupEvent[];
    try {
      events = decideSignups(request.command, { project: request.project, signups: state });
    } catch (error) {
      return { kind: 'failed', error };
    }
    const before = state;
    state = events.reduce(evolveSignups, before);
    if (firstId !== null && events.length > 0) inBatch.add(firstId);
    const teamId = request.project.exists ? request.project.teamId : null;
    const newEvents = toNewEvents(streamId, events, { ...request.metadata, teamId }, request.ids, (type) => signupSchemaVersions[type], (event) => personOf(event, before));
    return { kind: 'decided', events, state, newEvents };
  });
  return { decided, state };
}

/**
 * Load → decide → append on `signups-<listId>` (ADR 0006, "Hot lists") with group commit: the
 * commands on one list that arrive while a batch is being written are decided together in
 * arrival order and appended in one `store.append` with the expected version; batches of a list
 * hold its in-process lock. The folded sign-ups and project are cached per stream with their
 * version (a load reads only newer events), and a WrongExpectedVersion from another instance
 * decides the whole batch again. `store.append` encrypts the personal fields (name, values)
 * under each event's metadata.personId, like every append of the store.
 */
@Injectable()
export class SignupCommandHandler {
  private readonly lock = new StreamLock();
  private readonly batches = new GroupCommit<SignupRequest, SignupsMutation>({
    lock: this.lock,
    maxBatch: MAX_BATCH,
    write: (streamId, requests) => this.writeBatch(streamId, requests),
  });
  private readonly projectReads = new SharedReads<ProjectState>();
  private readonly signups = new StreamStateCache<SignupsState>({
    initial: initialSignupsState,
    evolve: (state, event) => (isSignupEvent(event) ? evolveSignups(state, event) : state),
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

  /** Concurrent loads of one project share one read of its newer events (each begun after its callers arrived). */
  async loadProject(projectId: string): Promise<ProjectState> {
    const streamId = projectStreamId(projectId);
    return this.projectReads.read(streamId, async () => (await this.projects.load(this.store, streamId)).state);
  }

  async loadSignups(listId: string): Promise<SignupsState> {
    return (await this.signups.load(this.store, signupsStreamId(listId))).state;
  }

  /**
   * Joins the next batch of the list. `project` is the caller's load, the one it authorized
   * against; the batch decides on the project as read when it starts (`currentProject`), so a
   * close or lock committed while the caller waited for the lock is enforced (issue 12). The
   * caller gets its own events, the state after them, and the checkpoint of the batch's append
   * (at or after its events).
   */
  execute(project: ProjectState, command: SignupCommand, metadata: CommandMetadata, ids: IdSource): Promise<SignupsMutation> {
    return this.batches.submit(signupsStreamId(command.listId), { project, command, metadata, ids });
  }

  /**
   * Clears every list of a project in one transaction (project "clean", ADR 0006): all list
   * streams are locked, decided and appended with their expected versions together.
   */
  async clearLists(project: ProjectState, listIds: readonly string[], metadata: CommandMetadata, ids: IdSource): Promise<{ cleared: number; checkpoint: string }> {
    const streamIds = listIds.map(signupsStreamId);
    return this.lock.runAll(streamIds, async () => {
      const startedAt = performance.now();
      for (;;) {
        const teamId = project.exists ? project.teamId : null;
        const batches: Array<{ streamId: string; expected: number; events: SignupEvent[]; state: SignupsState; before: SignupsState }> = [];
        for (const listId of listIds) {
          const streamId = signupsStreamId(listId);
          const loaded = await this.signups.load(this.store, streamId);
          const events = decideSignups({ type: 'ClearListSignups', listId }, { project, signups: loaded.state });
          if (events.length > 0) batches.push({ streamId, expected: loaded.version, events, state: events.reduce(evolveSignups, loaded.state), before: loaded.state });
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

  async head(...read: Array<string | null | undefined>): Promise<string> {
    return checkpointAfterRead(this.store, ...read);
  }

  /**
   * One batch under the list's lock: load (newer events only) and the idempotency check, decide
   * in order, one append. A retry after another instance's append decides the whole batch
   * again on fresh state; any other append error fails the whole batch (nothing of it is
   * stored, so an error answer never hides a stored sign-up).
   */
  private async writeBatch(streamId: string, requests: readonly SignupRequest[]): Promise<Array<Settled<SignupsMutation>>> {
    const startedAt = performance.now();
    // Commands whose person's key was erased: refused alone, the others decided again without them.
    const refused = new Map<number, unknown>();
    let idempotencyRetried = false;
    for (;;) {
      const [loaded, stored, project] = await Promise.all([
        this.signups.load(this.store, streamId), this.storedFirstEvents(streamId, requests), this.currentProject(requests),
      ]);
      const { decided, state } = decideSignupBatch(streamId, withProject(requests, project), loaded.state, stored, refused);
      const newEvents = decided.flatMap((d) => (d.kind === 'decided' ? d.newEvents : []));
      if (newEvents.length === 0) return answers(decided, await this.head());
      try {
        const result = await this.store.append(streamId, newEvents, { expectedVersion: loaded.version === 0 ? 'no_stream' : loaded.version });
        if (result.nextExpectedVersion !== loaded.version + newEvents.length) {
          // The store found the batch's ids stored by an earlier append (another instance ran a
          // retry of the same request meanwhile) and answered that append: decide again, the
          // idempotency check now sees it.
          continue;
        }
        this.signups.remember(streamId, { state, version: result.nextExpectedVersion });
        return answers(decided, result.checkpoint);
      } catch (error) {
        if (error instanceof PersonKeyErased) {
          const owners = decided.flatMap((d, index) => (d.kind === 'decided' && d.newEvents.some((e) => e.metadata.personId === error.personId) ? [index] : []));
          if (owners.length === 0) throw error;
          for (const index of owners) refused.set(index, error);
          continue;
        }
        if ((error instanceof IdempotencyConflict || error instanceof AppendPayloadMismatch) && !idempotencyRetried) {
          // A retry of one of these requests was appended by another instance after the check
          // (its events decided at another time): decide again, the check now sees them.
          idempotencyRetried = true;
          continue;
        }
        if (!(error instanceof WrongExpectedVersion)) throw error;
        await retryOrGiveUp(startedAt, streamId);
      }
    }
  }

  /**
   * The list's project as it is when the batch decides (issue 12): a caller's own load may be
   * as old as its wait for the list's lock (up to RETRY_FOR_MS on a hot list), so a close, a
   * lock or a new window committed meanwhile is read here — one read of the newer events of
   * the project stream per batch (the cache holds the rest) — and every command decides on it.
   */
  private async currentProject(requests: readonly SignupRequest[]): Promise<ProjectState | null> {
    const known = requests.find((r) => r.project.exists)?.project;
    if (!known?.exists) return null;
    return (await this.projects.load(this.store, projectStreamId(known.projectId))).state;
  }

  /** The first event ids of the batch's deterministic commands that are stored: one query for the batch. */
  private async storedFirstEvents(streamId: string, requests: readonly SignupRequest[]): Promise<Set<string>> {
    const firstIds = requests.flatMap((r) => (r.ids.deterministic ? [eventId(r.ids, streamId, 0)] : []));
    if (firstIds.length === 0) return new Set();
    const found = await this.pool.query<{ event_id: string }>('SELECT event_id::text AS event_id FROM events WHERE event_id = ANY($1::uuid[])', [firstIds]);
    return new Set(found.rows.map((row) => row.event_id));
  }
}

/** The requests with the project read for the batch in place of their callers' older loads. */
function withProject(requests: readonly SignupRequest[], current: ProjectState | null): readonly SignupRequest[] {
  if (current === null || !current.exists) return requests;
  return requests.map((r) => (r.project.exists && r.project.projectId === current.projectId ? { ...r, project: current } : r));
}

function answers(decided: readonly DecidedSignup[], checkpoint: string): Array<Settled<SignupsMutation>> {
  return decided.map((d) => (d.kind === 'failed' ? { ok: false, error: d.error } : { ok: true, value: { events: d.events, state: d.state, checkpoint } }));
}

// Name and values are encrypted under the person: the member, or `anon-<signupId>` (ADR 0006).
function personOf(event: SignupEvent, before: SignupsState): string | undefined {
  if (event.type === 'SignUpAdded') return signupPersonId(event.data.userId, event.data.signupId);
  if (event.type === 'SignUpChanged') return signupPersonId(before.entries.get(event.data.signupId)?.userId ?? null, event.data.signupId);
  return undefined;
}
