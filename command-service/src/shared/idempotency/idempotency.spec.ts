import { deterministicIds, randomIds, uuidV5 } from './deterministic-ids';
import { canonicalJson, requestHash } from './idempotency.store';

describe('deterministic ids', () => {
  it('computes RFC 9562 UUID v5 (the standard DNS example)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('gives the same ids for the same key and label, different ones otherwise', () => {
    const a = deterministicIds('anonymous:device:X\nkey-1');
    const b = deterministicIds('anonymous:device:X\nkey-1');
    const other = deterministicIds('anonymous:device:Y\nkey-1');
    expect(a.next('event:s:0')).toBe(b.next('event:s:0'));
    expect(a.next('event:s:0')).not.toBe(a.next('event:s:1'));
    expect(a.next('event:s:0')).not.toBe(other.next('event:s:0'));
    expect(a.deterministic).toBe(true);
  });

  it('gives fresh ids without a key', () => {
    const ids = randomIds();
    expect(ids.next('x')).not.toBe(ids.next('x'));
    expect(ids.deterministic).toBe(false);
  });
});

describe('request hash', () => {
  it('ignores key order and undefined fields, but not values or the operation', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe('{"a":{"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(requestHash('POST /v5/a', { a: 1, b: 2 })).toBe(requestHash('POST /v5/a', { b: 2, a: 1 }));
    expect(requestHash('POST /v5/a', { a: 1 })).not.toBe(requestHash('POST /v5/a', { a: 2 }));
    expect(requestHash('POST /v5/a', { a: 1 })).not.toBe(requestHash('POST /v5/b', { a: 1 }));
  });
});
