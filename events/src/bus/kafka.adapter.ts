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
    producer.catch(() => (producer = null));
    return producer;
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
    const client = await connectedProducer();
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
    await send;
  }

  function subscribe({ topic, groupId, handle }: BusSubscribeOptions): BusSubscription {
    if (closed) throw new Error('kafka bus is closed');
    const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false, maxWaitTimeInMs });
    let stopping = false;
    let failure: { error: unknown } | null = null;
    let markReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    let finish: (end: SubscriptionEnd) => void = () => undefined;
    const done = new Promise<SubscriptionEnd>((resolve) => (finish = resolve));
    let ending: Promise<void> | null = null;

    function end(result: SubscriptionEnd): Promise<void> {
      ending ??= (async () => {
        await started.catch(() => undefined);
        await consumer.disconnect().catch(() => undefined);
        markReady();
        finish(result);
      })();
      return ending;
    }

    consumer.on(consumer.events.GROUP_JOIN, () => markReady());
    consumer.on(consumer.events.CRASH, (event) => {
      if (!event.payload.restart) void end({ kind: 'failed', error: event.payload.error });
    });

    const started = (async () => {
      await ensureTopic(topic);
      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        eachBatch: async ({ batch, resolveOffset, heartbeat, pause, isRunning, isStale }) => {
          if (stopping || failure || !isRunning() || isStale() || batch.messages.length === 0) return;
          const messages = batch.messages.map((message) => delivered(batch.topic, batch.partition, message));
          try {
            await handle(messages);
          } catch (error) {
            // Nothing resolved or committed: the group's next member gets these messages again.
            failure = { error };
            pause();
            setImmediate(() => void end({ kind: 'failed', error }));
            return;
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
    started.catch((error: unknown) => void end({ kind: 'failed', error }));

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
