import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { markProjectSeenBody, setActivityRetentionBody } from './activity.commands';
import { ACTIVITY_LANGUAGES } from './sentences/sentence-types';

const tag = 'activity';
const checkpoint = z.string();

export const MAX_ACTIVITY_PAGE_SIZE = 200;
export const DEFAULT_ACTIVITY_PAGE_SIZE = 50;

// Ids in the log are the ids events carry (UUIDs mostly, `anon-…` visitors): a safe charset.
const logId = z.string().min(1).max(100).regex(/^[A-Za-z0-9_:.-]+$/);
const day = z.iso.date();
const instant = z.iso.datetime({ offset: true });

/**
 * The filters of the management activity route (spec section 2, activity/{filter?}): project,
 * list, person (actor id), kind (object kind), action (an action key or its feature prefix,
 * `signups` or `signups.added`), type (event type) and a date range; `from` inclusive, `to`
 * inclusive (a bare date means the whole day, UTC).
 */
export const activityFilterQuery = z.object({
  project: logId.optional(),
  list: logId.optional(),
  person: logId.optional(),
  kind: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,59}$/).optional(),
  action: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,59}(\.[A-Za-z0-9_-]{1,60})?$/).optional(),
  type: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,99}$/).optional(),
  from: z.union([day, instant]).optional(),
  to: z.union([day, instant]).optional(),
  minCheckpoint: z.string().min(1).max(200).optional(),
});
export type ActivityFilterQuery = z.infer<typeof activityFilterQuery>;

export const listActivityQuery = activityFilterQuery.extend({
  limit: z.coerce.number().int().min(1).max(MAX_ACTIVITY_PAGE_SIZE).default(DEFAULT_ACTIVITY_PAGE_SIZE),
  /** The `next` cursor of the previous page. */
  after: z.string().min(1).max(200).optional(),
});
export type ListActivityQuery = z.infer<typeof listActivityQuery>;

/** The export's filters and the language of its `sentence` column (else Accept-Language, else German). */
export const exportActivityQuery = activityFilterQuery.extend({ lang: z.enum(ACTIVITY_LANGUAGES).optional() });
export type ExportActivityQuery = z.infer<typeof exportActivityQuery>;

export const projectChangesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_ACTIVITY_PAGE_SIZE).default(20),
  minCheckpoint: z.string().min(1).max(200).optional(),
});
export type ProjectChangesQuery = z.infer<typeof projectChangesQuery>;

export const activityEntrySchema = z.object({
  eventId: z.uuid(),
  recordedAt: z.string(),
  action: z.string(),
  eventType: z.string(),
  object: z.object({ kind: z.string(), id: z.string() }),
  projectId: z.string().nullable(),
  listId: z.string().nullable(),
  /** `name`: the member's name (null once erased or unknown); `display`: what the log shows. */
  actor: z.object({ kind: z.enum(['user', 'anonymous', 'system']), id: z.string(), name: z.string().nullable(), display: z.string() }),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  /**
   * Names the log knew for the object, its project and list and (for a sign-up) its item; null
   * where none is known. The sentence builder (`./sentences`) quotes them instead of ids.
   */
  names: z.object({ object: z.string().nullable(), project: z.string().nullable(), list: z.string().nullable(), item: z.string().nullable() }),
});
export type ActivityEntryView = z.infer<typeof activityEntrySchema>;

export const listTeamActivityEndpoint = defineEndpoint({
  operationId: 'listTeamActivity', method: 'GET', path: '/v5/team/{teamId}/activity', service: 'query', tag,
  summary: 'The team\'s activity log, newest first, filtered, with keyset pagination (manage_active)',
  query: listActivityQuery,
  response: z.object({ entries: z.array(activityEntrySchema), next: z.string().nullable(), retentionDays: z.number().int().nullable() }),
});

export const exportTeamActivityEndpoint = defineEndpoint({
  operationId: 'exportTeamActivity', method: 'GET', path: '/v5/team/{teamId}/activity/export', service: 'query', tag,
  summary: 'The filtered activity log as CSV (UTF-8 with BOM, `;`), one line per changed field; errors as the JSON wrapper (manage_active)',
  query: exportActivityQuery,
  response: z.string(),
  download: ['text/csv'],
});

export const activityActorsQuery = z.object({ minCheckpoint: z.string().min(1).max(200).optional() });
export type ActivityActorsQuery = z.infer<typeof activityActorsQuery>;

/** Who appears in the log, by name: the console's person filter picks from these. */
export const activityActorSchema = z.object({ kind: z.enum(['user', 'anonymous', 'system']), id: z.string(), name: z.string() });
export type ActivityActorView = z.infer<typeof activityActorSchema>;

export const listActivityActorsEndpoint = defineEndpoint({
  operationId: 'listActivityActors', method: 'GET', path: '/v5/team/{teamId}/activity/actors', service: 'query', tag,
  summary: 'The people who appear in the team\'s activity log, by name (members, named visitors, the system); unnamed ones are left out (manage_active)',
  query: activityActorsQuery,
  response: z.object({ actors: z.array(activityActorSchema) }),
});

export const setActivityRetentionEndpoint = defineEndpoint({
  operationId: 'setActivityRetention', method: 'PUT', path: '/v5/team/{teamId}/activity/retention', service: 'command', tag,
  summary: 'How many days the activity log keeps (30–3650, null: everything) (owner or admin)',
  body: setActivityRetentionBody,
  response: z.object({ teamId: z.uuid(), days: z.number().int().nullable(), changed: z.boolean(), checkpoint }),
});

export const markProjectSeenEndpoint = defineEndpoint({
  operationId: 'markProjectSeen', method: 'PUT', path: '/v5/team/{teamId}/project/{projectId}/seen', service: 'command', tag,
  summary: 'Remember that the caller has seen the project\'s changes up to a position (manage_prj)',
  body: markProjectSeenBody,
  response: z.object({ projectId: z.string(), position: z.string(), changed: z.boolean(), checkpoint }),
});

export const listProjectChangesEndpoint = defineEndpoint({
  operationId: 'listProjectChanges', method: 'GET', path: '/v5/team/{teamId}/project/{projectId}/changes', service: 'query', tag,
  summary: 'What changed in the project since the caller last looked: a count for the badge and the newest entries (manage_prj)',
  query: projectChangesQuery,
  response: z.object({
    count: z.number().int(),
    /** True when there are more changes than counted (the badge shows "999+"). */
    capped: z.boolean(),
    /** The caller's read position; null before they first looked. */
    seen: z.string().nullable(),
    /** Send this to `seen` to mark everything listed here as seen. */
    position: z.string().nullable(),
    entries: z.array(activityEntrySchema),
  }),
});

/** The most projects one count call answers (the home page shows six per team). */
export const PROJECT_CHANGE_COUNTS_MAX = 20;
const projectIdSchema = z.string().regex(/^[A-Za-z0-9_:.-]{1,100}$/, 'must be a project id');

// GET /v5/team/{teamId}/changes?projects=<id>,<id>: comma-separated, duplicates counted once.
export const projectChangeCountsQuery = z.object({
  projects: z
    .string()
    .max(PROJECT_CHANGE_COUNTS_MAX * 101)
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim()).filter((id) => id !== ''))])
    .pipe(z.array(projectIdSchema).min(1).max(PROJECT_CHANGE_COUNTS_MAX)),
  minCheckpoint: z.string().min(1).max(200).optional(),
});
export type ProjectChangeCountsQuery = z.infer<typeof projectChangeCountsQuery>;

export const countProjectChangesEndpoint = defineEndpoint({
  operationId: 'countProjectChanges', method: 'GET', path: '/v5/team/{teamId}/changes', service: 'query', tag,
  summary: 'How much changed since the caller last looked, for up to 20 of the team’s projects in one call (the home page); projects the caller may not manage are left out (manage_prj)',
  query: projectChangeCountsQuery,
  response: z.object({
    projects: z.array(z.object({
      projectId: z.string(),
      count: z.number().int(),
      /** True when there are more changes than counted (the badge shows "999+"). */
      capped: z.boolean(),
    })),
  }),
});

export const activityEndpoints = [
  listTeamActivityEndpoint, exportTeamActivityEndpoint, listActivityActorsEndpoint, setActivityRetentionEndpoint, markProjectSeenEndpoint, listProjectChangesEndpoint,
  countProjectChangesEndpoint,
] as const;
