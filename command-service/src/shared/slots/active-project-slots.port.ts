import type { CommandMetadata } from '../commands/decide-and-append';
import type { IdSource } from '../idempotency/deterministic-ids';

// The free plan's "one active project" is decided on the team stream (ADR 0005/0006). The
// projects feature may not import the teams feature (dependency-cruiser), so it asks through
// this port; TeamsModule provides it (useExisting TeamSlotsService).
export const ACTIVE_PROJECT_SLOTS = Symbol('ACTIVE_PROJECT_SLOTS');

export interface ActiveProjectSlots {
  /** Claims the slot of a project that becomes active; 6201 when the plan allows no further one. Idempotent. */
  claim(teamId: string, projectId: string, metadata: CommandMetadata, ids: IdSource, now?: Date): Promise<{ checkpoint: string }>;
  /** Releases the slot of a project that is no longer active. Idempotent; the checkpoint covers the team stream. */
  release(teamId: string, projectId: string, metadata: CommandMetadata, ids: IdSource): Promise<{ checkpoint: string }>;
}
