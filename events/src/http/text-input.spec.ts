import fc from 'fast-check';
import { findUnsafeText, isSafeText, refuseUnsafeText, toSafeText, unsafeTextField, withSafeText, type TextCheckReply } from './text-input';

// Issue 12: a lone surrogate in a visitor's name stopped the project-tree projection ("invalid
// input syntax for type json") and NUL gave 500s in 17 operations.
describe('safe text', () => {
  it.each([
    ['NUL', '\u0000'], ['NUL inside', 'ab\u0000c'], ['lone high surrogate', '\uD800'], ['lone low surrogate', '\uDFFF'],
    ['high surrogate at the end', 'Anna \uD83D'], ['low surrogate first', '\uDE00Anna'], ['two highs', '\uD83D\uD83D'],
    ['reversed pair', '\uDE00\uD83D'],
  ])('refuses %s', (_, text) => {
    expect(isSafeText(text)).toBe(false);
    expect(isSafeText(toSafeText(text))).toBe(true);
  });

  it.each([
    ['empty', ''], ['umlauts', 'Müller-Lüdenscheidt ß'], ['an emoji pair', '😀'], ['10k emoji', '😀'.repeat(10_000)],
    ['combining marks', `e${'\u0301'.repeat(500)}`], ['replacement char', '\uFFFD\uFFFD'], ['right-to-left override', '\u202Eabc'],
    ['other control characters', '\u0001\u001F\u007F'], ['flag and family', '🇩🇪👨‍👩‍👧'],
  ])('takes %s as it is', (_, text) => {
    expect(isSafeText(text)).toBe(true);
    expect(toSafeText(text)).toBe(text);
  });

  it('replaces each unsafe code unit by U+FFFD and keeps valid pairs', () => {
    expect(toSafeText('a\u0000b\uD800c😀\uDFFF')).toBe('a\uFFFDb\uFFFDc😀\uFFFD');
  });

  it('makes any string safe, changing nothing that was safe (property)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => {
      const safe = toSafeText(text);
      expect(isSafeText(safe)).toBe(true);
      expect(safe.length).toBe(text.length);
      // A safe string survives UTF-8 encoding unchanged: exactly what PostgreSQL can store.
      expect(Buffer.from(safe, 'utf8').toString('utf8')).toBe(safe);
      expect(safe.includes('\u0000')).toBe(false);
      if (isSafeText(text)) expect(safe).toBe(text);
    }));
  });
});

describe('finding unsafe text in parsed input', () => {
  it('names the first unsafe value or key by its path, in document order', () => {
    expect(findUnsafeText({ a: 'ok', b: ['x', { c: '\uD800' }], d: '\u0000' })).toEqual(['b', '1', 'c']);
    expect(findUnsafeText({ ok: 1, ['k\u0000']: 'v' })).toEqual(['k\u0000']);
    expect(findUnsafeText('\uDFFF')).toEqual([]);
    expect(findUnsafeText({ a: ['fine', 1, null, true, { b: '😀' }] })).toBeNull();
  });

  it('walks nesting deeper than the call stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(findUnsafeText(deep)?.length).toBe(200_000);
  });

  it('names the field like a validation failure: parameter name, dotted body path, or body', () => {
    expect(unsafeTextField({ params: { teamId: 'x\u0000' }, query: {}, body: { name: '\uD800' } })).toBe('teamId');
    expect(unsafeTextField({ params: {}, query: { search: '\uDC00' }, body: undefined })).toBe('search');
    expect(unsafeTextField({ params: {}, query: {}, body: { fields: [{ value: 'ok' }, { value: '\u0000' }] } })).toBe('fields.1.value');
    expect(unsafeTextField({ body: '\uD800' })).toBe('body');
    expect(unsafeTextField({ params: { id: 'a' }, query: { q: 'b' }, body: { name: '😀 Anna' } })).toBeNull();
  });

  it('withSafeText copies only what needs it', () => {
    const clean = { name: 'Anna', list: [1, 'x'] };
    expect(withSafeText(clean)).toBe(clean);
    expect(withSafeText({ name: 'A\uD800', list: ['\u0000', 2], ['k\uDFFF']: null, ok: { x: 'y' } }))
      .toEqual({ name: 'A\uFFFD', list: ['\uFFFD', 2], ['k\uFFFD']: null, ok: { x: 'y' } });
  });
});

describe('the edge hook', () => {
  function reply() {
    const sent: { status?: number; headers: Record<string, string>; payload?: unknown } = { headers: {} };
    const r: TextCheckReply = {
      code(status) { sent.status = status; return r; },
      header(name, value) { sent.headers[name] = value; return r; },
      send(payload) { sent.payload = payload; return r; },
    };
    return { r, sent };
  }

  it('answers 400 validation_failed naming the field, in the caller\'s language', () => {
    const { r, sent } = reply();
    expect(refuseUnsafeText({ headers: { 'accept-language': 'en' }, params: {}, query: {}, body: { name: 'Anna\uD800' } }, r)).toBe(true);
    expect(sent.status).toBe(400);
    expect(sent.payload).toEqual({ body: null, status: 400, error: { status: 400, intern: 'validation_failed', field: 'name', text: 'The value of the field \u201cname\u201d is invalid.' } });
  });

  it('lets clean requests through untouched', () => {
    const { r, sent } = reply();
    expect(refuseUnsafeText({ headers: {}, params: { teamId: 'abc' }, query: {}, body: { name: 'e\u0301' } }, r)).toBe(false);
    expect(sent.status).toBeUndefined();
  });
});
