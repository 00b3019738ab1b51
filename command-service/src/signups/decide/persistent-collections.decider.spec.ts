import fc from 'fast-check';
import { hashString, PersistentMap, PersistentQueue } from './persistent-collections.decider';

// The persistent collections against plain models (Map, a sorted array): random updates give
// the same answers, older versions never change, and equal content gives equal values whatever
// the order of the updates.

// Two keys with one 32-bit hash (found by search): they share a collision node.
const TWINS = ['s31597', 's618190'] as const;

const key = fc.oneof(fc.integer({ min: 0, max: 40 }).map((n) => `k${n}`), fc.constantFrom(...TWINS));
const mapOp = fc.oneof(
  fc.tuple(fc.constant('set' as const), key, fc.integer({ min: 0, max: 3 })),
  fc.tuple(fc.constant('delete' as const), key, fc.constant(0)),
);

function mapOf(ops: ReadonlyArray<readonly ['set' | 'delete', string, number]>): PersistentMap<number> {
  return ops.reduce((m, [op, k, v]) => (op === 'set' ? m.set(k, v) : m.delete(k)), PersistentMap.empty<number>());
}

describe('PersistentMap', () => {
  it('has the hash collision the tests rely on', () => {
    expect(hashString(TWINS[0])).toBe(hashString(TWINS[1]));
  });

  it('answers like a Map after any updates, and leaves every older version as it was', () => {
    fc.assert(fc.property(fc.array(mapOp, { maxLength: 120 }), (ops) => {
      const model = new Map<string, number>();
      const versions: Array<{ map: PersistentMap<number>; model: Map<string, number> }> = [];
      let map = PersistentMap.empty<number>();
      for (const [op, k, v] of ops) {
        if (op === 'set') {
          map = map.set(k, v);
          model.set(k, v);
        } else {
          map = map.delete(k);
          model.delete(k);
        }
        versions.push({ map, model: new Map(model) });
      }
      for (const version of versions) {
        expect(version.map.size).toBe(version.model.size);
        expect(Object.fromEntries(version.map.entries())).toEqual(Object.fromEntries(version.model));
        expect(version.map.keys().sort()).toEqual([...version.model.keys()].sort());
        for (const k of ['k0', 'k7', 'k40', 'k41', ...TWINS]) {
          expect(version.map.get(k)).toBe(version.model.get(k));
          expect(version.map.has(k)).toBe(version.model.has(k));
        }
      }
    }), { numRuns: 300 });
  });

  it('depends on its content only: the same content built in another order is equal', () => {
    const built = fc.array(mapOp, { maxLength: 80 }).map(mapOf);
    const withShuffle = built.chain((map) => fc.tuple(fc.constant(map), fc.shuffledSubarray(map.entries(), { minLength: map.size })));
    fc.assert(fc.property(withShuffle, ([map, shuffled]) => {
      expect(shuffled.reduce((m, [k, v]) => m.set(k, v), PersistentMap.empty<number>())).toEqual(map);
      // Emptied again, it is the empty map.
      expect(map.keys().reduce((m, k) => m.delete(k), map)).toEqual(PersistentMap.empty());
    }), { numRuns: 300 });
  });

  it('holds a large map over several trie levels', () => {
    const keys = Array.from({ length: 5_000 }, (_, i) => `id-${i}`);
    const full = keys.reduce((m, k, i) => m.set(k, i), PersistentMap.empty<number>());
    const thinned = keys.filter((_, i) => i % 3 === 0).reduce((m, k) => m.delete(k), full);
    expect(full.size).toBe(5_000);
    expect(thinned.size).toBe(5_000 - Math.ceil(5_000 / 3));
    keys.forEach((k, i) => {
      expect(full.get(k)).toBe(i);
      expect(thinned.get(k)).toBe(i % 3 === 0 ? undefined : i);
    });
    expect(thinned).toEqual(keys.filter((_, i) => i % 3 !== 0).reverse().reduce((m, k) => m.set(k, Number(k.slice(3))), PersistentMap.empty<number>()));
  });

  it('returns itself for updates that change nothing', () => {
    const map = PersistentMap.empty<number>().set('a', 1);
    expect(map.set('a', 1)).toBe(map);
    expect(map.delete('b')).toBe(map);
  });
});

const queueOp = fc.oneof(
  { weight: 3, arbitrary: fc.constant(['add', 0] as const) },
  { weight: 2, arbitrary: fc.nat().map((n) => ['remove', n] as const) },
);

describe('PersistentQueue', () => {
  it('keeps (position, id) order, ranks and stops reading where asked, like a sorted array', () => {
    fc.assert(fc.property(fc.array(queueOp, { maxLength: 150 }), fc.nat({ max: 10 }), (ops, stopAfter) => {
      let queue = PersistentQueue.empty();
      let model: Array<{ id: string; position: number }> = [];
      const versions: Array<{ queue: PersistentQueue; ids: string[] }> = [];
      ops.forEach(([op, n], step) => {
        if (op === 'add') {
          // Positions are arrival sequences; an id may come back later at a new position.
          const id = `s${step % 17}`;
          if (model.some((e) => e.id === id)) return;
          queue = queue.add(id, step);
          model.push({ id, position: step });
        } else {
          const gone = model[n % Math.max(model.length, 1)];
          if (!gone) return;
          queue = queue.remove(gone.id, gone.position);
          model = model.filter((e) => e.id !== gone.id);
        }
        versions.push({ queue, ids: model.map((e) => e.id) });
      });
      for (const version of versions) {
        expect(version.queue.ids()).toEqual(version.ids);
        expect(version.queue.size).toBe(version.ids.length);
      }
      model.forEach((e, index) => expect(queue.rank(e.id, e.position)).toBe(index));
      expect(queue.rank('absent', 0)).toBeNull();
      const read: string[] = [];
      queue.forEach((id) => {
        if (read.length === stopAfter) return false;
        read.push(id);
        return true;
      });
      expect(read).toEqual(model.slice(0, stopAfter).map((e) => e.id));
    }), { numRuns: 300 });
  });

  it('depends on its content only', () => {
    const entries = Array.from({ length: 40 }, (_, i) => ({ id: `s${i}`, position: i }));
    const forward = entries.reduce((q, e) => q.add(e.id, e.position), PersistentQueue.empty());
    const backward = [...entries].reverse().reduce((q, e) => q.add(e.id, e.position), PersistentQueue.empty());
    expect(backward).toEqual(forward);
    const emptied = entries.reduce((q, e) => q.remove(e.id, e.position), forward);
    expect(emptied).toEqual(PersistentQueue.empty());
  });
});
