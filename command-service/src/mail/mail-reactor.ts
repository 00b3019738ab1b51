import type { Pool } from 'pg';
import {
  MAIL_JOB_QUEUE,
  mailRequestSchema,
  type Checkpoint,
  type EventCatalogue,
  type EventStore,
  type MailJob,
  type MailRequest,
  type MailSources,
  type RecordedEvent,
  type Subscription,
} from '@planwerk/events';
import { isPersonalDataErased, type JobQueue } from '@planwerk/platform';

// Turns committed events into mail jobs (architecture.md, "Kafka, Redis, BullMQ"). Like the
// relay: enqueue a batch, then advance the reactor's own checkpoint. A crash in between reads
// the batch again; the job id is the event id, so the queue ignores what it already holds.

export const MAIL_JOB_ATTEMPTS = 5;
export const DEFAULT_MAIL_BACKOFF_MS = 2000;

export class MailSourceFailed extends Error {
  override readonly name = 'MailSourceFailed';
  constructor(readonly eventId: string, readonly eventType: string, readonly issues: string) {
    super(`mail source for ${eventType} (event ${eventId}) gave no valid mail request: ${issues}`);
  }
}

export interface MailMapping {
  sources: MailSources;
  /** What sources may read (the store, decrypting). */
  store: Pick<EventStore, 'readStream'>;
  /** When given, events are upcast and validated before a source sees them. */
  catalogue?: EventCatalogue;
}

/** Works out the mail an event causes, or null. Throws MailSourceFailed for a broken source. */
export async function mailRequestFor(event: RecordedEvent, mapping: MailMapping): Promise<MailRequest | null> {
  const { sources, catalogue } = mapping;
  const source = Object.hasOwn(sources, event.type) ? sources[event.type] : undefined;
  if (!source) return null;
  // No mail to a person whose data was erased.
  if (isPersonalDataErased(event)) return null;
  const input = await source(catalogue ? catalogue.parse(event) : event, { store: mapping.store });
  if (input === null || input.to === null) return null;
  const parsed = mailRequestSchema.safeParse(input);
  if (!parsed.success) {
    // Field names only: the values may be the address.
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
    throw new MailSourceFailed(event.eventId, event.type, issues);
  }
  return parsed.data;
}

/** The jobs a batch of events causes, in log order. */
export async function mailJobsFor(events: readonly RecordedEvent[], mapping: MailMapping): Promise<MailJob[]> {
  const jobs: MailJob[] = [];
  for (const event of events) {
    if ((await mailRequestFor(event, mapping)) === null) continue;
    jobs.push({ eventId: event.eventId, eventType: event.type, streamId: event.streamId, streamVersion: event.streamVersion });
  }
  return jobs;
}

export interface MailReactorCheckpoints {
  load(): Promise<Checkpoint | null>;
  /** Compare-and-set from `from` to `to`; throws when someone else moved it. */
  advance(from: Checkpoint | null, to: Checkpoint): Promise<void>;
}

export function createPostgresMailReactorCheckpoints(pool: Pool, name = 'mail'): MailReactorCheckpoints {
  return {
    async load() {
      await pool.query('INSERT INTO mail_reactor_checkpoint (name, checkpoint) VALUES ($1, NULL) ON CONFLICT (name) DO NOTHING', [name]);
      const result = await pool.query<{ checkpoint: string | null }>('SELECT checkpoint FROM mail_reactor_checkpoint WHERE name = $1', [name]);
      return result.rows[0]?.checkpoint ?? null;
    },
    async advance(from, to) {
      const result = await pool.query(
        `UPDATE mail_reactor_checkpoint SET checkpoint = $2, updated_at = now()
          WHERE name = $1 AND checkpoint IS NOT DISTINCT FROM $3`,
        [name, to, from],
      );
      // Another reactor got there first; it enqueued the same jobs (same ids), so reload and go on.
      if (result.rowCount !== 1) throw new Error(`mail reactor "${name}": checkpoint moved by another instance; reloading`);
    },
  };
}

export interface MailReactorOptions {
  store: Pick<EventStore, 'subscribe' | 'readStream'>;
  queue: JobQueue;
  sources: MailSources;
  checkpoints: MailReactorCheckpoints;
  catalogue?: EventCatalogue;
  batchSize?: number;
  attempts?: number;
  backoffMs?: number;
  /** A failed batch is retried after this delay, doubling up to 30 s. */
  retryDelayMs?: number;
  onError?(error: unknown): void;
}

export interface RunningMailReactor {
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

const MAX_RETRY_DELAY_MS = 30_000;

export function runMailReactor(options: MailReactorOptions): RunningMailReactor {
  const { store, queue, sources, checkpoints } = options;
  let stopping = false;
  let subscription: Subscription | null = null;
  let interruptWait: () => void = () => undefined;

  async function runOnce(): Promise<{ failed: boolean; error?: unknown }> {
    let position = await checkpoints.load();
    if (stopping) return { failed: false };
    let outcome: { failed: boolean; error?: unknown } = { failed: false };
    subscription = store.subscribe({
      after: position,
      batchSize: options.batchSize ?? 200,
      async handle(events) {
        if (events.length === 0) return;
        for (const job of await mailJobsFor(events, { sources, store, catalogue: options.catalogue })) {
          await queue.add(MAIL_JOB_QUEUE, job, {
            jobId: job.eventId,
            attempts: options.attempts ?? MAIL_JOB_ATTEMPTS,
            backoffMs: options.backoffMs ?? DEFAULT_MAIL_BACKOFF_MS,
          });
        }
        const next = events[events.length - 1].checkpoint;
        await checkpoints.advance(position, next);
        position = next;
      },
      onError(error) {
        outcome = { failed: true, error };
      },
    });
    await subscription.done;
    subscription = null;
    return outcome;
  }

  const done = (async () => {
    let delay = options.retryDelayMs ?? 1000;
    while (!stopping) {
      let outcome: { failed: boolean; error?: unknown };
      try {
        outcome = await runOnce();
      } catch (error) {
        outcome = { failed: true, error };
      }
      if (!outcome.failed) break;
      options.onError?.(outcome.error);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        interruptWait = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
    }
  })();

  return {
    done,
    async stop() {
      stopping = true;
      interruptWait();
      await subscription?.stop();
      await done;
    },
  };
}
