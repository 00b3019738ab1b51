import { randomBytes } from 'node:crypto';
import { createPostgresEventStore } from '@planwerk/platform';
import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { PUBLIC_URL } from './mail-ledger-check';
import { isSuccess, register } from './planwerk-http';
import { freePort, newSecrets, startService, stopAll, type ServiceProcess } from './service-process';
import { until } from './wait';

// The mail path as separate processes: the command-service takes sign-ups (each asks for an
// activation mail), the mail worker process runs the reactor and a BullMQ worker on `redisUrl`
// and sends through `smtpUrl`.

export interface MailStack {
  pool: Pool;
  worker: ServiceProcess;
  /** Signs up `count` people; fails unless every sign-up is acknowledged. */
  registerPeople(count: number): Promise<void>;
  /** Waits until the reactor has turned every event into a job. */
  reactorCaughtUp(): Promise<void>;
  restartWorker(): Promise<ServiceProcess>;
  close(): Promise<void>;
}

export async function startMailStack(redisUrl: string, smtpUrl: string, concurrency: number): Promise<MailStack> {
  const secrets = newSecrets();
  const database: TestDatabase = await createTestDatabase('faults_mail');
  const pool = new Pool({ connectionString: database.url, max: 3 });
  pool.on('error', () => undefined);
  // Read without keys: only event types are needed here.
  const store = createPostgresEventStore({ pool });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const command = await startService('command-service', { DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', ...secrets });
  const workerEnv = {
    DATABASE_URL: database.url, REDIS_URL: redisUrl, SMTP_URL: smtpUrl, PUBLIC_URL, MAIL_CONCURRENCY: String(concurrency), ...secrets,
  };
  const stack: MailStack = {
    pool,
    worker: await startService('mail-worker', workerEnv),
    async registerPeople(count) {
      const tag = randomBytes(3).toString('hex');
      const answers = await Promise.all(Array.from({ length: count }, (_, i) => register(baseUrl, `person${i}-${tag}@planwerk-test.de`)));
      const refused = answers.filter((answer) => !isSuccess(answer));
      if (refused.length > 0) throw new Error(`sign-ups refused: ${JSON.stringify(refused)}`);
    },
    async reactorCaughtUp() {
      // The reactor moves its checkpoint only after the jobs of the events before it are queued.
      await until(async () => {
        const row = await pool.query<{ checkpoint: string | null }>('SELECT checkpoint FROM mail_reactor_checkpoint');
        const checkpoint = row.rows[0]?.checkpoint ?? null;
        if (checkpoint === null) return false;
        const after = await store.readAll({ after: checkpoint, maxCount: 1_000 });
        return !after.events.some((event) => event.type === 'AccountRegistered');
      }, 'the mail reactor to queue every job', 20_000);
    },
    async restartWorker() {
      stack.worker = await startService('mail-worker', workerEnv);
      return stack.worker;
    },
    async close() {
      await stopAll([command, stack.worker]);
      await store.close();
      await pool.end();
      await database.drop();
    },
  };
  return stack;
}
