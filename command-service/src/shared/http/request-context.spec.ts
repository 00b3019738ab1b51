import { DomainError } from '@planwerk/events';
import { attachSession, readRequestContext } from './request-context';

function failure(headers: Record<string, string>): DomainError {
  try {
    readRequestContext(headers);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('readRequestContext', () => {
  it('knows an anonymous visitor by device id and keeps a given correlation id', () => {
    const context = readRequestContext({ 'x-device-id': 'Abc123XYZ0', 'x-correlation-id': 'c-1', 'idempotency-key': 'k1' });
    expect(context).toMatchObject({ actor: { kind: 'anonymous', id: 'device:Abc123XYZ0' }, correlationId: 'c-1', idempotencyKey: 'k1', language: 'de' });
  });

  it('creates a correlation id when none is sent', () => {
    expect(readRequestContext({}).correlationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not trust an unverified token: the actor stays the anonymous device', () => {
    const context = readRequestContext({ authorization: 'tok.en.Abc123XYZ0' });
    expect(context.actor).toEqual({ kind: 'anonymous', id: 'device:Abc123XYZ0' });
  });

  it('makes the actor the user of a session the guard attached to these headers', () => {
    const headers = { authorization: 'tokentoken.Abc123XYZ0' };
    attachSession(headers, { userId: 'u-1', sessionId: 's-1', deviceId: 'Abc123XYZ0' });
    expect(readRequestContext(headers).actor).toEqual({ kind: 'user', id: 'u-1' });
    expect(readRequestContext({ ...headers }).actor.kind).toBe('anonymous');
  });

  it('answers 6951 for another API major and accepts any 5.x', () => {
    expect(failure({ 'x-api-version': '6.0.0' }).code).toBe(6951);
    expect(readRequestContext({ 'x-api-version': '5.9.1' }).actor.kind).toBe('anonymous');
  });

  it.each([
    ['x-api-version', 'five'],
    ['x-device-id', 'abc'],
    ['x-session-id', 'zz'],
    ['authorization', 'tokenwithoutdevice'],
    ['x-correlation-id', 'has spaces in it'],
    ['idempotency-key', 'x'.repeat(256)],
  ])('a malformed %s header is a 400 naming it', (header, value) => {
    const error = failure({ [header]: value });
    expect(error.code).toBe('validation_failed');
    expect(error.field).toBe(header);
  });

  it('refuses a token whose device differs from the device header', () => {
    expect(failure({ authorization: 't.Abc123XYZ0', 'x-device-id': 'Zzz123XYZ0' }).field).toBe('x-device-id');
  });
});
