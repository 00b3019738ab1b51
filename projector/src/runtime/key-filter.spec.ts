import { KeyFilter } from './key-filter';

describe('KeyFilter', () => {
  it('never forgets a key it was given, across the layers it grows', () => {
    const filter = new KeyFilter(1_000);
    const keys = Array.from({ length: 20_000 }, (_, i) => `feedback\u0000${i.toString(36)}-${(i * 7919) % 10_007}`);
    for (const key of keys) filter.add(key);
    expect(keys.filter((key) => !filter.mightContain(key))).toEqual([]);
  });

  it('says "maybe" for only a few keys it was not given', () => {
    const filter = new KeyFilter(1_000);
    for (let i = 0; i < 20_000; i += 1) filter.add(`thing\u0000added-${i}`);
    const others = Array.from({ length: 20_000 }, (_, i) => `thing\u0000other-${i}`);
    const falsePositives = others.filter((key) => filter.mightContain(key)).length;
    // About 0.1 % per layer; five layers here.
    expect(falsePositives).toBeLessThan(others.length * 0.01);
  });

  it('knows nothing before the first key', () => {
    expect(new KeyFilter().mightContain('anything')).toBe(false);
  });
});
