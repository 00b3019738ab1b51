import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import { mailLinkPaths, type EventStore, type MailSources, type RecordedEvent } from '@planwerk/events';
import {
  createBullJobQueue,
  createPostgresEventStore,
  migrateEventStore,
  type JobQueue,
} from '@planwerk/platform';
import { testMetadata } from '../../../platform/src/store/testing';
import { componentUrl, describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { createDevMailboxTransport, listDevMailbox } from './dev-mailbox-transport.adapter';
import { createSmtpMailTransport } from './smtp-mail-transport.adapter';
import type { MailTransport } from './mail-transport.port';
import { startMailDelivery, type MailDelivery, type StartMailDeliveryOptions } from './start-mail-delivery';
import { startSmtpTestServer, type SmtpTestServer } from './testing/smtp-test-server';

jest.setTimeout(60_000);

const PUBLIC_URL = 'http://planwerk.test:8080';
const quiet = { info: () => undefined, error: () => undefined };

async function until<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The token a test feature derives from its event id (the real one uses a server key). */
const tokenFor = (eventId: string) => `tok_${eventId.replace(/-/g, '')}`;

function describeMailDelivery(queueFor: (name: string, databaseUrl: string) => JobQueue): void {
  let db: TestDatabase;
  let pool: Pool;
  let store: EventStore;
  let smtp: SmtpTestServer;
  let running: MailDelivery[] = [];
  let queues: JobQueue[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('mail');
    pool = new Pool({ connectionString: db.url, max: 10 });
    pool.on('error', () => undefined);
    await migrateEventStore(pool);
    store = createPostgresEventStore({ pool, pollIntervalMs: 100 });
    smtp = await startSmtpTestServer();
  });

  afterEach(async () => {
    for (const delivery of running) await delivery.stop();
    for (const queue of queues) await queue.close();
    running = [];
    queues = [];
  });

  afterAll(async () => {
    await smtp?.close();
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  // Each test has its own event type, queue and reactor checkpoint, so no test sees another's mails.
  function scenario() {
    const type = `TestAccountRegistered${randomBytes(3).toString('hex')}`;
    const queue = queueFor(`mailtest_${randomBytes(4).toString('hex')}`, db.url);
    queues.push(queue);
    const sources: MailSources = {
      [type]: (event) => {
        const data = event.data as { mail: string; name: string; lang: string };
        return { template: 'activation', to: data.mail, toName: data.name, language: data.lang, linkPath: mailLinkPaths.activation(tokenFor(event.eventId)) };
      },
    };
    const checkpointName = `mail-${type}`;
    const start = async (overrides: Partial<StartMailDeliveryOptions> = {}) => {
      const delivery = await startMailDelivery({
        pool, store, queue, sources, publicUrl: PUBLIC_URL, checkpointName, log: quiet,
        transport: createSmtpMailTransport({ url: smtp.url, from: 'Planwerk <no-reply@planwerk.test>' }),
        backoffMs: 50, retryDelayMs: 100, ...overrides,
      });
      running.push(delivery);
      return delivery;
    };
    const register = async (to: string, lang = 'de'): Promise<string> => {
      const eventId = randomUUID();
      await store.append(`testaccount-${randomUUID()}`, [
        { eventId, type, data: { mail: to, name: 'Anna Muster', lang }, metadata: testMetadata({ personId: randomUUID() }) },
      ], { expectedVersion: 'no_stream' });
      return eventId;
    };
    return { type, queue, sources, checkpointName, start, register };
  }

  const mailsFor = (eventId: string) => smtp.received.filter((mail) => mail.messageId.includes(eventId));

  async function outcomes(eventId: string): Promise<Array<Pick<RecordedEvent, 'type' | 'data' | 'metadata'>>> {
    const result = await pool.query('SELECT type, data, metadata FROM events WHERE stream_id = $1 ORDER BY stream_position', [`mail-${eventId}`]);
    return result.rows as Array<Pick<RecordedEvent, 'type' | 'data' | 'metadata'>>;
  }

  const outcome = (eventId: string) => until(async () => (await outcomes(eventId)).length > 0 && outcomes(eventId), `the outcome of ${eventId}`);

  it('sends the activation mail once over SMTP, in the person’s language, and records MailDelivered', async () => {
    const { start, register } = scenario();
    await start();
    const eventId = await register('anna@example.org', 'fr');

    const [recorded] = await outcome(eventId);
    const mails = mailsFor(eventId);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.envelopeTo).toEqual(['anna@example.org']);
    expect(mail.subject).toBe('Confirme ton adresse e-mail pour Planwerk');
    expect(mail.headers.get('content-language')).toBe('fr');
    expect(mail.messageId).toBe(`<mail.${eventId}@planwerk.test>`);
    expect(mail.text).toContain(`${PUBLIC_URL}/account/activate/${tokenFor(eventId)}`);

    expect(recorded.type).toBe('MailDelivered');
    expect(recorded.data).toEqual({
      jobId: eventId, sourceEventType: expect.stringMatching(/^TestAccountRegistered/), template: 'activation', language: 'fr',
      to: 'anna@example.org', messageId: `<mail.${eventId}@planwerk.test>`, transport: 'smtp',
    });
    expect(recorded.metadata).toMatchObject({ causationId: eventId, actor: { kind: 'system', id: 'mail-delivery' } });
    const ledger = await pool.query('SELECT message_id FROM mail_ledger WHERE job_id = $1', [eventId]);
    expect(ledger.rows).toEqual([{ message_id: `<mail.${eventId}@planwerk.test>` }]);
  });

  it('sends nothing again when the reactor reads the same events again, or the job is enqueued under a new id', async () => {
    const { start, register, checkpointName, queue, type } = scenario();
    const first = await start();
    const eventId = await register('ben@example.org');
    await outcome(eventId);
    await first.stop();

    // Reset the reactor to the start of the log: every event is read and enqueued again.
    await pool.query('UPDATE mail_reactor_checkpoint SET checkpoint = NULL WHERE name = $1', [checkpointName]);
    await start();
    // The ledger alone, without the queue's job-id check: the same job under a fresh id.
    const source = await pool.query('SELECT stream_id FROM events WHERE event_id = $1', [eventId]);
    await queue.add('mail', { eventId, eventType: type, streamId: source.rows[0].stream_id, streamVersion: 1 }, { jobId: `${eventId}-again` });
    // A later mail through the same reactor and worker: once it is out, the re-reads are done.
    const sentinel = await register('sentinel@example.org');
    await outcome(sentinel);
    await until(async () => {
      const row = await pool.query('SELECT checkpoint FROM mail_reactor_checkpoint WHERE name = $1', [checkpointName]);
      return row.rows[0]?.checkpoint !== null;
    }, 'the reactor checkpoint');
    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(mailsFor(eventId)).toHaveLength(1);
    expect(mailsFor(sentinel)).toHaveLength(1);
    expect((await outcomes(eventId)).map((e) => e.type)).toEqual(['MailDelivered']);
  });

  it('delivers into the development mailbox when there is no SMTP server', async () => {
    const { start, register } = scenario();
    await start({ transport: createDevMailboxTransport(pool) });
    const eventId = await register('fritz@example.org', 'en');
    const [recorded] = await outcome(eventId);
    expect(recorded.data).toMatchObject({ transport: 'dev-mailbox', language: 'en' });
    const entries = (await listDevMailbox(pool)).filter((entry) => entry.jobId === eventId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ to: { address: 'fritz@example.org', name: 'Anna Muster' }, subject: 'Please confirm your email address for Planwerk' });
    expect(entries[0].text).toContain(`${PUBLIC_URL}/account/activate/${tokenFor(eventId)}`);
    expect(mailsFor(eventId)).toHaveLength(0);
  });

  it('retries a transport that fails twice: one mail, one MailDelivered', async () => {
    const { start, register } = scenario();
    const smtpTransport = createSmtpMailTransport({ url: smtp.url, from: 'Planwerk <no-reply@planwerk.test>' });
    let calls = 0;
    const flaky: MailTransport = {
      kind: 'smtp',
      async send(mail) {
        calls += 1;
        if (calls <= 2) throw new Error(`421 try again later for <${mail.to.address}>`);
        await smtpTransport.send(mail);
      },
      close: () => smtpTransport.close(),
    };
    await start({ transport: flaky });
    const eventId = await register('carla@example.org');

    const recorded = await outcome(eventId);
    expect(calls).toBe(3);
    expect(mailsFor(eventId)).toHaveLength(1);
    expect(recorded.map((e) => e.type)).toEqual(['MailDelivered']);
  });

  it('records MailDeliveryFailed, without the address in the reason, when every attempt fails', async () => {
    const { start, register } = scenario();
    let calls = 0;
    const broken: MailTransport = {
      kind: 'smtp',
      async send(mail) {
        calls += 1;
        throw new Error(`550 5.1.1 <${mail.to.address}>: mailbox unavailable`);
      },
      async close() {},
    };
    await start({ transport: broken, attempts: 3 });
    const eventId = await register('dora@example.org', 'it');

    const [failed] = await outcome(eventId);
    expect(failed.type).toBe('MailDeliveryFailed');
    expect(failed.data).toMatchObject({ jobId: eventId, template: 'activation', language: 'it', to: 'dora@example.org', attempts: 3 });
    expect((failed.data as { reason: string }).reason).toBe('Error: 550 5.1.1 <<address>>: mailbox unavailable');
    expect(calls).toBe(3);
    expect(mailsFor(eventId)).toHaveLength(0);
    // The job's failure is recorded once although both the last attempt and the failure report record it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outcomes(eventId)).toHaveLength(1);
  });

  it('completes a job once when its worker dies after sending and another worker takes it over', async () => {
    const { start, register } = scenario();
    // Worker A sends and writes the ledger, then "dies" before it can record the outcome.
    const workerA = await start({ store: failingAppends(store), backoffMs: 500 });
    const eventId = await register('emil@example.org');
    await until(async () => mailsFor(eventId).length === 1, 'worker A to send');
    await until(async () => (await pool.query('SELECT 1 FROM mail_ledger WHERE job_id = $1', [eventId])).rowCount === 1, 'the ledger row');
    await workerA.stop();

    await start({ reactor: false });
    const recorded = await outcome(eventId);
    expect(recorded.map((e) => e.type)).toEqual(['MailDelivered']);
    expect(mailsFor(eventId)).toHaveLength(1);
  });
}

/** A store whose appends fail: the process dies right after the side effects, before recording. */
function failingAppends(store: EventStore): EventStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'append') return async () => Promise.reject(new Error('worker killed before recording'));
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describeWith('postgres', 'mail delivery: SMTP, ledger and outcome events', () => {
  describe('BullMQ on PostgreSQL', () => {
    describeMailDelivery((name, databaseUrl) => createBullJobQueue({ backend: { kind: 'postgres', connectionString: databaseUrl }, prefix: name }));
  });

  describeWith('redis', 'BullMQ on Redis', () => {
    const prefixes: string[] = [];
    afterAll(async () => {
      const redis = new Redis(componentUrl('redis') as string);
      try {
        for (const prefix of prefixes) {
          const keys = await redis.keys(`${prefix}:*`);
          if (keys.length > 0) await redis.del(...keys);
        }
      } finally {
        redis.disconnect();
      }
    });
    describeMailDelivery((name) => {
      prefixes.push(name);
      return createBullJobQueue({ backend: { kind: 'redis', url: componentUrl('redis') as string }, prefix: name });
    });
  });
});
