import { StreamLock } from './stream-lock';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('StreamLock', () => {
  it('runs holders of one key one at a time, in arrival order', async () => {
    const lock = new StreamLock();
    const order: string[] = [];
    let inside = 0;
    let most = 0;
    const work = (name: string) => lock.run('signups-1', async () => {
      inside += 1;
      most = Math.max(most, inside);
      order.push(`start ${name}`);
      await tick();
      order.push(`end ${name}`);
      inside -= 1;
      return name;
    });
    await expect(Promise.all(['a', 'b', 'c'].map(work))).resolves.toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(lock.size).toBe(0);
  });

  it('lets different keys run side by side', async () => {
    const lock = new StreamLock();
    let inside = 0;
    let most = 0;
    await Promise.all(['x', 'y'].map((key) => lock.run(key, async () => {
      inside += 1;
      most = Math.max(most, inside);
      await tick();
      inside -= 1;
    })));
    expect(most).toBe(2);
  });

  it('does not wedge the queue when a holder fails', async () => {
    const lock = new StreamLock();
    const failed = lock.run('k', async () => {
      throw new Error('boom');
    });
    const next = lock.run('k', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });

  it('holds several keys in sorted order, so crossing callers do not deadlock', async () => {
    const lock = new StreamLock();
    const seen: string[] = [];
    await Promise.all([
      lock.runAll(['b', 'a'], async () => { seen.push('ab'); await tick(); }),
      lock.runAll(['a', 'b'], async () => { seen.push('ba'); await tick(); }),
      lock.run('b', async () => { seen.push('b'); }),
    ]);
    expect(seen.sort()).toEqual(['ab', 'b', 'ba']);
    expect(lock.size).toBe(0);
  });
});
