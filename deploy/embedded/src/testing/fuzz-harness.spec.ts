import { violations } from './fuzz-harness';

// The fuzzer's judge must bite: each rule it enforces, shown failing once.
const wrapped = (status: number, error: unknown, body: unknown = null) => JSON.stringify({ body, error, status });
const error = (status: number, intern: number | string = 1000) => ({ status, intern, text: 'Fehler' });

describe('fuzz answer rules', () => {
  it('accepts a wrapped success and a wrapped 4xx that changed nothing', () => {
    expect(violations({ status: 200, text: wrapped(200, null, { ok: 1 }) }, 5, 6)).toEqual([]);
    expect(violations({ status: 400, text: wrapped(400, error(400, 'validation_failed')) }, 5, 5)).toEqual([]);
  });

  it('flags a 500, even a wrapped one', () => {
    expect(violations({ status: 500, text: wrapped(500, error(500, 'internal')) }, 0, 0)).toEqual(['status 500']);
  });

  it('accepts 503 only as the spec\'s outdated-app answer 6951', () => {
    expect(violations({ status: 503, text: wrapped(503, error(503, 6951)) }, 1, 1)).toEqual([]);
    expect(violations({ status: 503, text: wrapped(503, error(503, 6952)) }, 1, 1)).toEqual(['status 503']);
    expect(violations({ status: 503, text: wrapped(503, error(503, 6951)) }, 1, 2)).toEqual(['a rejected call appended 1 event(s)']);
  });

  it('flags a rejected call that appended events', () => {
    expect(violations({ status: 422, text: wrapped(422, error(422)) }, 3, 4)).toEqual(['a rejected call appended 1 event(s)']);
  });

  it('flags answers outside the wrapper, without a code or text, or with a mismatched status', () => {
    expect(violations({ status: 431, text: '' }, 0, 0)[0]).toMatch(/not JSON/);
    expect(violations({ status: 400, text: '{"error":"Bad Request","statusCode":400}' }, 0, 0)[0]).toMatch(/wrapper/);
    expect(violations({ status: 404, text: wrapped(404, { status: 404, text: 'x' }) }, 0, 0)).toEqual([expect.stringMatching(/intern/)]);
    expect(violations({ status: 404, text: wrapped(404, { status: 404, intern: 1, text: ' ' }) }, 0, 0)).toEqual([expect.stringMatching(/text/)]);
    expect(violations({ status: 404, text: wrapped(400, error(400)) }, 0, 0)).toEqual(['wrapper status 400 differs from HTTP 404']);
    expect(violations({ status: 201, text: wrapped(201, error(400)) }, 0, 0)).toEqual([expect.stringMatching(/carries an error/)]);
  });
});
