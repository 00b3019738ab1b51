import { GroupCommit, SharedReads, type Settled } from './group-commit';
import { StreamLock } from './stream-lock';

// Batches are steered by hand: `write` parks every batch until the test releases it, so what
// forms a batch depends only on what was submitted while the previous one was parked.

interface Parked {
  key: string;
  commands: string[];
  release(outcomes?: Array<Settled<string>>): void;
  fail(error: unknown): void;
}

function parkedWriter() {
  const parked: Parked[] = [];
  const write = (key: string, commands: readonly string[]) => new Promise<ReadonlyArray<Settled<string>>>((resolve, reject) => {
    parked.push({
      key,
      commands: [...commands],
      release: (outcomes) => resolve(outcomes ?? commands.map((c) => ({ ok: true, value: `${c} written` }))),
      fail: reject,
    });
  });
  return { parked, write };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Collects the outcome of each promise as it settles, without unhandled rejections. */
function outcomes(promises: Record<string, Promise<string>>, seen: Record<string, string> = {}) {
  for (const [name, promise] of Object.entries(promises)) {
    promise.then((value) => { seen[name] = value; }, (error: Error) => { seen[name] = `error: ${error.message}`; });
  }
  return seen;
}

describe('GroupCommit', () => {
  it('writes a lone command at once, then everything that queued meanwhile as the next batch, in arrival order', async () => {
    const { parked, write } = parkedWriter();
    const commit = new GroupCommit<string, string>({ write });
    const seen = outcomes({ a: commit.submit('list-1', 'a') });
    await settle();
    expect(parked.map((p) => p.commands)).toEqual([['a']]);

    outcomes({ b: commit.submit('list-1', 'b'), c: commit.submit('list-1', 'c'), d: commit.submit('list-1', 'd') }, seen);
    await settle();
    expect(parked).toHaveLength(1);
    parked[0]?.release();
    await settle();
    expect(parked.map((p) => p.commands)).toEqual([['a'], ['b', 'c', 'd']]);
    expect(seen).toEqual({ a: 'a written' });

    parked[1]?.release();
    await settle();
    expect(seen).toEqual({ a: 'a written', b: 'b written', c: 'c written', d: 'd written' });
    expect(commit.size).toBe(0);
  });

  it('takes at most maxBatch commands per batch; the rest follow in order', async () => {
    const { parked, write } = parkedWriter();
    const commit = new GroupCommit<string, string>({ write, maxBatch: 2 });
    const all = ['a', 'b', 'c', 'd', 'e', 'f'].map((c) => commit.submit('k', c));
    for (let i = 0; i < 4; i += 1) {
      await settle();
      parked[i]?.release();
    }
    await expect(Promise.all(all)).resolves.toEqual(['a', 'b', 'c', 'd', 'e', 'f'].map((c) => `${c} written`));
    expect(parked.map((p) => p.commands)).toEqual([['a'], ['b', 'c'], ['d', 'e'], ['f']]);
  });

  it('fails one command alone: its caller gets its error, the others of the batch their values', async () => {
    const { parked, write } = parkedWriter();
    const commit = new GroupCommit<string, string>({ write });
    void commit.submit('k', 'first').catch(() => undefined);
    await settle();
    const seen = outcomes({ b: commit.submit('k', 'b'), c: commit.submit('k', 'c'), d: commit.submit('k', 'd') });
    parked[0]?.release();
    await settle();
    parked[1]?.release([{ ok: true, value: 'b ok' }, { ok: false, error: new Error('list_full') }, { ok: true, value: 'd ok' }]);
    await settle();
    expect(seen).toEqual({ b: 'b ok', c: 'error: list_full', d: 'd ok' });
  });

  it('fails every command of a batch whose write throws, and still writes the next batch', async () => {
    const { parked, write } = parkedWriter();
    const commit = new GroupCommit<string, string>({ write });
    const seen = outcomes({ a: commit.submit('k', 'a') });
    await settle();
    outcomes({ b: commit.submit('k', 'b') }, seen);
    parked[0]?.fail(new Error('connection lost'));
    await settle();
    expect(seen).toEqual({ a: 'error: connection lost' });
    parked[1]?.release();
    await settle();
    expect(seen).toEqual({ a: 'error: connection lost', b: 'b written' });
    expect(commit.size).toBe(0);
  });

  it('rejects a batch whose write answers the wrong number of outcomes', async () => {
    const commit = new GroupCommit<string, string>({ write: async () => [] });
    await expect(commit.submit('k', 'a')).rejects.toThrow('answered 0 outcomes');
  });

  it('keeps keys apart: a parked batch of one key does not hold back another key', async () => {
    const { parked, write } = parkedWriter();
    const commit = new GroupCommit<string, string>({ write });
    const seen = outcomes({ x: commit.submit('list-x', 'x'), y: commit.submit('list-y', 'y') });
    await settle();
    expect(parked.map((p) => p.key)).toEqual(['list-x', 'list-y']);
    parked[1]?.release();
    await settle();
    expect(seen).toEqual({ y: 'y written' });
    parked[0]?.release();
    await settle();
    expect(seen).toEqual({ x: 'x written', y: 'y written' });
  });

  it('holds the key of the lock while a batch runs, so runAll over that key excludes batches', async () => {
    const lock = new StreamLock();
    const { parked, write } = parkedWriter();
    const commit = new GroupCommit<string, string>({ write, lock });
    const order: string[] = [];
    let releaseClear: () => void = () => undefined;
    const clear = lock.runAll(['list-1', 'list-2'], async () => {
      order.push('clear start');
      await new Promise<void>((resolve) => { releaseClear = resolve; });
      order.push('clear end');
    });
    await settle();
    const all = [commit.submit('list-1', 'a'), commit.submit('list-1', 'b')];
    await settle();
    // The batch waits for the lock; both commands join it.
    expect(parked).toHaveLength(0);
    releaseClear();
    await clear;
    await settle();
    expect(parked.map((p) => p.commands)).toEqual([['a', 'b']]);

    // And a runAll that arrives while the batch runs waits for it.
    const second = lock.runAll(['list-1'], async () => { order.push('second clear'); });
    await settle();
    expect(order).toEqual(['clear start', 'clear end']);
    order.push('batch end');
    parked[0]?.release();
    await Promise.all([...all, second]);
    expect(order).toEqual(['clear start', 'clear end', 'batch end', 'second clear']);
    expect(lock.size).toBe(0);
  });
});

describe('SharedReads', () => {
  it('lets reads that arrive while one is in flight share the next one, never the one in flight', async () => {
    const started: Array<(value: number) => void> = [];
    let queries = 0;
    const load = () => new Promise<number>((resolve) => {
      queries += 1;
      started.push(resolve);
    });
    const reads = new SharedReads<number>();
    const first = reads.read('project-1', load);
    await settle();
    const later = [reads.read('project-1', load), reads.read('project-1', load), reads.read('project-1', load)];
    await settle();
    expect(queries).toBe(1);
    started[0]?.(1);
    await expect(first).resolves.toBe(1);
    await settle();
    expect(queries).toBe(2);
    started[1]?.(2);
    await expect(Promise.all(later)).resolves.toEqual([2, 2, 2]);
    expect(reads.size).toBe(0);
  });

  it('gives a failed read to the callers that shared it only', async () => {
    let call = 0;
    const reads = new SharedReads<string>();
    const load = async () => {
      call += 1;
      if (call === 1) throw new Error('read failed');
      return 'fresh';
    };
    const failed = reads.read('k', load);
    const next = reads.read('k', load);
    await expect(failed).rejects.toThrow('read failed');
    await expect(next).resolves.toBe('fresh');
  });
});
