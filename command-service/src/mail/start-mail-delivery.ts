import type { Pool } from 'pg';
import type { EventCatalogue, EventStore, MailSources } from '@planwerk/events';
import type { JobQueue } from '@planwerk/platform';
import { createPostgresMailReactorCheckpoints, DEFAULT_MAIL_BACKOFF_MS, MAIL_JOB_ATTEMPTS, runMailReactor } from './mail-reactor';
import { migrateMailDelivery } from './mail.schema';
import type { MailTransport } from './mail-transport.port';
import { startMailWorker, type MailLog } from './mail-worker';
import { parsePublicUrl } from './templates/mail-templates';

export interface StartMailDeliveryOptions {
  pool: Pool;
  store: EventStore;
  queue: JobQueue;
  transport: MailTransport;
  sources: MailSources;
  /** PUBLIC_URL from configuration: every link in a mail starts with it. */
  publicUrl: string;
  catalogue?: EventCatalogue;
  /** Run the reactor (events → jobs) here. Default true. */
  reactor?: boolean;
  /** Run a worker (jobs → mails) here. Default true. */
  worker?: boolean;
  /** Names the reactor's checkpoint. Default `mail`. */
  checkpointName?: string;
  attempts?: number;
  backoffMs?: number;
  concurrency?: number;
  batchSize?: number;
  retryDelayMs?: number;
  log?: MailLog;
}

export interface MailDelivery {
  /** Stops the reactor, lets running jobs finish, closes the transport. Queue, store and pool belong to the caller. */
  stop(): Promise<void>;
}

export async function startMailDelivery(options: StartMailDeliveryOptions): Promise<MailDelivery> {
  const publicUrl = parsePublicUrl(options.publicUrl);
  const log = options.log ?? { info: (line: string) => console.log(line), error: (line: string) => console.error(line) };
  const attempts = options.attempts ?? MAIL_JOB_ATTEMPTS;
  await migrateMailDelivery(options.pool);

  const worker = options.worker === false
    ? null
    : startMailWorker({ ...options, publicUrl, attempts, log });
  const reactor = options.reactor === false
    ? null
    : runMailReactor({
        store: options.store,
        queue: options.queue,
        sources: options.sources,
        catalogue: options.catalogue,
        checkpoints: createPostgresMailReactorCheckpoints(options.pool, options.checkpointName),
        attempts,
        backoffMs: options.backoffMs ?? DEFAULT_MAIL_BACKOFF_MS,
        batchSize: options.batchSize,
        retryDelayMs: options.retryDelayMs,
        onError: (error) => log.error(`mail reactor: ${error instanceof Error ? error.message : String(error)}; retrying`),
      });

  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (async () => {
        await reactor?.stop();
        await worker?.close();
        await options.transport.close();
      })();
      return stopping;
    },
  };
}
