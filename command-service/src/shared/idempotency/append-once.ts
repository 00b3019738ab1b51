import { AppendPayloadMismatch, type AppendOptions, type AppendResult, type EventStore, type NewEvent } from '@planwerk/events';
import type { IdSource } from './deterministic-ids';

/**
 * Appends events whose ids come from the command's ids. Under an Idempotency-Key a retry of a
 * request whose events are in already (its answer was lost: a crash, a dropped connection)
 * decides again at another time — other data (`at`, `erasedAt`) under the same ids — and the
 * store refuses that (AppendPayloadMismatch); the earlier append of these ids is then the result.
 * Without a key (random ids) the refusal stands: it is a bug, never a retry.
 */
export async function appendOnce(store: EventStore, streamId: string, events: readonly NewEvent[], options: AppendOptions, ids: IdSource): Promise<AppendResult> {
  try {
    return await store.append(streamId, [...events], options);
  } catch (error) {
    if (!(error instanceof AppendPayloadMismatch) || !ids.deterministic) throw error;
    const wanted = new Set(events.map((event) => event.eventId.toLowerCase()));
    const stored = await store.readStream(streamId, { fromVersion: error.storedFromVersion, maxCount: events.length });
    const earlier = stored.events.filter((event) => wanted.has(event.eventId.toLowerCase()));
    const last = earlier[earlier.length - 1];
    if (earlier.length !== events.length || !last) throw error;
    return { streamId, nextExpectedVersion: last.streamVersion, checkpoint: last.checkpoint };
  }
}
