import type { AllSlice, Checkpoint, EventStore } from '@planwerk/events';

export interface SliceReader {
  /** The slice after `after`: the one read ahead when it matches, else a fresh read. */
  read(after: Checkpoint | null): Promise<AllSlice>;
  /** Starts reading the slice after `after` while the caller applies the current one. */
  readAhead(after: Checkpoint): void;
  /** Forgets a slice read ahead (after a failed batch, the stored checkpoint decides). */
  discard(): void;
}

// Reading is side-effect free, so the next slice can come off the log while the current one is
// written; it is used only when the batch before it committed up to exactly its starting point.
export function createSliceReader(store: EventStore, maxCount: number): SliceReader {
  let ahead: { after: Checkpoint; slice: Promise<AllSlice> } | null = null;
  return {
    read(after) {
      const pending = ahead;
      ahead = null;
      if (pending && pending.after === after) return pending.slice;
      return store.readAll({ after, maxCount });
    },
    readAhead(after) {
      const slice = store.readAll({ after, maxCount });
      // A discarded read's failure is nobody's business; a used one rethrows where it is awaited.
      slice.catch(() => undefined);
      ahead = { after, slice };
    },
    discard() {
      ahead = null;
    },
  };
}
