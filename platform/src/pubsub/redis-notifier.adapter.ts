import { Redis } from 'ioredis';
import { ListenerSet } from './listener-set';
import {
  PROJECTIONS_CHANNEL,
  decodeProjectionChange,
  encodeProjectionChange,
  type NotifierOptions,
  type ProjectionNotifier,
} from './projection-notifier.port';

export interface RedisNotifierOptions extends NotifierOptions {
  url: string;
  channel?: string;
}

// Distributed mode. A connection in subscriber mode can run no other command, hence two.
// ioredis queues commands until connected and re-subscribes after a reconnect by itself.
export function createRedisNotifier(options: RedisNotifierOptions): ProjectionNotifier {
  const channel = options.channel ?? PROJECTIONS_CHANNEL;
  const listeners = new ListenerSet(options);
  const publisher = new Redis(options.url);
  const subscriber = new Redis(options.url);
  publisher.on('error', (error: unknown) => listeners.reportError(error));
  subscriber.on('error', (error: unknown) => listeners.reportError(error));
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      listeners.deliver(decodeProjectionChange(message));
    } catch (error) {
      listeners.reportError(error);
    }
  });
  const subscribed = subscriber.subscribe(channel).then(() => undefined);
  // Awaited through ready(); a failure is also reported, never left unhandled.
  subscribed.catch((error: unknown) => listeners.reportError(error));

  let closed = false;
  return {
    async publish(change) {
      if (closed) throw new Error('ProjectionNotifier is closed');
      await publisher.publish(channel, encodeProjectionChange(change));
    },
    subscribe(listener) {
      return listeners.add(listener);
    },
    ready() {
      return subscribed;
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
