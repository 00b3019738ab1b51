import { checkpointAfterRead } from './answer-checkpoint';
import { AppendPayloadMismatch, DomainError, WrongExpectedVersion, type Actor, type AppendResult, type EventStore, type NewEvent, type RecordedEvent } from '@planwerk/events';
import type { IdSource } from '../idempotency/deterministic-ids';

/** Metadata every command carries from the edge to its events (architecture.md, rule 3). */
export interface CommandMetadata {
  commandId: string;
  correlationId: string;
  /** The event that caused this command (reactors); null for a person's request. */
  causationId: string | null;
  actor: Actor;
  teamId: string | null;
}

export interface DomainEvent {
  type: string;
  data: unknown;
}

/** An Emmett-style decider: pure state, evolve and decide. */
export interface Decider<TCommand, TEvent extends DomainEvent, TState> {
  initialState(): TState;
  evolve(state: TState, event: TEvent): TState;
  decide(command: TCommand, state: TState): TEvent[];
}

export interface DecideAndAppendInput<TCommand, TEvent extends DomainEvent, TState> {
  store: EventStore;
  streamId: string;
  decider: Decider<TCommand, TEvent, TState>;
  command: TCommand;
  metadata: CommandMetadata;
  ids: IdSource;
  schemaVersions: Record<TEvent['type'], number>;
  /** `no_stream` creates a stream without reading it; `loaded` folds the stream first. */
  mode: 'no_stream' | 'loaded';
  /** Turns a stored event into the decider's event (upcast and validated by the catalogue). */
  parse?: (event: { type: string; data: unknown }) => TEvent;
  /** The person whose key encrypts an event's personal fields (see toNewEvents). */
  personOf?: (event: TEvent) => string | undefined;
}

export interface DecideAndAppendResult<TEvent> extends AppendResult {
  events: TEvent[];
}

const ATTEMPTS = 3;

/** Load → decide → append with an expected version; conflicts retry, then answer 409. */
export async function decideAndAppend<TCommand, TEvent extends DomainEvent, TState>(
  input: DecideAndAppendInput<TCommand, TEvent, TState>,
): Promise<DecideAndAppendResult<TEvent>> {
  const { store, streamId, decider, command } = input;
  for (let attempt = 1; ; attempt += 1) {
    let state = decider.initialState();
    let expected: 'no_stream' | number = 'no_stream';
    let lastRead: string | undefined;
    if (input.mode === 'loaded') {
      const slice = await store.readStream(streamId);
      // A retry of a request whose events are already in (crash before its answer was
      // stored) finds its own deterministic event ids and returns the first result.
      const earlier = earlierResult(input, slice.events);
      if (earlier) return earlier;
      const parse = input.parse ?? ((e: { type: string; data: unknown }) => e as TEvent);
      for (const recorded of slice.events) state = decider.evolve(state, parse(recorded));
      expected = slice.version;
      lastRead = slice.events.at(-1)?.checkpoint;
    }
    const events = decider.decide(command, state);
    if (events.length === 0) {
      // Nothing to do: the answer still carries a checkpoint that covers what was read.
      return { streamId, nextExpectedVersion: expected === 'no_stream' ? 0 : expected, checkpoint: await checkpointAfterRead(store, lastRead), events };
    }
    try {
      const result = await store.append(streamId, toNewEvents(streamId, events, input.metadata, input.ids, (type) => input.schemaVersions[type], input.personOf), { expectedVersion: expected });
      return { ...result, events };
    } catch (error) {
      if (error instanceof AppendPayloadMismatch) {
        // Our ids are in with other data (a `no_stream` retry decided at another time): the
        // request ran before, and its first result is the answer.
        const earlier = earlierResult(input, (await store.readStream(streamId)).events);
        if (earlier) return earlier;
        throw error;
      }
      if (!(error instanceof WrongExpectedVersion)) throw error;
      if (input.mode === 'no_stream' || attempt >= ATTEMPTS) throw new DomainError('conflict', { details: { streamId } });
    }
  }
}

/** The events an earlier run of this request (same deterministic ids) appended, as its result. */
function earlierResult<TCommand, TEvent extends DomainEvent, TState>(
  input: DecideAndAppendInput<TCommand, TEvent, TState>,
  events: readonly RecordedEvent[],
): DecideAndAppendResult<TEvent> | null {
  if (!input.ids.deterministic) return null;
  const firstId = eventId(input.ids, input.streamId, 0);
  const earlier = events.findIndex((e) => e.eventId === firstId);
  if (earlier < 0) return null;
  const own = events.slice(earlier).filter((e, i) => e.eventId === eventId(input.ids, input.streamId, i));
  const last = own[own.length - 1] as RecordedEvent;
  return {
    streamId: input.streamId, nextExpectedVersion: last.streamVersion, checkpoint: last.checkpoint,
    events: own.map((e) => (input.parse ? input.parse(e) : ({ type: e.type, data: e.data } as TEvent))),
  };
}

/** The deterministic id of the `index`-th event a command appends to `streamId`. */
export function eventId(ids: IdSource, streamId: string, index: number): string {
  return ids.next(`event:${streamId}:${index}`);
}

/**
 * A command's events as the store takes them: deterministic ids, the command's metadata and each
 * type's schema version; `personOf` names the person whose key encrypts an event's personal fields.
 */
export function toNewEvents<TEvent extends DomainEvent>(
  streamId: string,
  events: readonly TEvent[],
  metadata: CommandMetadata,
  ids: IdSource,
  schemaVersionOf: (type: TEvent['type']) => number,
  personOf?: (event: TEvent) => string | undefined,
): NewEvent[] {
  return events.map((event, index) => {
    const personId = personOf?.(event);
    return {
      eventId: eventId(ids, streamId, index),
      type: event.type,
      data: event.data,
      metadata: {
        commandId: metadata.commandId,
        correlationId: metadata.correlationId,
        causationId: metadata.causationId,
        actor: metadata.actor,
        teamId: metadata.teamId,
        schemaVersion: schemaVersionOf(event.type),
        ...(personId === undefined ? {} : { personId }),
      },
    };
  });
}
