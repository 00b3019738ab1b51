import { randomUUID } from 'node:crypto';
import type { BusSubscription, DeliveredMessage, MessageBus, OutgoingMessage } from '../bus.port';

const TEST_TIMEOUT_MS = 60_000;

async function until(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function messagesFor(key: string, count: number, from = 0): OutgoingMessage[] {
  return Array.from({ length: count }, (_, i) => ({ key, value: `${key}:${from + i}`, headers: { seq: String(from + i) } }));
}

function valuesByKey(messages: DeliveredMessage[]): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const message of messages) {
    const values = byKey.get(message.key) ?? [];
    values.push(message.value.toString('utf8'));
    byKey.set(message.key, values);
  }
  return byKey;
}

/**
 * The MessageBus contract (architecture.md, "Ports: one contract suite per port"). `factory`
 * returns a fresh bus for each test; topics are unique per test, so a shared broker is fine.
 * A "restart" is a new subscription in the same group after the previous one ended.
 */
export function describeBusContract(name: string, factory: () => MessageBus | Promise<MessageBus>): void {
  describe(`MessageBus contract: ${name}`, () => {
    let bus: MessageBus;
    let topic: string;
    let subscriptions: BusSubscription[] = [];

    const consume = (groupId: string, into: DeliveredMessage[], fail?: (message: DeliveredMessage) => boolean) => {
      const subscription = bus.subscribe({
        topic,
        groupId,
        async handle(messages) {
          for (const message of messages) {
            if (fail?.(message)) throw new Error(`handler refused ${message.value.toString('utf8')}`);
            into.push(message);
          }
        },
      });
      subscriptions.push(subscription);
      return subscription;
    };

    beforeEach(async () => {
      bus = await factory();
      topic = `contract.${randomUUID()}`;
    });

    afterEach(async () => {
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
      subscriptions = [];
      await bus.close();
    }, TEST_TIMEOUT_MS);

    it('delivers every published message, in order per key, with key, value and headers', async () => {
      const keys = ['stream-a', 'stream-b', 'stream-c'];
      for (let round = 0; round < 4; round++) {
        await bus.publish(topic, keys.flatMap((key) => messagesFor(key, 5, round * 5)));
      }
      const received: DeliveredMessage[] = [];
      consume(`group-${randomUUID()}`, received);
      await until(() => received.length >= 60, '60 messages');

      const byKey = valuesByKey(received);
      for (const key of keys) {
        expect(byKey.get(key)).toEqual(messagesFor(key, 20).map((message) => message.value));
      }
      const first = received.find((message) => message.key === 'stream-b')!;
      expect(first.topic).toBe(topic);
      expect(first.headers).toEqual({ seq: '0' });
      expect(Buffer.isBuffer(first.value)).toBe(true);
    }, TEST_TIMEOUT_MS);

    it('delivers messages published after the consumer joined', async () => {
      const received: DeliveredMessage[] = [];
      const subscription = consume(`group-${randomUUID()}`, received);
      await subscription.ready;
      await bus.publish(topic, messagesFor('late', 3));
      await until(() => received.length >= 3, '3 messages');
      expect(received.map((message) => message.value.toString())).toEqual(['late:0', 'late:1', 'late:2']);
    }, TEST_TIMEOUT_MS);

    it('gives every consumer group every message', async () => {
      await bus.publish(topic, [...messagesFor('x', 10), ...messagesFor('y', 10)]);
      const first: DeliveredMessage[] = [];
      const second: DeliveredMessage[] = [];
      consume(`group-one-${randomUUID()}`, first);
      consume(`group-two-${randomUUID()}`, second);
      await until(() => first.length >= 20 && second.length >= 20, 'both groups');

      for (const received of [first, second]) {
        const byKey = valuesByKey(received);
        expect(byKey.get('x')).toEqual(messagesFor('x', 10).map((message) => message.value));
        expect(byKey.get('y')).toEqual(messagesFor('y', 10).map((message) => message.value));
      }
    }, TEST_TIMEOUT_MS);

    it('does not commit when the handler throws: the subscription fails and a restart gets the message again', async () => {
      await bus.publish(topic, messagesFor('poison', 5));
      const groupId = `group-${randomUUID()}`;
      const beforeCrash: DeliveredMessage[] = [];
      const crashed = consume(groupId, beforeCrash, (message) => message.value.toString() === 'poison:2');
      const end = await crashed.done;
      expect(end.kind).toBe('failed');
      if (end.kind === 'failed') expect(String(end.error)).toContain('handler refused poison:2');

      const afterRestart: DeliveredMessage[] = [];
      consume(groupId, afterRestart);
      await until(() => afterRestart.some((message) => message.value.toString() === 'poison:4'), 'the rest after restart');
      const values = afterRestart.map((message) => message.value.toString());
      // At-least-once: the refused message and everything after it come again, in order.
      expect(values.slice(values.indexOf('poison:2'))).toEqual(['poison:2', 'poison:3', 'poison:4']);
      const seen = new Set([...beforeCrash, ...afterRestart].map((message) => message.value.toString()));
      expect([...seen].sort()).toEqual(['poison:0', 'poison:1', 'poison:2', 'poison:3', 'poison:4']);
    }, TEST_TIMEOUT_MS);

    it('does not redeliver what a handler acknowledged before a restart', async () => {
      await bus.publish(topic, messagesFor('acked', 5));
      const groupId = `group-${randomUUID()}`;
      const firstRun: DeliveredMessage[] = [];
      const first = consume(groupId, firstRun);
      await until(() => firstRun.length >= 5, 'the first five');
      await first.stop();
      expect(await first.done).toEqual({ kind: 'stopped' });

      await bus.publish(topic, messagesFor('acked', 5, 5));
      const secondRun: DeliveredMessage[] = [];
      consume(groupId, secondRun);
      await until(() => secondRun.length >= 5, 'the next five');
      // Give a wrongly redelivered message time to show up before judging.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(secondRun.map((message) => message.value.toString())).toEqual(
        messagesFor('acked', 5, 5).map((message) => message.value),
      );
    }, TEST_TIMEOUT_MS);

    it('delivers every message of concurrent publishes, each publish in order', async () => {
      const keys = Array.from({ length: 20 }, (_, i) => `concurrent-${i}`);
      await Promise.all(keys.map((key) => bus.publish(topic, messagesFor(key, 5))));
      const received: DeliveredMessage[] = [];
      consume(`group-${randomUUID()}`, received);
      await until(() => received.length >= 100, '100 messages');

      expect(received).toHaveLength(100);
      const byKey = valuesByKey(received);
      for (const key of keys) {
        expect(byKey.get(key)).toEqual(messagesFor(key, 5).map((message) => message.value));
      }
    }, TEST_TIMEOUT_MS);
  });
}
