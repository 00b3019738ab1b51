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
// Resolves once SUBSCRIBE is acknowledged, so a change published afterwards is never missed.
export async function createRedisNotifier(options: RedisNotifierOptions): Promise<ProjectionNotifier> {
  const channel = options.channel ?? PROJECTIONS_CHANNEL;
  const listeners = new ListenerSet(options);
  const publisher = new Redis(options.url, { lazyConnect: true });
  const subscriber = new Redis(options.url, { lazyConnect: true });
  // ioredis re-subscribes after a reconnect by itself; errors are reported, not thrown.
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
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }

  let closed = false;
  return {
    async publish(change) {
      if (closed) throw new Error('ProjectionNotifier is closed');
      await publisher.publish(channel, encodeProjectionChange(change));
    },
    subscribe(listener) {
      return listeners.add(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
