import {
  toBuffer,
  type BusSubscribeOptions,
  type BusSubscription,
  type DeliveredMessage,
  type MessageBus,
  type OutgoingMessage,
  type SubscriptionEnd,
} from './bus.port';

// Embedded mode: one in-memory log per topic (a single partition, so order holds for every
// key) and a committed position per consumer group. Like a Kafka partition, a group has one
// active member; the others stand by and take over from the committed position.

interface StoredRecord {
  key: string;
  value: Buffer;
  headers: Record<string, string>;
}

interface Member {
  wake(): void;
}

interface Group {
  committed: number;
  members: Member[];
}

interface TopicLog {
  records: StoredRecord[];
  groups: Map<string, Group>;
}

export interface InProcessBusOptions {
  /** Most messages handed to one handler call. */
  maxBatchSize?: number;
}

export function createInProcessBus(options: InProcessBusOptions = {}): MessageBus {
  const maxBatchSize = options.maxBatchSize ?? 100;
  const topics = new Map<string, TopicLog>();
  const subscriptions = new Set<BusSubscription>();
  let closed = false;

  function topicLog(topic: string): TopicLog {
    let log = topics.get(topic);
    if (!log) {
      log = { records: [], groups: new Map() };
      topics.set(topic, log);
    }
    return log;
  }

  function wakeAll(log: TopicLog): void {
    for (const group of log.groups.values()) for (const member of group.members) member.wake();
  }

  function subscribe({ topic, groupId, handle }: BusSubscribeOptions): BusSubscription {
    if (closed) throw new Error('in-process bus is closed');
    const log = topicLog(topic);
    let group = log.groups.get(groupId);
    if (!group) {
      group = { committed: 0, members: [] };
      log.groups.set(groupId, group);
    }
    const theGroup = group;
    let stopping = false;
    let pending: (() => void) | null = null;
    const member: Member = {
      wake() {
        const resolve = pending;
        pending = null;
        resolve?.();
      },
    };
    theGroup.members.push(member);
    const idle = () => new Promise<void>((resolve) => (pending = resolve));

    async function run(): Promise<SubscriptionEnd> {
      // Deliver asynchronously, as a broker would: never inside publish() or subscribe().
      await Promise.resolve();
      try {
        while (!stopping) {
          const from = theGroup.committed;
          const records = log.records.slice(from, from + maxBatchSize);
          if (theGroup.members[0] !== member || records.length === 0) {
            await idle();
            continue;
          }
          const messages: DeliveredMessage[] = records.map((record, i) => ({
            topic,
            partition: 0,
            offset: String(from + i),
            key: record.key,
            value: Buffer.from(record.value),
            headers: { ...record.headers },
          }));
          try {
            await handle(messages);
          } catch (error) {
            return { kind: 'failed', error };
          }
          theGroup.committed = from + records.length;
        }
        return { kind: 'stopped' };
      } finally {
        theGroup.members.splice(theGroup.members.indexOf(member), 1);
        // The next member of the group takes over from the committed position.
        theGroup.members[0]?.wake();
      }
    }

    const done = run();
    const subscription: BusSubscription = {
      ready: Promise.resolve(),
      done,
      async stop() {
        stopping = true;
        member.wake();
        await done;
      },
    };
    subscriptions.add(subscription);
    void done.then(() => subscriptions.delete(subscription));
    return subscription;
  }

  return {
    async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
      if (closed) throw new Error('in-process bus is closed');
      const log = topicLog(topic);
      for (const message of messages) {
        log.records.push({ key: message.key, value: toBuffer(message.value), headers: { ...message.headers } });
      }
      wakeAll(log);
    },
    subscribe,
    async close(): Promise<void> {
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
    },
  };
}
