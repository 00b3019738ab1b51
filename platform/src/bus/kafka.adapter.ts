import { Kafka, logLevel, Partitioners, type Admin, type IHeaders, type KafkaMessage, type Producer } from 'kafkajs';
import {
  toBuffer,
  type BusSubscribeOptions,
  type BusSubscription,
  type DeliveredMessage,
  type MessageBus,
  type OutgoingMessage,
  type SubscriptionEnd,
} from './bus.port';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  /** Partitions of topics this bus creates. */
  numPartitions?: number;
  /** -1 = the broker's default.replication.factor. */
  replicationFactor?: number;
  logLevel?: 'error' | 'warn';
  /** Longest a fetch waits for new messages; also bounds how long stop() waits. */
  maxWaitTimeInMs?: number;
  /**
   * Consumer watchdog: a subscription whose consumer shows no sign of progress for this long
   * while it should be running (no fetch answered, no heartbeat, no group join, no offset
   * commit, no batch handled) ends with `failed` (a KafkaConsumerStalledError), so whoever
   * supervises it subscribes again and resumes from the committed offsets. An idle consumer is
   * not stalled: kafkajs answers a fetch at least every `maxWaitTimeInMs` even when nothing is
   * new, and the time a handler runs does not count. Default 60 s.
   */
  stallTimeoutMs?: number;
  /**
   * How long a group join may take before the watchdog ends the subscription (instead of
   * `stallTimeoutMs`, from kafkajs's CONNECT or REBALANCING to GROUP_JOIN): a join waits for
   * every member to rejoin, or for a dead one's session (30 s) to expire, and kafkajs bounds
   * one JoinGroup request by the rebalance timeout (60 s) plus 5 s. Default 70 s.
   */
  joinTimeoutMs?: number;
  /**
   * How long ending a subscription waits for kafkajs to leave the group and disconnect (after
   * the handler in progress finished) before `done` resolves anyway; a consumer whose broker
   * stopped answering may otherwise hang until its request timeout. Default 10 s.
   */
  disconnectTimeoutMs?: number;
}

/** Why the watchdog ended a subscription: its consumer stopped making progress. */
export class KafkaConsumerStalledError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KafkaConsumerStalledError';
  }
}

// Distributed mode (architecture.md): idempotent producer with acks=all, the Java-compatible
// murmur2 partitioner pinned so key → partition matches every other Kafka client, and
// consumers that commit an offset only after the handler's own transaction resolved.
export function createKafkaBus(options: KafkaBusOptions): MessageBus {
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: options.logLevel === 'error' ? logLevel.ERROR : logLevel.WARN,
  });
  const numPartitions = options.numPartitions ?? 3;
  const replicationFactor = options.replicationFactor ?? -1;
  const maxWaitTimeInMs = options.maxWaitTimeInMs ?? 500;
  const stallTimeoutMs = options.stallTimeoutMs ?? 60_000;
  const joinTimeoutMs = options.joinTimeoutMs ?? 70_000;
  const disconnectTimeoutMs = options.disconnectTimeoutMs ?? 10_000;
  // kafkajs emits STOP and DISCONNECT before the CRASH that says whether it restarts: this
  // long a consumer may stay stopped without a CRASH announcing its restart.
  const restartGraceMs = Math.min(stallTimeoutMs, 5_000);
  const watchdogEveryMs = Math.max(20, Math.min(1_000, Math.floor(Math.min(stallTimeoutMs, joinTimeoutMs) / 10)));
  const subscriptions = new Set<BusSubscription>();
  const topicsReady = new Map<string, Promise<void>>();
  let producer: Promise<Producer> | null = null;
  let admin: Promise<Admin> | null = null;
  // kafkajs has lost sequence numbers under concurrent idempotent sends (tulios/kafkajs#598):
  // sends go out one at a time, which also keeps per-key order in call order.
  let sendQueue: Promise<unknown> = Promise.resolve();
  let closed = false;

  function connectedAdmin(): Promise<Admin> {
    admin ??= (async () => {
      const client = kafka.admin();
      await client.connect();
      return client;
    })();
    admin.catch(() => (admin = null));
    return admin;
  }

  function connectedProducer(): Promise<Producer> {
    producer ??= (async () => {
      const client = kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      await client.connect();
      return client;
    })();
    const connecting = producer;
    connecting.catch(() => {
      if (producer === connecting) producer = null;
    });
    return connecting;
  }

  function ensureTopic(topic: string): Promise<void> {
    let ready = topicsReady.get(topic);
    if (!ready) {
      ready = (async () => {
        const client = await connectedAdmin();
        // false when the topic already exists, which is fine.
        await client.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions, replicationFactor }] });
      })();
      ready.catch(() => topicsReady.delete(topic));
      topicsReady.set(topic, ready);
    }
    return ready;
  }

  async function publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    if (closed) throw new Error('kafka bus is closed');
    if (messages.length === 0) return;
    await ensureTopic(topic);
    const connecting = connectedProducer();
    const client = await connecting;
    const send = sendQueue.then(() =>
      client.send({
        topic,
        acks: -1,
        messages: messages.map((message) => ({
          key: message.key,
          value: toBuffer(message.value),
          headers: message.headers,
        })),
      }),
    );
    sendQueue = send.catch(() => undefined);
    try {
      await send;
    } catch (error) {
      // A failed send can leave the idempotent producer's sequence numbers out of step with the
      // broker: after a broker restart (fault 6) every later send of that producer was refused
      // with "The broker received an out of order sequence number", and the relay retried
      // forever. The next publish gets a new producer (a new producer id, sequences from 0);
      // this one is disconnected once the sends already queued on it are through.
      if (producer === connecting) producer = null;
      void sendQueue.then(() => client.disconnect()).catch(() => undefined);
      throw error;
    }
  }

  function subscribe({ topic, groupId, handle }: BusSubscribeOptions): BusSubscription {
    if (closed) throw new Error('kafka bus is closed');
    const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false, maxWaitTimeInMs });
    const { FETCH, FETCH_START, HEARTBEAT, COMMIT_OFFSETS, END_BATCH_PROCESS, CONNECT, REBALANCING, GROUP_JOIN, CRASH, STOP, DISCONNECT } =
      consumer.events;
    let stopping = false;
    let ended = false;
    let failure: { error: unknown } | null = null;
    let markReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    let finish: (end: SubscriptionEnd) => void = () => undefined;
    const done = new Promise<SubscriptionEnd>((resolve) => (finish = resolve));
    let ending: Promise<void> | null = null;

    // The watchdog (see stallTimeoutMs). A kafkajs consumer can stop consuming without ending:
    // a broker that keeps its connections but answers nothing, a request or join that never
    // returns, a crash that is not followed by the announced restart. The cure is a fresh
    // consumer, so the subscription ends and its supervisor subscribes again. Offsets are
    // committed only after the handler, so nothing acknowledged is lost, and what comes again is
    // discarded by the deduping handler.
    let lastProgress = { at: Date.now(), sign: 'subscribe' };
    let fetchStartedAt: number | null = null;
    let joiningSince: number | null = null;
    let handling: Promise<void> | null = null;
    let stoppedByKafkajsAt: number | null = null;
    const progress = (sign: string) => {
      lastProgress = { at: Date.now(), sign };
      stoppedByKafkajsAt = null;
    };
    const stalled = (why: string) =>
      void end({
        kind: 'failed',
        error: new KafkaConsumerStalledError(`kafka consumer of group ${groupId} on topic ${topic} ${why}`),
      });
    const watchdog = setInterval(() => {
      if (ended || stopping) return;
      const now = Date.now();
      if (stoppedByKafkajsAt !== null && now - stoppedByKafkajsAt >= restartGraceMs) {
        stalled(`was stopped by kafkajs ${now - stoppedByKafkajsAt} ms ago without a restart`);
      } else if (handling) {
        // The handler's own time: it is waited for anyway, and the handler bounds it.
      } else if (joiningSince !== null) {
        if (now - joiningSince >= joinTimeoutMs) stalled(`has been joining its group for ${now - joiningSince} ms`);
      } else if (now - lastProgress.at >= stallTimeoutMs) {
        const fetch = fetchStartedAt === null ? 'no fetch pending' : `a fetch unanswered for ${now - fetchStartedAt} ms`;
        stalled(`made no progress for ${now - lastProgress.at} ms (last: ${lastProgress.sign}; ${fetch})`);
      }
    }, watchdogEveryMs);
    watchdog.unref();

    consumer.on(FETCH_START, () => void (fetchStartedAt ??= Date.now()));
    consumer.on(FETCH, () => {
      fetchStartedAt = null;
      progress('fetch answered');
    });
    consumer.on(HEARTBEAT, () => progress('heartbeat'));
    consumer.on(COMMIT_OFFSETS, () => progress('offsets committed'));
    consumer.on(END_BATCH_PROCESS, () => progress('batch processed'));
    // A join starts after kafkajs connects (first start and every restart) or sees a rebalance.
    consumer.on(CONNECT, () => void (joiningSince ??= Date.now()));
    consumer.on(REBALANCING, () => void (joiningSince ??= Date.now()));
    consumer.on(GROUP_JOIN, () => {
      joiningSince = null;
      progress('group joined');
      markReady();
    });
    consumer.on(CRASH, (event) => {
      if (!event.payload.restart) {
        void end({ kind: 'failed', error: event.payload.error });
        return;
      }
      // kafkajs starts it again after its retry time; the stall clock keeps running meanwhile.
      stoppedByKafkajsAt = null;
      fetchStartedAt = null;
      joiningSince = null;
    });
    const stoppedByKafkajs = () => {
      if (!ending) stoppedByKafkajsAt ??= Date.now();
      fetchStartedAt = null;
      joiningSince = null;
    };
    consumer.on(STOP, stoppedByKafkajs);
    consumer.on(DISCONNECT, stoppedByKafkajs);

    let startSettled = false;
    function end(result: SubscriptionEnd): Promise<void> {
      ending ??= (async () => {
        ended = true;
        clearInterval(watchdog);
        // The handler in progress finishes first; then kafkajs gets disconnectTimeoutMs to leave
        // the group. A consumer that handles nothing more (ended) may finish disconnecting later.
        await handling;
        const disconnected = (async () => {
          await settledWithin(started, disconnectTimeoutMs);
          const wasStarting = !startSettled;
          await consumer.disconnect().catch(() => undefined);
          // Disconnecting before run() resolved can leave kafkajs running (tulios/kafkajs#1639).
          if (wasStarting) void started.finally(() => consumer.disconnect().catch(() => undefined)).catch(() => undefined);
        })();
        await settledWithin(disconnected, disconnectTimeoutMs);
        markReady();
        finish(result);
      })();
      return ending;
    }

    const started = (async () => {
      await ensureTopic(topic);
      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        eachBatch: async ({ batch, resolveOffset, heartbeat, pause, isRunning, isStale }) => {
          if (stopping || ended || failure || !isRunning() || isStale() || batch.messages.length === 0) return;
          const messages = batch.messages.map((message) => delivered(batch.topic, batch.partition, message));
          let handled: () => void = () => undefined;
          handling = new Promise<void>((resolve) => (handled = resolve));
          try {
            await handle(messages);
          } catch (error) {
            // Nothing resolved or committed: the group's next member gets these messages again.
            failure = { error };
            pause();
            setImmediate(() => void end({ kind: 'failed', error }));
            return;
          } finally {
            handling = null;
            handled();
            progress('batch handled');
          }
          const last = batch.messages[batch.messages.length - 1].offset;
          await consumer.commitOffsets([
            { topic: batch.topic, partition: batch.partition, offset: (BigInt(last) + 1n).toString() },
          ]);
          resolveOffset(last);
          await heartbeat();
        },
      });
    })();
    void started.then(
      () => (startSettled = true),
      (error: unknown) => {
        startSettled = true;
        void end({ kind: 'failed', error });
      },
    );

    const subscription: BusSubscription = {
      ready,
      done,
      async stop() {
        stopping = true;
        await end({ kind: 'stopped' });
      },
    };
    subscriptions.add(subscription);
    void done.then(() => subscriptions.delete(subscription));
    return subscription;
  }

  return {
    publish,
    subscribe,
    async close(): Promise<void> {
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await sendQueue;
      await producer?.then((client) => client.disconnect()).catch(() => undefined);
      await admin?.then((client) => client.disconnect()).catch(() => undefined);
    },
  };
}

/** Waits for `promise` to settle, but no longer than `ms`. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
}

function delivered(topic: string, partition: number, message: KafkaMessage): DeliveredMessage {
  return {
    topic,
    partition,
    offset: message.offset,
    key: message.key ? message.key.toString('utf8') : '',
    value: message.value ?? Buffer.alloc(0),
    headers: headerStrings(message.headers),
  };
}

function headerStrings(headers: IHeaders | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) result[name] = first.toString();
  }
  return result;
}
