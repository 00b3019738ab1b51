import { createInProcessNotifier } from './in-process-notifier.adapter';
import { describeProjectionNotifierContract } from './testing/projection-notifier.contract';

describeProjectionNotifierContract('in-process', async () => {
  const notifier = createInProcessNotifier();
  return { publisher: notifier, subscriber: notifier, close: () => notifier.close() };
});

describe('in-process notifier', () => {
  it('keeps delivering to the others when one listener throws, and reports the error', async () => {
    const errors: unknown[] = [];
    const notifier = createInProcessNotifier({ onError: (error) => errors.push(error) });
    const received: string[] = [];
    notifier.subscribe(() => {
      throw new Error('listener broke');
    });
    const delivered = new Promise<void>((resolve) =>
      notifier.subscribe((change) => {
        received.push(change.checkpoint);
        resolve();
      }),
    );

    await notifier.publish({ projection: 'p', checkpoint: '7' });
    await delivered;

    expect(received).toEqual(['7']);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('listener broke');
    await notifier.close();
  });

  it('refuses to publish after close', async () => {
    const notifier = createInProcessNotifier();
    await notifier.close();
    await expect(notifier.publish({ projection: 'p', checkpoint: '1' })).rejects.toThrow('closed');
  });
});
