import { evolveProject, type ExistingProject, type ProjectEvent, type ProjectState } from '@planwerk/events';

// The compensating project events in the order they are decided, folded as they go: each
// step of a restore decides against the project as the steps before it leave it.

export interface Replay {
  readonly events: ProjectEvent[];
  state(): ProjectState;
  /** The project once the restore has checked that it exists; no compensating event removes it after that. */
  project(): ExistingProject;
  emit(event: ProjectEvent): void;
}

export function replayFrom(start: ProjectState): Replay {
  const events: ProjectEvent[] = [];
  let current = start;
  return {
    events,
    state: () => current,
    project: () => current as ExistingProject,
    emit(event) {
      events.push(event);
      current = evolveProject(current, event);
    },
  };
}
