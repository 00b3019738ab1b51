import type { Pool } from 'pg';
import {
  MAIL_JOB_QUEUE,
  MAIL_LANGUAGES,
  MAIL_TEMPLATES,
  mailJobSchema,
  redactMailError,
  type EventCatalogue,
  type EventStore,
  type MailJob,
  type MailLanguage,
  type MailRequest,
  type MailSources,
  type MailTemplate,
  type RecordedEvent,
} from '@planwerk/events';
import { type JobQueue, type JobWorker } from '@planwerk/platform';
import { MAIL_JOB_ATTEMPTS, mailRequestFor } from './mail-reactor';
import type { MailTransport } from './mail-transport.port';
import { recordMailOutcome } from './record-mail-outcome.handler';
import { renderMail } from './templates/mail-templates';

// The mail worker: ledger first (sent already → only record), then render, send, write the
// ledger, record MailDelivered. The job holds only references; the address and link are worked
// out again from the source event, so neither sits in Redis. Log lines carry ids, never
// addresses or links.

export interface MailLog {
  info(line: string): void;
  error(line: string): void;
}

export interface MailWorkerOptions {
  pool: Pool;
  store: EventStore;
  queue: JobQueue;
  transport: MailTransport;
  sources: MailSources;
  /** Parsed PUBLIC_URL without a trailing slash (parsePublicUrl). */
  publicUrl: string;
  catalogue?: EventCatalogue;
  concurrency?: number;
  /** Must match the reactor's attempts: the last one records MailDeliveryFailed. */
  attempts?: number;
  log?: MailLog;
}

interface LedgerRow {
  message_id: string;
  template: string;
  language: string;
  transport: string;
}

export function mailMessageId(jobId: string, publicUrl: string): string {
  return `<mail.${jobId}@${new URL(publicUrl).hostname || 'planwerk.local'}>`;
}

async function readSourceEvent(store: EventStore, job: MailJob): Promise<RecordedEvent> {
  const slice = await store.readStream(job.streamId, { fromVersion: job.streamVersion, maxCount: 1 });
  const event = slice.events[0];
  if (!event || event.eventId !== job.eventId) {
    throw new Error(`mail job ${job.eventId}: source event not found at ${job.streamId}@${job.streamVersion}`);
  }
  return event;
}

function isTemplate(value: string): value is MailTemplate {
  return (MAIL_TEMPLATES as readonly string[]).includes(value);
}

function isLanguage(value: string): value is MailLanguage {
  return (MAIL_LANGUAGES as readonly string[]).includes(value);
}

export function startMailWorker(options: MailWorkerOptions): JobWorker {
  const { pool, store, transport, sources, publicUrl } = options;
  const attempts = options.attempts ?? MAIL_JOB_ATTEMPTS;
  const log = options.log ?? { info: (line) => console.log(line), error: (line) => console.error(line) };
  const mapping = { sources, store, catalogue: options.catalogue };

  async function sentBefore(jobId: string): Promise<LedgerRow | undefined> {
    const result = await pool.query<LedgerRow>('SELECT message_id, template, language, transport FROM mail_ledger WHERE job_id = $1', [jobId]);
    return result.rows[0];
  }

  async function recordDelivered(job: MailJob, source: RecordedEvent, request: MailRequest | null, ledger: LedgerRow): Promise<void> {
    if (!isTemplate(ledger.template) || !isLanguage(ledger.language) || (ledger.transport !== 'smtp' && ledger.transport !== 'dev-mailbox')) {
      throw new Error(`mail job ${job.eventId}: unreadable ledger row`);
    }
    await recordMailOutcome(
      store,
      {
        type: 'RecordMailDelivered',
        data: {
          jobId: job.eventId,
          sourceEventType: job.eventType,
          template: ledger.template,
          language: ledger.language,
          to: request?.to ?? null,
          messageId: ledger.message_id,
          transport: ledger.transport,
        },
      },
      source,
    );
  }

  async function deliver(job: MailJob, attempt: number): Promise<void> {
    const source = await readSourceEvent(store, job);
    const request = await mailRequestFor(source, mapping);
    const ledger = await sentBefore(job.eventId);
    if (ledger) {
      // Sent by an earlier run that did not get to record it (killed, store down).
      await recordDelivered(job, source, request, ledger);
      log.info(`mail: job ${job.eventId} was sent before (ledger); outcome recorded`);
      return;
    }
    if (request === null) {
      log.info(`mail: job ${job.eventId} (${job.eventType}) needs no mail any more (source declined or person erased)`);
      return;
    }
    const rendered = renderMail(request, publicUrl);
    const messageId = mailMessageId(job.eventId, publicUrl);
    await transport.send({
      jobId: job.eventId,
      messageId,
      to: { address: request.to, ...(request.toName ? { name: request.toName } : {}) },
      ...(request.replyTo ? { replyTo: request.replyTo } : {}),
      language: request.language,
      ...rendered,
    });
    await pool.query(
      `INSERT INTO mail_ledger (job_id, message_id, template, language, transport) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (job_id) DO NOTHING`,
      [job.eventId, messageId, request.template, request.language, transport.kind],
    );
    const row: LedgerRow = { message_id: messageId, template: request.template, language: request.language, transport: transport.kind };
    await recordDelivered(job, source, request, row);
    log.info(`mail: job ${job.eventId} sent ${request.template}/${request.language} via ${transport.kind} (attempt ${attempt})`);
  }

  async function recordFailure(data: unknown, attemptsMade: number, error: unknown): Promise<void> {
    const job = mailJobSchema.parse(data);
    let source: RecordedEvent | null = null;
    let request: MailRequest | null = null;
    try {
      source = await readSourceEvent(store, job);
      request = await mailRequestFor(source, mapping);
    } catch {
      // The failure is recorded without the mail's details when they cannot be worked out.
    }
    await recordMailOutcome(
      store,
      {
        type: 'RecordMailDeliveryFailed',
        data: {
          jobId: job.eventId,
          sourceEventType: job.eventType,
          template: request?.template ?? null,
          language: request?.language ?? null,
          to: request?.to ?? null,
          attempts: attemptsMade,
          reason: redactMailError(error),
        },
      },
      source,
    );
  }

  const pending = new Set<Promise<void>>();
  const worker = options.queue.process<unknown>(
    MAIL_JOB_QUEUE,
    async (data, context) => {
      const job = mailJobSchema.parse(data);
      try {
        await deliver(job, context.attempt);
      } catch (error) {
        log.error(`mail: job ${job.eventId} attempt ${context.attempt}/${attempts} failed: ${redactMailError(error)}`);
        if (context.attempt >= attempts) {
          await recordFailure(job, context.attempt, error).catch((recordError: unknown) =>
            log.error(`mail: job ${job.eventId}: could not record the failure: ${redactMailError(recordError)}`),
          );
        }
        throw error;
      }
    },
    {
      concurrency: options.concurrency ?? 2,
      // Backup for a last attempt that could not record its failure itself; recording is idempotent.
      onFailed(failure) {
        const recording = recordFailure(failure.data, failure.attemptsMade, failure.error).catch((error: unknown) =>
          log.error(`mail: job ${failure.jobId}: could not record the failure: ${redactMailError(error)}`),
        );
        pending.add(recording);
        void recording.finally(() => pending.delete(recording));
      },
      onError(error) {
        log.error(`mail: worker error: ${redactMailError(error)}`);
      },
    },
  );
  return {
    async close() {
      await worker.close();
      await Promise.all([...pending]);
    },
  };
}
