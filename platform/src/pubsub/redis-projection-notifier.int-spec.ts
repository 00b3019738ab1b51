import { randomUUID } from 'node:crypto';
import { componentUrl, describeWith } from '../../../scripts/testing/components';
import { createRedisNotifier } from './redis-notifier.adapter';
import { describeProjectionNotifierContract } from './testing/projection-notifier.contract';

describeWith('redis', 'Redis projection notifier', () => {
  describeProjectionNotifierContract('redis', async () => {
    const url = componentUrl('redis') as string;
    // A channel per test, so parallel suites on one Redis never see each other's messages.
    const channel = `planwerk:projections:test-${randomUUID()}`;
    const publisher = createRedisNotifier({ url, channel });
    const subscriber = createRedisNotifier({ url, channel });
    return {
      publisher,
      subscriber,
      close: async () => {
        await Promise.all([publisher.close(), subscriber.close()]);
      },
    };
  });

  it('reports an undecodable message instead of delivering it', async () => {
    const url = componentUrl('redis') as string;
    const channel = `planwerk:projections:test-${randomUUID()}`;
    const errors: unknown[] = [];
    const notifier = createRedisNotifier({ url, channel, onError: (error) => errors.push(error) });
    await notifier.ready();
    const received: unknown[] = [];
    notifier.subscribe((change) => received.push(change));
    const { Redis } = await import('ioredis');
    const raw = new Redis(url);
    try {
      await raw.publish(channel, '{"checkpoint":"1"}');
      await notifier.publish({ projection: 'valid', checkpoint: '2' });
      // Redis delivers in publish order: once the valid change is here, the bad one was handled.
      const started = Date.now();
      while (received.length === 0 && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 10));
      expect(received).toEqual([{ projection: 'valid', checkpoint: '2' }]);
      expect(errors).toHaveLength(1);
    } finally {
      raw.disconnect();
      await notifier.close();
    }
  });
});
