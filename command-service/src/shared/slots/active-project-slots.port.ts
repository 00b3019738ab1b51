import type { CommandMetadata } from '../commands/decide-and-append';
import type { IdSource } from '../idempotency/deterministic-ids';

// The free plan's "one active project" is decided on the team stream (ADR 0005/0006). The
// projects feature may not import the teams feature (dependency-cruiser), so it asks through
// this port; TeamsModule provides it (useExisting TeamSlotsService).
export const ACTIVE_PROJECT_SLOTS = Symbol('ACTIVE_PROJECT_SLOTS');

export interface SlotsAnswer {
  checkpoint: string;
  /** The projects holding a slot after the command. */
  activeProjects: string[];
}

/**
 * Only the projects feature calls these, after its project decider decided the status: the
 * slot endpoints (`/v5/team/{teamId}/active-projects`) live there too, so no path claims or
 * releases a slot without the project's state (issue 12).
 */
export interface ActiveProjectSlots {
  /** Claims the slot of a project that becomes active; 6201 when the plan allows no further one. Idempotent. */
  claim(teamId: string, projectId: string, metadata: CommandMetadata, ids: IdSource, now?: Date): Promise<SlotsAnswer>;
  /** Releases the slot of a project that is no longer active. Idempotent; the checkpoint covers the team stream. */
  release(teamId: string, projectId: string, metadata: CommandMetadata, ids: IdSource): Promise<SlotsAnswer>;
  /** The projects holding a slot now (read from the team stream). */
  activeProjects(teamId: string): Promise<string[]>;
}
