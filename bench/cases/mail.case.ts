import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import { mailLinkPaths, type MailSources, type NewEvent } from '../../events/src/index';
import { createBullJobQueue, createPostgresEventStore, migrateEventStore, type JobQueueBackend } from '../../platform/src/index';
import { createSmtpMailTransport } from '../../command-service/src/mail/smtp-mail-transport.adapter';
import { startMailDelivery } from '../../command-service/src/mail/start-mail-delivery';
import { startSmtpTestServer, type SmtpTestServer } from '../../command-service/src/mail/testing/smtp-test-server';
import { createTestDatabase } from '../../scripts/testing/database';
import { fmt, type Section } from '../harness/report';

// Mail jobs per second through the real delivery path: source events → mail reactor → BullMQ
// job → mail worker (templates, ledger) → SMTP test server → MailDelivered event, with BullMQ
// on Redis and on its PostgreSQL backend side by side, same events, same worker settings.

export interface MailSetting { jobs: number; concurrency: number }
export interface MailCaseOptions { settings: MailSetting[]; redisUrl: string | undefined; log(line: string): void }

const PUBLIC_URL = 'http://planwerk.bench:8080';
const PER_APPEND = 100;
const quiet = { info: () => undefined, error: (line: string) => process.stderr.write(`mail: ${line}\n`) };

interface Run { backend: string; concurrency: number; jobs: number; seconds: number; received: number }

async function deliver(pool: Pool, smtp: SmtpTestServer, backend: JobQueueBackend, label: string, options: MailSetting, log: (line: string) => void): Promise<Run> {
  const store = createPostgresEventStore({ pool, pollIntervalMs: 50 });
  const prefix = `mailbench_${randomBytes(4).toString('hex')}`;
  const queue = createBullJobQueue({ backend, prefix });
  // A source type of its own per backend: each run's reactor sees only its own mails.
  const type = `BenchAccountRegistered${randomBytes(3).toString('hex')}`;
  const sources: MailSources = {
    [type]: (event) => {
      const data = event.data as { mail: string };
      return { template: 'activation', to: data.mail, toName: 'Bench User', language: 'de', linkPath: mailLinkPaths.activation(`tok_${event.eventId.replace(/-/g, '')}`) };
    },
  };
  try {
    for (let i = 0; i < options.jobs; i += PER_APPEND) {
      const events: NewEvent[] = Array.from({ length: Math.min(PER_APPEND, options.jobs - i) }, (_, j) => ({
        eventId: randomUUID(), type, data: { mail: `bench-${i + j}@example.org` },
        metadata: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'system', id: 'bench' }, teamId: null, schemaVersion: 1 },
      }));
      await store.append(`benchaccounts-${randomUUID()}`, events, { expectedVersion: 'no_stream' });
    }
    const receivedBefore = smtp.received.length;
    log(`mail: ${fmt(options.jobs)} jobs on ${label}, worker concurrency ${options.concurrency}`);
    const started = performance.now();
    const delivery = await startMailDelivery({
      pool, store, queue, sources, publicUrl: PUBLIC_URL, checkpointName: `mail-${type}`, log: quiet,
      transport: createSmtpMailTransport({ url: smtp.url, from: 'Planwerk <no-reply@planwerk.bench>' }),
      concurrency: options.concurrency,
    });
    const deadline = started + 240_000;
    for (;;) {
      const { rows } = await pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM events WHERE type IN ('MailDelivered', 'MailDeliveryFailed') AND data->>'sourceEventType' = $1`, [type]);
      if (Number(rows[0].n) >= options.jobs) break;
      if (performance.now() > deadline) throw new Error(`${label}: only ${rows[0].n} of ${options.jobs} mails recorded after 240 s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const seconds = (performance.now() - started) / 1000;
    await delivery.stop();
    return { backend: label, concurrency: options.concurrency, jobs: options.jobs, seconds, received: smtp.received.length - receivedBefore };
  } finally {
    await queue.close();
    await store.close();
    if (backend.kind === 'redis') await dropRedisKeys(backend.url, prefix);
  }
}

async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

export async function runMailCase(options: MailCaseOptions): Promise<Section> {
  const database = await createTestDatabase('bench_mail');
  const pool = new Pool({ connectionString: database.url, max: 10 });
  pool.on('error', () => undefined);
  const smtp = await startSmtpTestServer();
  try {
    await migrateEventStore(pool);
    const rows: string[][] = [];
    for (const setting of options.settings) {
      const runs: Run[] = [];
      if (options.redisUrl) runs.push(await deliver(pool, smtp, { kind: 'redis', url: options.redisUrl }, 'Redis', setting, options.log));
      runs.push(await deliver(pool, smtp, { kind: 'postgres', connectionString: database.url }, 'PostgreSQL', setting, options.log));
      const postgresRate = runs[runs.length - 1].jobs / runs[runs.length - 1].seconds;
      if (!options.redisUrl) rows.push(['BullMQ on Redis', String(setting.concurrency), '—', '—', '—', 'not run: REDIS_URL not set', '—']);
      for (const run of runs) {
        rows.push([`BullMQ on ${run.backend}`, String(run.concurrency), fmt(run.jobs), fmt(run.received), run.seconds.toFixed(2), fmt(run.jobs / run.seconds), `${(run.jobs / run.seconds / postgresRate).toFixed(2)}×`]);
      }
    }
    return {
      title: 'BullMQ mail jobs',
      tables: [{
        title: 'activation mails through the real worker to the SMTP test server',
        header: ['backend', 'worker concurrency', 'jobs', 'mails received', 'seconds', 'jobs/s', 'vs PostgreSQL (same concurrency)'],
        rows,
      }],
      goals: [],
      notes: [
        'Timed from starting `startMailDelivery` (reactor + worker) over events appended beforehand until every MailDelivered outcome event is in the log: reactor, BullMQ, template rendering, the mail ledger, SMTP and the outcome command are all inside the figure. The issue sets no goal for this line. Concurrency 2 is the worker\'s default; 16 shows what the queue carries when more jobs run at once.',
      ],
    };
  } finally {
    await smtp.close();
    await pool.end();
    await database.drop();
  }
}
