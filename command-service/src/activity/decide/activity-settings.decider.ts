import type { ActivityRetentionChangedEvent, ProjectChangesSeenEvent } from '@planwerk/events';

// ADR 0007. Retention on `activity-retention-<teamId>`, a person's read position per project on
// `activity-seen-<userId>-<projectId>`. Time comes in on the command.

export interface RetentionState {
  /** null: keep everything (also the state before the first change). */
  days: number | null;
}

export interface SetActivityRetention {
  teamId: string;
  days: number | null;
  now: Date;
}

export const retentionDecider = {
  initialState: (): RetentionState => ({ days: null }),
  evolve: (_state: RetentionState, event: ActivityRetentionChangedEvent): RetentionState => ({ days: event.data.days }),
  /** Setting what is already set appends nothing. */
  decide(command: SetActivityRetention, state: RetentionState): ActivityRetentionChangedEvent[] {
    if (state.days === command.days) return [];
    return [{ type: 'ActivityRetentionChanged', data: { teamId: command.teamId, days: command.days, changedAt: command.now.toISOString() } }];
  },
};

export interface SeenState {
  position: string | null;
}

export interface MarkProjectSeen {
  userId: string;
  teamId: string;
  projectId: string;
  position: string;
  now: Date;
  /** The store's checkpoint order (checkpoints are opaque): negative when a is before b. */
  compare(a: string, b: string): number;
}

export const seenDecider = {
  initialState: (): SeenState => ({ position: null }),
  evolve: (_state: SeenState, event: ProjectChangesSeenEvent): SeenState => ({ position: event.data.position }),
  /** The read position only moves forward: a stale tab cannot bring old changes back as new. */
  decide(command: MarkProjectSeen, state: SeenState): ProjectChangesSeenEvent[] {
    if (state.position !== null && command.compare(command.position, state.position) <= 0) return [];
    return [{
      type: 'ProjectChangesSeen',
      data: { userId: command.userId, teamId: command.teamId, projectId: command.projectId, position: command.position, seenAt: command.now.toISOString() },
    }];
  },
};
