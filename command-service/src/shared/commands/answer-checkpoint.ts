import type { Checkpoint, EventStore } from '@planwerk/events';

type CheckpointSource = Pick<EventStore, 'head' | 'compareCheckpoints' | 'startCheckpoint'>;

/**
 * The checkpoint a command answers with when it appended nothing (a no-op, a refused part of a
 * batch): the later of the newest visible event and the newest event its decision read. The
 * visible head alone can trail what was read — another session's open transaction holds the
 * global-log visibility bound (event store rule 4) — and is null while nothing is visible;
 * the answer is never empty, so the next query's `minCheckpoint` is always one it accepts.
 */
export async function checkpointAfterRead(store: CheckpointSource, ...read: Array<Checkpoint | null | undefined>): Promise<Checkpoint> {
  let latest: Checkpoint = (await store.head()) ?? store.startCheckpoint;
  for (const checkpoint of read) {
    if (checkpoint && store.compareCheckpoints(checkpoint, latest) > 0) latest = checkpoint;
  }
  return latest;
}
