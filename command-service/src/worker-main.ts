import { createEventCatalogue } from '@planwerk/events';
import {
  createBullJobQueue,
  createDatabasePool,
  installCrashHandlers,
  openPostgresEventStore,
  parseAccountsConfig,
  systemClock,
} from '@planwerk/platform';
import { createMailSources } from './app/all-mail-sources';
import { createDevMailboxTransport } from './mail/dev-mailbox-transport.adapter';
import { mailFrom, parseMailWorkerConfig, supportMailTo } from './mail/mail-worker.config';
import { createSmtpMailTransport } from './mail/smtp-mail-transport.adapter';
import { startMailDelivery } from './mail/start-mail-delivery';
import { startSignupNotifications } from './signups/organiser-notifications.worker';

// Distributed mode: the delivery reactor and worker as their own process (scale workers out
// with MAIL_REACTOR=false on the extra instances; a second reactor is harmless, job ids dedupe).
async function main(): Promise<void> {
  installCrashHandlers({ label: 'mail-worker' });
  const config = parseMailWorkerConfig(process.env);
  const accounts = parseAccountsConfig(process.env);
  const pool = createDatabasePool({ connectionString: config.DATABASE_URL, label: 'planwerk-mail-worker' });
  const catalogue = createEventCatalogue();
  // The store decrypts personal fields: the worker needs the recipient's address.
  const store = await openPostgresEventStore({ pool, catalogue, masterKey: config.PERSONAL_DATA_MASTER_KEY });
  const queue = createBullJobQueue({
    backend: config.REDIS_URL ? { kind: 'redis', url: config.REDIS_URL } : { kind: 'postgres', connectionString: config.DATABASE_URL },
  });
  const transport = config.SMTP_URL
    ? createSmtpMailTransport({ url: config.SMTP_URL, from: mailFrom(config) })
    : createDevMailboxTransport(pool);
  const delivery = await startMailDelivery({
    pool, store, queue, transport, catalogue,
    sources: createMailSources({ authKeys: accounts.keys, supportAddress: supportMailTo(config) }),
    publicUrl: config.PUBLIC_URL,
    reactor: config.MAIL_REACTOR,
    worker: config.MAIL_WORKER,
    concurrency: config.MAIL_CONCURRENCY,
  });
  // Reminders and organiser mails (issue 14, ADR 0013) run beside the reactor; a second instance appends nothing twice.
  const notifications = config.MAIL_REACTOR ? await startSignupNotifications({ pool, store, clock: systemClock }) : null;
  console.log(`mail worker: started (${config.REDIS_URL ? 'BullMQ on Redis' : 'BullMQ on PostgreSQL'}, ${transport.kind})`);

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log(`mail worker: ${signal}, finishing running jobs`);
    // Reactor and workers first (running jobs finish), then the queue, the store, the pool.
    await notifications?.stop();
    await delivery.stop();
    await queue.close();
    await store.close();
    await pool.end();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
