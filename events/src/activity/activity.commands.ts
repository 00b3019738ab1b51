import { z } from 'zod';
import { ACTIVITY_RETENTION_MAX_DAYS, ACTIVITY_RETENTION_MIN_DAYS } from './activity.events';

// PUT /v5/team/{teamId}/activity/retention: null keeps everything.
export const setActivityRetentionBody = z.object({
  days: z.number().int().min(ACTIVITY_RETENTION_MIN_DAYS).max(ACTIVITY_RETENTION_MAX_DAYS).nullable(),
}).strict();
export type SetActivityRetentionBody = z.infer<typeof setActivityRetentionBody>;

// PUT /v5/team/{teamId}/project/{projectId}/seen: the `position` a changes answer gave; without
// it, everything committed so far counts as seen.
export const markProjectSeenBody = z.object({
  position: z.string().min(1).max(200).optional(),
}).strict();
export type MarkProjectSeenBody = z.infer<typeof markProjectSeenBody>;
