import { randomUUID } from 'node:crypto';
import {
  createKafkaBus,
  createPostgresEventStore,
  encodeRelayedEvent,
  type BusSubscription,
  type MessageBus,
} from '@planwerk/platform';
import { Kafka, logLevel } from 'kafkajs';
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

  // This test found the relay stuck after the broker restart (in two of four CI runs 459 of
  // 7,210 events arrived): its idempotent kafkajs producer had every later send refused with
  // "out of order sequence number" and the relay retried it forever, while the consumer had
  // read everything in Kafka (committed offsets at the topic's end offsets). The bus now
  // publishes through a new producer after a failed send. A kafkajs consumer that stops
  // consuming without ending is covered too: the bus's watchdog (stallTimeoutMs) ends it, and
  // the supervisor below subscribes again from the committed offsets. A failure says where the
  // missing events are.
  it('resumes relay and consumer after the restart; the consumed events equal the store, each handled once', async () => {
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
    const consumerEnds: string[] = [];
    let subscription: BusSubscription = bus!.subscribe({ topic: 'planwerk.events', groupId, handle });
    const supervise = (async () => {
      while (running) {
        if (relay && (await Promise.race([relay.exited.then(() => true), sleep(200).then(() => false)])) && running) {
          restarts = { ...restarts, relay: restarts.relay + 1 };
          relay = await startService('relay', relayEnv).catch(() => relay);
        }
        const ended = await Promise.race([subscription.done, sleep(50).then(() => null)]);
        if (ended && running) {
          restarts = { ...restarts, consumer: restarts.consumer + 1 };
          consumerEnds.push(ended.kind === 'failed' ? String(ended.error) : ended.kind);
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
        .catch(async (error: Error) => {
          // Where the missing events are: not relayed, in Kafka but not consumed, or consumed.
          const relayed = await pool.query<{ checkpoint: string | null }>("SELECT checkpoint FROM relay_checkpoints WHERE name = 'faults'");
          throw new Error(`${error.message} (consumed ${await consumed()}; restarts ${JSON.stringify(restarts)}; ` +
            `consumer ends ${JSON.stringify(consumerEnds)}; relay checkpoint ${relayed.rows[0]?.checkpoint}; ` +
            `${await kafkaPositions(broker!.brokers, groupId)}; relay output: ${relay?.output().slice(-1_500)})`);
        });
      const rows = await pool.query<{ event_id: string; handled: number }>('SELECT event_id, handled FROM faults_consumed');
      expect(sorted(rows.rows.map((row) => row.event_id))).toEqual(sorted(ids));
      expect(rows.rows.filter((row) => row.handled !== 1)).toEqual([]);
      // Per stream, in stream order: each feedback stream has its one event at version 1.
      const versions = await pool.query<{ bad: string }>('SELECT count(*) AS bad FROM faults_consumed WHERE stream_version <> 1');
      expect(versions.rows[0].bad).toBe('0');
      const seen = await pool.query<{ n: string }>("SELECT count(*) AS n FROM bus_processed_events WHERE consumer = 'faults'");
      expect(Number(seen.rows[0].n)).toBe(ids.length);
      const relayErrors = relay?.output().match(/^\[relay\] (?!publishing).*$/gm) ?? [];
      process.stdout.write(`fault 6: ${ids.length} events consumed once; restarts ${JSON.stringify(restarts)}; ` +
        `consumer ends ${JSON.stringify(consumerEnds)}; relay errors retried ${JSON.stringify(relayErrors)}\n`);
    } finally {
      running = false;
      await supervise;
      await subscription.stop();
      await store.close();
    }
  }, 360_000);
});

/** The topic's end offsets and the group's committed offsets, per partition. */
async function kafkaPositions(brokers: string, groupId: string): Promise<string> {
  const admin = new Kafka({ clientId: 'planwerk-faults-diagnosis', brokers: [brokers], logLevel: logLevel.NOTHING }).admin();
  try {
    await admin.connect();
    const ends = await admin.fetchTopicOffsets('planwerk.events');
    const committed = await admin.fetchOffsets({ groupId, topics: ['planwerk.events'] });
    return `topic ends ${ends.map((p) => `${p.partition}:${p.high}`).join(' ')}; ` +
      `group committed ${(committed[0]?.partitions ?? []).map((p) => `${p.partition}:${p.offset}`).join(' ')}`;
  } catch (error) {
    return `kafka positions unavailable: ${String(error)}`;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}
