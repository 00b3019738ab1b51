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

export type EventStoreError = WrongExpectedVersion | EventTooLarge | StoreAheadOfCluster | IdempotencyConflict;
