import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describeWith, componentUrl } from '../../../scripts/testing/components';
import type { DeliveredMessage, SubscriptionEnd } from './bus.port';
import { createKafkaBus, KafkaConsumerStalledError } from './kafka.adapter';
import { describeBusContract } from './testing/bus.contract';

describeWith('kafka', 'kafka bus', () => {
  const brokers = () => componentUrl('kafka')!.split(',');
  // A stall timeout well below the default: a watchdog that mistook a working or idle consumer
  // for a stalled one would end subscriptions these tests wait on.
  describeBusContract('kafka', () =>
    createKafkaBus({ brokers: brokers(), clientId: 'planwerk-bus-contract', stallTimeoutMs: 15_000 }),
  );
});

// The consumer watchdog against a real broker of this suite's own (scripts/kafka/start.sh on
// free ports), frozen with SIGSTOP: its connections stay open and nothing answers, which is how
// a consumer hangs without kafkajs ever crashing. The shared broker is never touched.
describeWith('kafka', 'kafka bus consumer watchdog (a broker of its own)', () => {
  const STALL_MS = 4_000;
  let broker: OwnBroker;

  beforeAll(async () => {
    broker = await startOwnBroker();
  }, 180_000);

  afterAll(async () => {
    await broker?.destroy();
  }, 60_000);

  it('keeps an idle consumer, ends one whose broker froze, and a new subscription resumes after what was acknowledged', async () => {
    const bus = createKafkaBus({ brokers: [broker.brokers], clientId: 'planwerk-watchdog', stallTimeoutMs: STALL_MS, disconnectTimeoutMs: 2_000 });
    const topic = `watchdog.${randomUUID()}`;
    const groupId = `watchdog-${randomUUID()}`;
    const consume = (into: DeliveredMessage[]) =>
      bus.subscribe({ topic, groupId, handle: async (messages) => void into.push(...messages) });
    const values = (messages: DeliveredMessage[]) => messages.map((message) => message.value.toString('utf8'));
    try {
      await bus.publish(topic, ['a', 'b', 'c'].map((value) => ({ key: 'k', value })));
      const first: DeliveredMessage[] = [];
      const stalled = consume(first);
      let end: SubscriptionEnd | null = null;
      void stalled.done.then((result) => (end = result));
      await until(() => first.length >= 3, 'the first three messages', 60_000);

      // Idle, but its fetches are answered: no stall for more than twice the timeout.
      await sleep(STALL_MS * 2.5);
      expect(end).toBeNull();

      await broker.freeze();
      const frozenAt = Date.now();
      const result = await stalled.done;
      const took = Date.now() - frozenAt;
      expect(result.kind).toBe('failed');
      expect((result as { error: unknown }).error).toBeInstanceOf(KafkaConsumerStalledError);
      // The stall timeout, then at most the disconnect timeout; slack for a busy machine.
      expect(took).toBeGreaterThanOrEqual(STALL_MS - 1_000);
      expect(took).toBeLessThan(STALL_MS + 2_000 + 6_000);
      await broker.thaw();

      // What a supervisor does: subscribe again in the same group.
      await bus.publish(topic, ['d', 'e'].map((value) => ({ key: 'k', value })));
      const second: DeliveredMessage[] = [];
      const resumed = consume(second);
      await until(() => second.length >= 2, 'the two new messages after the restart', 90_000);
      await sleep(500);
      expect(values(first)).toEqual(['a', 'b', 'c']);
      // The acknowledged messages are not delivered again.
      expect(values(second)).toEqual(['d', 'e']);
      await resumed.stop();
      expect(await resumed.done).toEqual({ kind: 'stopped' });
    } finally {
      await broker.thaw();
      await bus.close();
    }
  }, 180_000);
});

const REPO_ROOT = join(__dirname, '..', '..', '..');
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

interface OwnBroker {
  brokers: string;
  /** SIGSTOP: the broker keeps its connections and answers nothing. */
  freeze(): Promise<void>;
  /** SIGCONT. */
  thaw(): Promise<void>;
  destroy(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startOwnBroker(): Promise<OwnBroker> {
  const dir = await mkdtemp('/tmp/planwerk-watchdog-kafka-');
  const port = await freePort();
  const env = { ...process.env, KAFKA_PORT: String(port), KAFKA_CONTROLLER_PORT: String(await freePort()) };
  try {
    await run('bash', [join(REPO_ROOT, 'scripts', 'kafka', 'start.sh'), dir], { env, timeout: 150_000 });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const pid = Number((await readFile(join(dir, 'kafka.pid'), 'utf8')).trim());
  const signal = async (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // Already gone.
    }
  };
  return {
    brokers: `127.0.0.1:${port}`,
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
    async destroy() {
      // A throwaway broker: no controlled shutdown needed.
      await signal('SIGCONT');
      await signal('SIGKILL');
      for (let i = 0; i < 200; i++) {
        try {
          process.kill(pid, 0);
        } catch {
          break;
        }
        await sleep(50);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
