import type { SubscriptionEnd } from './bus.port';
import { createKafkaBus, KafkaConsumerStalledError } from './kafka.adapter';

// The consumer watchdog of the Kafka bus against a scripted stand-in for kafkajs: which
// instrumentation events arrive, and when, is up to each test. The real broker cases (a frozen
// broker, an idle consumer) are in kafka.adapter.int-spec.ts.

interface FakeEachBatchPayload {
  batch: { topic: string; partition: number; messages: Array<{ offset: string; key: Buffer; value: Buffer; headers: object }> };
  resolveOffset(offset: string): void;
  heartbeat(): Promise<void>;
  pause(): () => void;
  isRunning(): boolean;
  isStale(): boolean;
}

interface FakeConsumer {
  groupId: string;
  emit(event: string, payload?: object): void;
  joinOnRun: boolean;
  disconnectHangs: boolean;
  disconnects: number;
  commits: unknown[];
  deliver(offsets: string[]): Promise<void>;
}

interface FakeProducer {
  failNext: Error | null;
  sent: number;
  disconnected: boolean;
}

jest.mock('kafkajs', () => {
  const consumers: unknown[] = [];
  const producers: unknown[] = [];
  const EVENTS = {
    HEARTBEAT: 'consumer.heartbeat',
    COMMIT_OFFSETS: 'consumer.commit_offsets',
    GROUP_JOIN: 'consumer.group_join',
    FETCH: 'consumer.fetch',
    FETCH_START: 'consumer.fetch_start',
    START_BATCH_PROCESS: 'consumer.start_batch_process',
    END_BATCH_PROCESS: 'consumer.end_batch_process',
    CONNECT: 'consumer.connect',
    DISCONNECT: 'consumer.disconnect',
    STOP: 'consumer.stop',
    CRASH: 'consumer.crash',
    REBALANCING: 'consumer.rebalancing',
  };
  class Consumer {
    events = EVENTS;
    joinOnRun = true;
    disconnectHangs = false;
    disconnects = 0;
    commits: unknown[] = [];
    private listeners = new Map<string, Array<(event: object) => void>>();
    private eachBatch: ((payload: FakeEachBatchPayload) => Promise<void>) | null = null;
    constructor(readonly groupId: string) {}
    on(event: string, listener: (event: object) => void) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
      return () => undefined;
    }
    emit(event: string, payload: object = {}) {
      for (const listener of this.listeners.get(event) ?? []) listener({ id: 0, type: event, timestamp: Date.now(), payload });
    }
    async connect() {
      this.emit(EVENTS.CONNECT);
    }
    async subscribe() {}
    async run(config: { eachBatch(payload: FakeEachBatchPayload): Promise<void> }) {
      this.eachBatch = config.eachBatch;
      if (this.joinOnRun) this.emit(EVENTS.GROUP_JOIN, { groupId: this.groupId });
    }
    async commitOffsets(offsets: unknown) {
      this.commits.push(offsets);
    }
    async disconnect() {
      this.disconnects++;
      if (this.disconnectHangs) await new Promise(() => undefined);
      this.emit(EVENTS.STOP);
      this.emit(EVENTS.DISCONNECT);
    }
    async deliver(offsets: string[]) {
      await this.eachBatch!({
        batch: {
          topic: 't',
          partition: 0,
          messages: offsets.map((offset) => ({ offset, key: Buffer.from('k'), value: Buffer.from(offset), headers: {} })),
        },
        resolveOffset: () => undefined,
        heartbeat: async () => undefined,
        pause: () => () => undefined,
        isRunning: () => true,
        isStale: () => false,
      });
    }
  }
  class Kafka {
    consumer({ groupId }: { groupId: string }) {
      const consumer = new Consumer(groupId);
      consumers.push(consumer);
      return consumer;
    }
    admin() {
      return { connect: async () => undefined, createTopics: async () => true, disconnect: async () => undefined };
    }
    producer() {
      const producer = {
        failNext: null as Error | null,
        sent: 0,
        disconnected: false,
        connect: async () => undefined,
        async send() {
          const failure = producer.failNext;
          producer.failNext = null;
          if (failure) throw failure;
          producer.sent++;
          return [];
        },
        disconnect: async () => void (producer.disconnected = true),
      };
      producers.push(producer);
      return producer;
    }
  }
  return {
    Kafka,
    logLevel: { ERROR: 1, WARN: 2 },
    Partitioners: { DefaultPartitioner: () => () => 0 },
    __consumers: consumers,
    __producers: producers,
  };
});

const { __consumers: consumers, __producers: producers } = jest.requireMock('kafkajs') as {
  __consumers: FakeConsumer[];
  __producers: FakeProducer[];
};

const STALL_MS = 200;
const JOIN_MS = 800;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `done` once it has resolved, otherwise null. */
function settled(done: Promise<SubscriptionEnd>): () => SubscriptionEnd | null {
  let end: SubscriptionEnd | null = null;
  void done.then((value) => (end = value));
  return () => end;
}

/** Emits FETCH (an answered empty fetch) every 50 ms, as kafkajs does for an idle consumer. */
function keepFetching(consumer: FakeConsumer): () => void {
  const timer = setInterval(() => {
    consumer.emit('consumer.fetch_start', { nodeId: 1 });
    consumer.emit('consumer.fetch', { numberOfBatches: 0, duration: 50, nodeId: 1 });
  }, 50);
  return () => clearInterval(timer);
}

describe('kafka bus consumer watchdog (scripted kafkajs)', () => {
  const bus = () => createKafkaBus({ brokers: ['fake:9092'], clientId: 'watchdog-spec', stallTimeoutMs: STALL_MS, joinTimeoutMs: JOIN_MS, disconnectTimeoutMs: 200 });
  const subscribe = (handle: () => Promise<void> = async () => undefined) => {
    const subscription = bus().subscribe({ topic: 't', groupId: `g-${consumers.length}`, handle });
    return { subscription, consumer: () => consumers[consumers.length - 1], end: settled(subscription.done) };
  };

  it('keeps an idle consumer whose fetches are answered, and ends it once they stop', async () => {
    const { subscription, consumer, end } = subscribe();
    await subscription.ready;
    const stopFetching = keepFetching(consumer());
    await sleep(STALL_MS * 4);
    expect(end()).toBeNull();

    stopFetching();
    const result = await subscription.done;
    expect(result.kind).toBe('failed');
    const error = (result as { error: unknown }).error;
    expect(error).toBeInstanceOf(KafkaConsumerStalledError);
    expect(String(error)).toMatch(/made no progress for \d+ ms \(last: fetch answered/);
    expect(consumer().disconnects).toBeGreaterThanOrEqual(1);
  });

  it('gives a group join joinTimeoutMs instead of the stall timeout, and ends one that takes longer', async () => {
    const { subscription, consumer, end } = subscribe();
    // run() is called after connect and subscribe resolved: this consumer stays in its join.
    consumer().joinOnRun = false;
    const started = Date.now();
    await sleep(STALL_MS * 2.5);
    expect(end()).toBeNull();
    const result = await subscription.done;
    expect(result.kind).toBe('failed');
    const error = (result as { error: unknown }).error;
    expect(error).toBeInstanceOf(KafkaConsumerStalledError);
    expect(String(error)).toMatch(/has been joining its group for \d+ ms/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(JOIN_MS);
    expect(Date.now() - started).toBeLessThan(JOIN_MS + 1_000);
  });

  it('treats a rebalance as a join', async () => {
    const { subscription, consumer, end } = subscribe();
    await subscription.ready;
    consumer().emit('consumer.rebalancing', { groupId: consumer().groupId });
    await sleep(STALL_MS * 2.5);
    expect(end()).toBeNull();
    consumer().emit('consumer.group_join', { groupId: consumer().groupId });
    const stopFetching = keepFetching(consumer());
    await sleep(STALL_MS * 2);
    expect(end()).toBeNull();
    stopFetching();
    await subscription.stop();
  });

  it('does not count the time a handler runs, and counts a handled batch as progress', async () => {
    let release: () => void = () => undefined;
    const { subscription, consumer, end } = subscribe(() => new Promise<void>((resolve) => (release = resolve)));
    await subscription.ready;
    const delivery = consumer().deliver(['0', '1']);
    // No kafkajs event for well past the stall timeout: the handler is still working.
    await sleep(STALL_MS * 4);
    expect(end()).toBeNull();
    release();
    await delivery;
    expect(consumer().commits).toEqual([[{ topic: 't', partition: 0, offset: '2' }]]);
    const stopFetching = keepFetching(consumer());
    await sleep(STALL_MS * 2);
    expect(end()).toBeNull();
    stopFetching();
    await subscription.stop();
    expect(await subscription.done).toEqual({ kind: 'stopped' });
  });

  it('ends at once when kafkajs crashes without restarting', async () => {
    const { subscription, consumer } = subscribe();
    await subscription.ready;
    const stopFetching = keepFetching(consumer());
    const crash = new Error('not retriable');
    consumer().emit('consumer.stop');
    consumer().emit('consumer.disconnect');
    consumer().emit('consumer.crash', { error: crash, groupId: consumer().groupId, restart: false });
    expect(await subscription.done).toEqual({ kind: 'failed', error: crash });
    stopFetching();
  });

  it('waits for kafkajs to restart a consumer after a retriable crash', async () => {
    const { subscription, consumer, end } = subscribe();
    await subscription.ready;
    // kafkajs's order: it disconnects, then announces the crash and whether it restarts.
    consumer().emit('consumer.stop');
    consumer().emit('consumer.disconnect');
    consumer().emit('consumer.crash', { error: new Error('broker gone'), groupId: consumer().groupId, restart: true });
    await sleep(STALL_MS / 2);
    consumer().emit('consumer.group_join', { groupId: consumer().groupId });
    const stopFetching = keepFetching(consumer());
    await sleep(STALL_MS * 4);
    expect(end()).toBeNull();
    stopFetching();
    await subscription.stop();
  });

  it('ends a consumer that kafkajs stopped without announcing a restart', async () => {
    const { subscription, consumer } = subscribe();
    await subscription.ready;
    consumer().emit('consumer.stop');
    consumer().emit('consumer.disconnect');
    const result = await subscription.done;
    expect(result.kind).toBe('failed');
    expect(String((result as { error: unknown }).error)).toContain('was stopped by kafkajs');
  });

  it('ends the subscription even when kafkajs never finishes disconnecting', async () => {
    const { subscription, consumer } = subscribe();
    await subscription.ready;
    consumer().disconnectHangs = true;
    const started = Date.now();
    const result = await subscription.done;
    expect(result.kind).toBe('failed');
    // Stall timeout, then at most the disconnect timeout (200 ms), with slack for a busy machine.
    expect(Date.now() - started).toBeLessThan(STALL_MS + 200 + 1_000);
    expect(consumer().disconnects).toBe(1);
  });

  it('does not fire after stop()', async () => {
    const { subscription, consumer } = subscribe();
    await subscription.ready;
    await subscription.stop();
    await sleep(STALL_MS * 3);
    expect(await subscription.done).toEqual({ kind: 'stopped' });
    expect(consumer().disconnects).toBe(1);
  });
});

describe('kafka bus producer (scripted kafkajs)', () => {
  it('publishes through a new producer after a failed send', async () => {
    const bus = createKafkaBus({ brokers: ['fake:9092'], clientId: 'producer-spec' });
    const first = producers.length;
    await bus.publish('t', [{ key: 'k', value: 'one' }]);
    expect(producers).toHaveLength(first + 1);

    // What a broker restart left behind (fault 6): the producer's sequence numbers no longer
    // match the broker's, and every later send of that producer is refused.
    producers[first].failNext = new Error('The broker received an out of order sequence number');
    await expect(bus.publish('t', [{ key: 'k', value: 'two' }])).rejects.toThrow('out of order sequence number');

    // The caller's retry goes through a new producer (a new producer id); the old one is closed.
    await bus.publish('t', [{ key: 'k', value: 'two' }]);
    expect(producers).toHaveLength(first + 2);
    expect(producers[first + 1].sent).toBe(1);
    await sleep(10);
    expect(producers[first].disconnected).toBe(true);
    await bus.close();
  });
});
