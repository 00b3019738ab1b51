import { isTransientDatabaseError } from './transient-errors';
import { sessionLimitOptions } from './database-pool';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('transient database errors', () => {
  it.each(['57P01', '57P02', '57P03', '08006', '08003', '08001', '40001', '40P01', '53300'])('treats SQLSTATE %s as transient', (code) => {
    expect(isTransientDatabaseError(pgError(code))).toBe(true);
  });

  it('treats node-postgres connection losses and socket errors as transient', () => {
    expect(isTransientDatabaseError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientDatabaseError(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isTransientDatabaseError(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
  });

  it('looks through wrappers (cause, a projection failure reason)', () => {
    expect(isTransientDatabaseError(new Error('batch failed', { cause: pgError('57P01') }))).toBe(true);
    expect(isTransientDatabaseError({ name: 'ProjectionEventFailed', message: 'stopped', reason: pgError('08006') })).toBe(true);
  });

  it('does not excuse faults of the request or the event', () => {
    expect(isTransientDatabaseError(pgError('22P02', 'invalid input syntax for type json'))).toBe(false);
    expect(isTransientDatabaseError(pgError('23505', 'duplicate key value'))).toBe(false);
    expect(isTransientDatabaseError(new Error('handler cannot take ThingRenamed'))).toBe(false);
    expect(isTransientDatabaseError(undefined)).toBe(false);
  });
});

describe('session limits as a startup parameter', () => {
  it('sets both timeouts, with the defaults', () => {
    expect(sessionLimitOptions()).toBe('-c statement_timeout=30000 -c idle_in_transaction_session_timeout=10000');
    expect(sessionLimitOptions({ statementTimeoutMs: 0 })).toBe('-c statement_timeout=0 -c idle_in_transaction_session_timeout=10000');
    expect(() => sessionLimitOptions({ statementTimeoutMs: -1 })).toThrow();
  });
});
