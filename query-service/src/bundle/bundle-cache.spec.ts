import { BundleCache } from './bundle-cache';

function cacheAt(start = 0) {
  let now = start;
  const cache = new BundleCache<string>({ ttlMs: 5 * 60_000, maxEntries: 3, now: () => now });
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('BundleCache', () => {
  it('answers a stored entry until it is 5 minutes old', () => {
    const { cache, advance } = cacheAt();
    cache.set('k', 'answer', ['user:u1'], cache.begin());
    advance(5 * 60_000 - 1);
    expect(cache.get('k')).toBe('answer');
    advance(1);
    expect(cache.get('k')).toBeUndefined();
  });

  it('drops entries whose tags were bumped, keeps the others', () => {
    const { cache } = cacheAt();
    cache.set('a', 'A', ['user:u1', 'team:t1'], cache.begin());
    cache.set('b', 'B', ['user:u2'], cache.begin());
    cache.invalidate(['team:t1']);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('B');
  });

  it('does not keep an answer computed while one of its tags was bumped', () => {
    const { cache } = cacheAt();
    const stamp = cache.begin();
    cache.invalidate(['team:t1']);
    cache.set('a', 'stale', ['team:t1'], stamp);
    expect(cache.get('a')).toBeUndefined();
    // A later computation of the same request is kept.
    cache.set('a', 'fresh', ['team:t1'], cache.begin());
    expect(cache.get('a')).toBe('fresh');
  });

  it('invalidateAll drops everything, and answers begun before it stay out', () => {
    const { cache } = cacheAt();
    const stamp = cache.begin();
    cache.set('a', 'A', ['x'], stamp);
    cache.invalidateAll();
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', 'B', ['y'], stamp);
    expect(cache.get('b')).toBeUndefined();
  });

  it('holds at most maxEntries, evicting the oldest write', () => {
    const { cache } = cacheAt();
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, key, [], cache.begin());
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')).toBe('d');
  });
});
