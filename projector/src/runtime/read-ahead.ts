import type { AllSlice, Checkpoint, EventStore, RecordedEvent } from '@planwerk/events';
import type { PreparedEvents } from './commit-batch';

/** A slice and, when the reader was given `prepare`, its events already checked and upcast. */
export interface ReadSlice extends AllSlice {
  prepared: PreparedEvents | null;
}

export interface SliceReader {
  /** The slice after `after`: the one read ahead when it matches, else a fresh read. */
  read(after: Checkpoint | null): Promise<ReadSlice>;
  /** Starts reading the slice after `after` while the caller applies the current one. */
  readAhead(after: Checkpoint): void;
  /** Forgets a slice read ahead (after a failed batch, the stored checkpoint decides). */
  discard(): void;
}

// Reading is side-effect free, so the next slice can come off the log while the current one is
// written; it is used only when the batch before it committed up to exactly its starting point.
// `prepare` (pure) runs as soon as a slice arrives: for a slice read ahead, while the database
// is still busy with the batch before it.
export function createSliceReader(
  store: EventStore, maxCount: number, prepare?: (events: readonly RecordedEvent[]) => PreparedEvents,
): SliceReader {
  let ahead: { after: Checkpoint; slice: Promise<ReadSlice> } | null = null;
  const fetch = (after: Checkpoint | null): Promise<ReadSlice> =>
    store.readAll({ after, maxCount }).then((slice) => ({ ...slice, prepared: prepare && slice.events.length > 0 ? prepare(slice.events) : null }));
  return {
    read(after) {
      const pending = ahead;
      ahead = null;
      if (pending && pending.after === after) return pending.slice;
      return fetch(after);
    },
    readAhead(after) {
      const slice = fetch(after);
      // A discarded read's failure is nobody's business; a used one rethrows where it is awaited.
      slice.catch(() => undefined);
      ahead = { after, slice };
    },
    discard() {
      ahead = null;
    },
  };
}
