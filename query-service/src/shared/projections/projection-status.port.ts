import type { Checkpoint } from '@planwerk/events';

// What the query side needs to know about each projection: how far it has read and whether it
// still runs. The projector owns the bookkeeping tables; this port keeps them out of here.
export type ProjectionState = 'running' | 'stopped' | 'rebuilding' | 'failed';

export interface ProjectionStatusView {
  projection: string;
  /** Last checkpoint the live version has committed, null before its first event. */
  checkpoint: Checkpoint | null;
  state: ProjectionState;
  /** Why a failed projection stopped (the operator's starting point). */
  error: string | null;
  /** When the checkpoint last moved; lag in seconds is measured from it. */
  updatedAt: Date | null;
  /** Events in the log after the checkpoint (counted up to a cap); null when not counted. */
  lagEvents: number | null;
}

export interface ProjectionStatusSource {
  list(): Promise<ProjectionStatusView[]>;
  checkpointOf(projection: string): Promise<Checkpoint | null>;
}

/** Minimal "projection changed" source: the ProjectionNotifier port, or a test double. */
export interface ProjectionChangeSource {
  subscribe(listener: (change: { projection: string; checkpoint: string; keys?: string[] }) => void): () => void;
}
