// The message bus port (architecture.md, "Kafka, Redis, BullMQ"): Kafka in distributed mode,
// an in-memory log in embedded mode. Delivery is at-least-once with order per key; a consumer
// commits its position only after its handler resolved, so the handler does its own
// transaction and discards duplicates (by event id) itself.

export interface OutgoingMessage {
  /** Partitioning key: messages with one key keep their order (the stream id for events). */
  key: string;
  value: Buffer | string;
  headers?: Record<string, string>;
}

export interface DeliveredMessage {
  topic: string;
  partition: number;
  /** Position in the partition, as a decimal string (Kafka offsets exceed 2^53). */
  offset: string;
  key: string;
  value: Buffer;
  headers: Record<string, string>;
}

/** Why a subscription ended: stop() was called, or a handler (or the consumer) failed. */
export type SubscriptionEnd = { kind: 'stopped' } | { kind: 'failed'; error: unknown };

export interface BusSubscribeOptions {
  topic: string;
  /** Members of one group share the topic's partitions; every group gets every message. */
  groupId: string;
  /**
   * Called with consecutive messages of one partition, in order. The group's position moves
   * past them only after the returned promise resolves. A rejection stops the subscription
   * without moving the position, so the next member of the group gets the same messages.
   */
  handle(messages: DeliveredMessage[]): Promise<void>;
}

export interface BusSubscription {
  /** Resolves once the consumer has joined its group and been given its share of the topic. */
  readonly ready: Promise<void>;
  /** Resolves when the subscription has ended; never rejects. */
  readonly done: Promise<SubscriptionEnd>;
  /** Waits for the handler in progress, then leaves the group. */
  stop(): Promise<void>;
}

export interface MessageBus {
  /** Resolves only when every message is durably acknowledged (Kafka: acks=all). */
  publish(topic: string, messages: OutgoingMessage[]): Promise<void>;
  subscribe(options: BusSubscribeOptions): BusSubscription;
  /** Stops every subscription and releases connections. */
  close(): Promise<void>;
}

export function toBuffer(value: Buffer | string): Buffer {
  return typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value);
}
