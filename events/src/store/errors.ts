import type { ExpectedVersion } from './event-store.port';

// Typed store errors (architecture.md, event store rules 1, 3, 6 and 9). Callers switch on `kind`.

export class WrongExpectedVersion extends Error {
  readonly kind = 'WrongExpectedVersion' as const;
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId}: expected version ${String(expected)}, actual version ${actual}`);
    this.name = 'WrongExpectedVersion';
  }
}

export class EventTooLarge extends Error {
  readonly kind = 'EventTooLarge' as const;
  constructor(
    readonly eventId: string,
    readonly type: string,
    readonly sizeBytes: number,
    readonly maxBytes: number,
  ) {
    super(`Event ${eventId} (${type}) is ${sizeBytes} bytes; the store accepts at most ${maxBytes} bytes per event`);
    this.name = 'EventTooLarge';
  }
}

export class StoreAheadOfCluster extends Error {
  readonly kind = 'StoreAheadOfCluster' as const;
  constructor(
    readonly maxStoredTransactionId: string,
    readonly nextClusterTransactionId: string,
  ) {
    super(
      `The event store holds transaction id ${maxStoredTransactionId}, but this PostgreSQL cluster is only at ` +
        `${nextClusterTransactionId}. The events were restored logically (pg_dump/pg_restore) into a younger cluster, ` +
        'so readers would skip new events. Fix: restore with a physical backup (pg_basebackup / PITR) instead, or ' +
        `advance the cluster's transaction counter past ${maxStoredTransactionId} ` +
        '(pg_resetwal -x on the stopped cluster) before starting the store.',
    );
    this.name = 'StoreAheadOfCluster';
  }
}

export class IdempotencyConflict extends Error {
  readonly kind = 'IdempotencyConflict' as const;
  constructor(
    readonly streamId: string,
    readonly eventIds: readonly string[],
    readonly reason: string,
  ) {
    super(`Stream ${streamId}: ${reason}`);
    this.name = 'IdempotencyConflict';
  }
}

/**
 * An append repeats event ids of an earlier append but not its events: same id, another type or
 * data. An idempotent retry must repeat its batch exactly; anything else is a bug of the caller
 * (an id reused for another event), refused instead of answered with the earlier append.
 */
export class AppendPayloadMismatch extends Error {
  readonly kind = 'AppendPayloadMismatch' as const;
  constructor(
    readonly streamId: string,
    /** The first event of the batch whose type or data differs from the stored one. */
    readonly eventId: string,
    /** The stream version of the batch's first event as stored earlier. */
    readonly storedFromVersion: number,
  ) {
    super(`Stream ${streamId}: event ${eventId} was appended earlier with another type or data; a retry must repeat its batch exactly`);
    this.name = 'AppendPayloadMismatch';
  }
}

export type EventStoreError = WrongExpectedVersion | EventTooLarge | StoreAheadOfCluster | IdempotencyConflict | AppendPayloadMismatch;
