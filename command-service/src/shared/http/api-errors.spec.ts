import { AppendPayloadMismatch } from '@planwerk/events';
import { toApiError } from './api-errors';

// Issue 12: a lost database connection answered 500 (and, before the guarded pool, crashed the
// process). It is transient: the spec's wrapper with 503, the client retries.
describe('api errors of database faults', () => {
  it.each([
    ['terminated backend', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['server starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['lost connection', new Error('Connection terminated unexpectedly')],
    ['broken client', new Error('Client has encountered a connection error and is not queryable')],
  ])('answers 503 unavailable for a %s', (_, error) => {
    expect(toApiError(error, 'de')).toEqual({
      status: 503, intern: 'unavailable', text: 'Planwerk ist gerade kurz nicht erreichbar. Bitte versuche es gleich erneut.',
    });
  });

  it('still answers 500 for our own faults', () => {
    expect(toApiError(new TypeError('x is not a function'), 'en').status).toBe(500);
    expect(toApiError(Object.assign(new Error('syntax error'), { code: '42601' }), 'en').status).toBe(500);
  });

  it('answers a keyed retry decided into other events under the stored ids with 409, not 500', () => {
    expect(toApiError(new AppendPayloadMismatch('project-1', 'event-1', 3), 'en')).toMatchObject({ status: 409, intern: 'conflict' });
  });
});
