import type { PoolClient } from 'pg';
import type { EventCatalogue, RecordedEvent } from '@planwerk/events';

/** Resolves a base table name to the table of the version being written (`activity_log_v3`). */
export type TableNames = (baseTable: string) => string;

export interface ProjectionContext {
  tables: TableNames;
  catalogue: EventCatalogue;
  /**
   * Present while one writer fills this version alone from empty (a rebuild; a live run that
   * started on an empty version and has held the lease since), the same map across its
   * batches: a projection may keep there what it wrote (a KeyFilter of its keys, say) instead
   * of reading it back. It may only ever err towards "maybe written": batches that roll back
   * leave their entries behind.
   */
  memo?: Map<string, unknown>;
}

/**
 * A read model folded from the log. Tables are versioned so a rebuild can fill version N+1
 * beside the live version N and swap (architecture.md, projector rule 3). `apply` must be
 * idempotent (guard by event id or stream version) and use only the event and its own tables:
 * no clock, no outside reads, so a rebuild yields the same rows.
 */
export interface Projection {
  name: string;
  /** Base names of the tables this projection owns; each exists once per version. */
  baseTables: readonly string[];
  /** DDL that creates the tables (and indexes) of one version. */
  createTables(tables: TableNames): readonly string[];
  /**
   * DDL of the secondary indexes (reads only, no uniqueness: idempotency keys stay in
   * `createTables`). Kept apart so a rebuild builds them once after its bulk load instead of
   * maintaining them row by row; a live version gets them together with its tables.
   */
  createIndexes?(tables: TableNames): readonly string[];
  handles(type: string): boolean;
  apply(client: PoolClient, event: RecordedEvent, ctx: ProjectionContext): Promise<void>;
  /**
   * Optional fast path: must leave exactly the rows that `apply` over `events` in order would,
   * including the idempotency guard. The runtime calls it inside a savepoint; when it throws, the
   * batch is rolled back to the savepoint and re-applied event by event with `apply`, so a
   * failure is traced to the single event that caused it.
   */
  applyBatch?(client: PoolClient, events: readonly RecordedEvent[], ctx: ProjectionContext): Promise<void>;
  /** Read-model keys an event changes, sent with the "projection changed" hint. */
  keys?(event: RecordedEvent): readonly string[];
}

const IDENTIFIER = /^[a-z][a-z0-9_]{0,40}$/;

// Table names come from code constants and an integer version, never from input; checked anyway
// because they are the one part of the SQL that cannot be a bind parameter.
export function versionedTable(baseTable: string, version: number): string {
  if (!IDENTIFIER.test(baseTable)) throw new Error(`Invalid projection table name "${baseTable}"`);
  if (!Number.isInteger(version) || version < 1) throw new Error(`Invalid projection version ${version}`);
  return `${baseTable}_v${version}`;
}

export function tableNames(projection: Projection, version: number): TableNames {
  return (baseTable) => {
    if (!projection.baseTables.includes(baseTable)) {
      throw new Error(`Projection ${projection.name} does not own a table named ${baseTable}`);
    }
    return versionedTable(baseTable, version);
  };
}

/** An event the projection could not take: unknown type, invalid data or a throwing handler. */
export class ProjectionEventFailed extends Error {
  constructor(
    readonly projection: string,
    readonly event: RecordedEvent,
    readonly index: number,
    readonly reason: unknown,
  ) {
    const why = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
    super(`Projection ${projection} stopped at event ${event.eventId} (${event.type}, checkpoint ${event.checkpoint}): ${why}`);
    this.name = 'ProjectionEventFailed';
  }
}

export class CheckpointConflict extends Error {
  constructor(readonly projection: string, readonly version: number) {
    super(`Checkpoint of projection ${projection} v${version} moved under this batch; the batch was rolled back`);
    this.name = 'CheckpointConflict';
  }
}

export class LeaseLost extends Error {
  constructor(readonly projection: string, readonly owner: string) {
    super(`Instance ${owner} no longer holds the lease of projection ${projection}; the batch was rolled back`);
    this.name = 'LeaseLost';
  }
}

export class ProjectionVersionChanged extends Error {
  constructor(readonly projection: string) {
    super(`The active version of projection ${projection} changed during the batch (a rebuild swapped it)`);
    this.name = 'ProjectionVersionChanged';
  }
}
