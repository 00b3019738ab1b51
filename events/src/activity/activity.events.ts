import { z } from 'zod';
import { defineEvent, type EventDataOf } from '../catalogue/event-definition';

// The activity log's own events (ADR 0007). Retention lives on `activity-retention-<teamId>`
// (not on `team-<teamId>`, so the team's expected version is not disturbed); a person's read
// position per project on `activity-seen-<userId>-<projectId>`.

export const ACTIVITY_RETENTION_MIN_DAYS = 30;
export const ACTIVITY_RETENTION_MAX_DAYS = 3650;

const instant = z.iso.datetime({ offset: true });
const retentionDays = z.number().int().min(ACTIVITY_RETENTION_MIN_DAYS).max(ACTIVITY_RETENTION_MAX_DAYS).nullable();

export const activityRetentionStream = (teamId: string): string => `activity-retention-${teamId}`;
export const activitySeenStream = (userId: string, projectId: string): string => `activity-seen-${userId}-${projectId}`;

/** `days: null` keeps every entry; otherwise entries older than `days` leave the log. */
export const ActivityRetentionChanged = defineEvent({
  type: 'ActivityRetentionChanged',
  feature: 'activity',
  schemaVersion: 1,
  schema: z.object({ teamId: z.uuid(), days: retentionDays, changedAt: instant }),
  describe: (data) => ({
    object: { kind: 'activityRetention', id: data.teamId }, projectId: null, listId: null,
    action: 'activity.retentionChanged', fields: { days: data.days },
  }),
});

/**
 * A person looked at a project's changes up to `position` (a log checkpoint). User state, not
 * team activity: the command appends it without a team id, so it does not appear in the log.
 */
export const ProjectChangesSeen = defineEvent({
  type: 'ProjectChangesSeen',
  feature: 'activity',
  schemaVersion: 1,
  schema: z.object({ userId: z.uuid(), teamId: z.uuid(), projectId: z.string().min(1).max(100), position: z.string().min(1).max(200), seenAt: instant }),
  describe: (data) => ({
    object: { kind: 'activitySeen', id: `${data.userId}:${data.projectId}` }, projectId: data.projectId, listId: null,
    action: 'activity.seen', fields: { position: data.position },
  }),
});

export const activityEvents = [ActivityRetentionChanged, ProjectChangesSeen] as const;

export type ActivityRetentionChangedEvent = { type: 'ActivityRetentionChanged'; data: EventDataOf<typeof ActivityRetentionChanged> };
export type ProjectChangesSeenEvent = { type: 'ProjectChangesSeen'; data: EventDataOf<typeof ProjectChangesSeen> };
export type ActivityEvent = ActivityRetentionChangedEvent | ProjectChangesSeenEvent;
