import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@planwerk/platform';
import {
  ActivityRetentionChanged,
  activityRetentionStream,
  activitySeenStream,
  DomainError,
  ProjectChangesSeen,
  type ActivityRetentionChangedEvent,
  type EventStore,
  type ProjectChangesSeenEvent,
} from '@planwerk/events';
import { EVENT_STORE } from '../app/tokens';
import { decideAndAppend, type CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { retentionDecider, seenDecider } from './decide/activity-settings.decider';

@Injectable()
export class ActivityService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async setRetention(teamId: string, days: number | null, metadata: CommandMetadata, ids: IdSource, now: Date = this.clock.now()) {
    const result = await decideAndAppend({
      store: this.store, streamId: activityRetentionStream(teamId), decider: retentionDecider,
      command: { teamId, days, now }, metadata: { ...metadata, teamId }, ids, mode: 'loaded',
      schemaVersions: { ActivityRetentionChanged: ActivityRetentionChanged.schemaVersion },
      parse: (event) => ({ type: 'ActivityRetentionChanged', data: ActivityRetentionChanged.schema.parse(event.data) }) satisfies ActivityRetentionChangedEvent,
    });
    return { teamId, days, changed: result.events.length > 0, checkpoint: result.checkpoint };
  }

  /**
   * Without a position, everything committed so far counts as seen (the log's head). A given
   * position must be one this store issued; one beyond the head is taken as the head.
   */
  async markSeen(
    input: { userId: string; teamId: string; projectId: string; position?: string },
    metadata: CommandMetadata, ids: IdSource, now: Date = this.clock.now(),
  ) {
    const head = await this.store.head();
    if (head === null) throw new DomainError('validation_failed', { field: 'position' });
    let position = input.position ?? head;
    try {
      if (this.store.compareCheckpoints(position, head) > 0) position = head;
    } catch (error) {
      throw new DomainError('validation_failed', { field: 'position', details: error });
    }
    const compare = (a: string, b: string): number => this.store.compareCheckpoints(a, b);
    const result = await decideAndAppend({
      store: this.store, streamId: activitySeenStream(input.userId, input.projectId), decider: seenDecider,
      command: { userId: input.userId, teamId: input.teamId, projectId: input.projectId, position, now, compare },
      // User state, not team activity: no team id, so the team's log does not fill with views.
      metadata: { ...metadata, teamId: null }, ids, mode: 'loaded',
      schemaVersions: { ProjectChangesSeen: ProjectChangesSeen.schemaVersion },
      parse: (event) => ({ type: 'ProjectChangesSeen', data: ProjectChangesSeen.schema.parse(event.data) }) satisfies ProjectChangesSeenEvent,
    });
    return { projectId: input.projectId, position, changed: result.events.length > 0, checkpoint: result.checkpoint };
  }
}
