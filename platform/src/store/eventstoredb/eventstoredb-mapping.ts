import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type CurrentStreamState,
  type JSONType,
  type Position,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  type Checkpoint,
  type EventMetadata,
  type RecordedEvent,
  type ExpectedVersion,
} from '@planwerk/events';

// Rule 2: version = number of events (0 = empty). EventStoreDB counts revisions from 0,
// so port version n is client revision n - 1, and an empty stream is NO_STREAM.

export function toStreamState(expected: ExpectedVersion): AppendStreamState {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) {
        throw new RangeError(`Expected version must be a non-negative integer, got ${String(expected)}`);
      }
      return expected === 0 ? NO_STREAM : BigInt(expected - 1);
  }
}

/** The port's version for a revision (of the last event) the client reports. */
export function toVersion(revision: bigint): number {
  return Number(revision) + 1;
}

/** The port's version for a stream state in a WrongExpectedVersionError (deleted streams count as empty). */
export function currentStateToVersion(state: CurrentStreamState): number {
  if (state === NO_STREAM) return 0;
  return state < 0n ? 0 : toVersion(state);
}

/** Revision of the first event to read for the port's 1-based `fromVersion`. */
export function fromVersionToRevision(fromVersion: number): bigint {
  if (!Number.isSafeInteger(fromVersion) || fromVersion < 1) {
    throw new RangeError(`fromVersion must be an integer >= 1, got ${fromVersion}`);
  }
  return BigInt(fromVersion - 1);
}

// Checkpoint = commit and prepare positions, zero-padded so even string order is log order.
const CHECKPOINT = /^(\d{20})\/(\d{20})$/;

export function encodeCheckpoint(position: Position): Checkpoint {
  return `${position.commit.toString().padStart(20, '0')}/${position.prepare.toString().padStart(20, '0')}`;
}

export function decodeCheckpoint(checkpoint: Checkpoint): Position {
  const match = CHECKPOINT.exec(checkpoint);
  if (!match) throw new Error(`Not an EventStoreDB checkpoint: ${JSON.stringify(checkpoint)}`);
  return { commit: BigInt(match[1]), prepare: BigInt(match[2]) };
}

export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  const left = decodeCheckpoint(a);
  const right = decodeCheckpoint(b);
  if (left.commit !== right.commit) return left.commit < right.commit ? -1 : 1;
  if (left.prepare !== right.prepare) return left.prepare < right.prepare ? -1 : 1;
  return 0;
}

/** System streams and system event types ($-prefixed) are EventStoreDB's own, never ours. */
export function isSystemEvent(streamId: string, type: string): boolean {
  return streamId.startsWith('$') || type.startsWith('$');
}

// EventStoreDB tooling reads $correlationId / $causationId; on read, $-keys are dropped again.
export function toStoredMetadata(metadata: EventMetadata): JSONType {
  return {
    ...metadata,
    $correlationId: metadata.correlationId,
    ...(metadata.causationId === null ? {} : { $causationId: metadata.causationId }),
  } as JSONType;
}

export function fromStoredMetadata(stored: unknown): EventMetadata {
  const entries = Object.entries((stored ?? {}) as Record<string, unknown>).filter(([key]) => !key.startsWith('$'));
  return Object.fromEntries(entries) as unknown as EventMetadata;
}

export function toRecordedEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || isSystemEvent(event.streamId, event.type)) return undefined;
  if (!event.isJson) throw new Error(`Event ${event.id} in ${event.streamId} is not JSON; this store writes only JSON`);
  if (!event.position) throw new Error(`EventStoreDB returned event ${event.id} without its log position`);
  return {
    eventId: event.id,
    type: event.type,
    data: event.data,
    metadata: fromStoredMetadata(event.metadata),
    streamId: event.streamId,
    streamVersion: toVersion(event.revision),
    checkpoint: encodeCheckpoint(event.position),
    recordedAt: event.created,
  };
}
