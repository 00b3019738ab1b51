import type { Pool, PoolConfig } from 'pg';
import { decryptPersonalData, encryptPersonalData, type PersonalDataOptions } from '../../crypto/personal-data';
import {
  AppendPayloadMismatch,
  type Checkpoint,
  type NewEvent,
  type RecordedEvent,
  type AllSlice,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StreamSlice,
  type SubscribeOptions,
  type Subscription,
} from '@planwerk/events';
import { isSameEvent } from '../same-payload';
import { appendSerialized, DEFAULT_MAX_EVENT_BYTES, serializeBatch } from './append-events';
import { AppendNotifier } from './append-notifier';
import { compareCheckpoints, encodeCheckpoint, LOG_START } from './checkpoint';
import { startPollingSubscription } from './polling-subscription';
import { readGlobalLog, readHead, readLastCommitted, readStreamRows, toRecordedEvent } from './read-events';
import { checkStoreNotAheadOfCluster } from './restore-guard';

export interface PostgresEventStoreOptions {
  /** A pool for the store's own sessions; the store sets the timeouts of its new connections (rule 5). */
  pool: Pool;
  /** Rule 9; default 256 KiB of serialized data plus metadata. */
  maxEventBytes?: number;
  /** Rule 8: encrypts the personal fields of events whose metadata names a person. */
  personalData?: PersonalDataOptions;
  /** A separate connection for LISTEN; default: one connection taken from the pool. */
  notifyConnectionString?: string;
  /** Fallback poll of subscriptions when no notification arrives. Default 500 ms. */
  pollIntervalMs?: number;
  /** Session limits set on every new pool connection. Defaults: 30 s statement, 10 s idle in transaction. */
  statementTimeoutMs?: number;
  idleInTransactionSessionTimeoutMs?: number;
}

export class PostgresEventStore implements EventStore {
  private readonly pool: Pool;
  private readonly maxEventBytes: number;
  private readonly notifier: AppendNotifier;
  private readonly subscriptions = new Set<Subscription>();
  private guard: Promise<void> | null = null;

  constructor(private readonly options: PostgresEventStoreOptions) {
    this.pool = options.pool;
    this.maxEventBytes = options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES;
    this.notifier = new AppendNotifier(options.pool, options.notifyConnectionString);
    // Rule 5: appends are short; a stuck session must not hold the visibility bound for long.
    // Sent as startup parameters of every new connection of the pool, so no extra round trip.
    // A pool from createDatabasePool (every process's) carries them from its first connection
    // already, possibly other values on purpose: those stay.
    const connectionOptions = options.pool.options as PoolConfig;
    if (!connectionOptions.options?.includes('statement_timeout')) {
      connectionOptions.statement_timeout = options.statementTimeoutMs ?? 30_000;
      connectionOptions.idle_in_transaction_session_timeout = options.idleInTransactionSessionTimeoutMs ?? 10_000;
    }
  }

  /** Rule 8's options, for code that appends inside its own transaction and must encrypt alike. */
  get personalData(): PersonalDataOptions | undefined {
    return this.options.personalData;
  }

  /** Runs the restore guard once (rule 6); every operation waits for it. Call it at start to fail fast. */
  ready(): Promise<void> {
    this.guard ??= checkStoreNotAheadOfCluster(this.pool).catch((error: unknown) => {
      this.guard = null;
      throw error;
    });
    return this.guard;
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    // Size and shape are checked on the plaintext before any I/O (rule 9).
    let batch = serializeBatch(streamId, events, this.maxEventBytes);
    await this.ready();
    let encrypted = false;
    if (this.options.personalData) {
      const stored = await encryptPersonalData(events, this.options.personalData);
      encrypted = stored.some((event, index) => event !== events[index]);
      batch = serializeBatch(streamId, stored, Number.MAX_SAFE_INTEGER);
    }
    let result: AppendResult;
    try {
      result = await appendSerialized(this.pool, streamId, batch, options.expectedVersion ?? 'any', 'after-commit');
    } catch (error) {
      // Ciphertexts differ on every append: a retry of an encrypted batch is compared in plaintext.
      if (encrypted && error instanceof AppendPayloadMismatch) return this.earlierAppendOf(streamId, events, error);
      throw error;
    }
    this.notifier.announce();
    return result;
  }

  /** The earlier append of a retried batch, if its stored events decrypt to this batch's; else the mismatch. */
  private async earlierAppendOf(streamId: string, events: readonly NewEvent[], mismatch: AppendPayloadMismatch): Promise<AppendResult> {
    const { rows } = await readStreamRows(this.pool, streamId, mismatch.storedFromVersion, events.length);
    const stored = await this.decrypt(rows.map(toRecordedEvent));
    const differing = events.find((event, index) => !isSameEvent(stored[index], event));
    const last = stored[stored.length - 1];
    if (differing || !last) throw new AppendPayloadMismatch(streamId, differing?.eventId ?? mismatch.eventId, mismatch.storedFromVersion);
    return { streamId, nextExpectedVersion: last.streamVersion, checkpoint: last.checkpoint };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StreamSlice> {
    await this.ready();
    const { version, rows } = await readStreamRows(this.pool, streamId, options.fromVersion ?? 1, options.maxCount ?? null);
    return { streamId, version, events: await this.decrypt(rows.map(toRecordedEvent)) };
  }

  async readAll(options: ReadAllOptions): Promise<AllSlice> {
    await this.ready();
    const rows = await readGlobalLog(this.pool, options.after, options.maxCount);
    const events = await this.decrypt(rows.map(toRecordedEvent));
    return { events, checkpoint: events.length > 0 ? events[events.length - 1].checkpoint : (options.after ?? null) };
  }

  subscribe(options: SubscribeOptions): Subscription {
    const subscription = startPollingSubscription(options, {
      readAll: (after, maxCount) => this.readAll({ after, maxCount }),
      notifier: this.notifier,
      pollIntervalMs: this.options.pollIntervalMs ?? 500,
    });
    this.subscriptions.add(subscription);
    void subscription.done.then(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  async head(): Promise<Checkpoint | null> {
    await this.ready();
    return readHead(this.pool);
  }

  async lastCommitted(): Promise<Checkpoint | null> {
    await this.ready();
    return readLastCommitted(this.pool);
  }

  appendGeneration(): number {
    return this.notifier.generation;
  }

  waitForAppend(sinceGeneration: number, timeoutMs: number): Promise<void> {
    return this.notifier.wait(sinceGeneration, timeoutMs);
  }

  compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
    return compareCheckpoints(a, b);
  }

  readonly startCheckpoint: Checkpoint = encodeCheckpoint(LOG_START);

  /** Stops subscriptions and the LISTEN connection; the pool belongs to the caller. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.notifier.close();
  }

  private decrypt(events: RecordedEvent[]): Promise<RecordedEvent[]> | RecordedEvent[] {
    return this.options.personalData ? decryptPersonalData(events, this.options.personalData) : events;
  }
}

export function createPostgresEventStore(options: PostgresEventStoreOptions): PostgresEventStore {
  return new PostgresEventStore(options);
}
