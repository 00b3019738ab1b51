import { api } from '../../app/api';
import { noted, queryString, withCheckpoint } from '../../shared/read-your-writes';

// The activity log and "what changed since I last looked" (events/src/activity/activity.endpoints.ts, ADR 0007).

export interface ActivityEntry {
  eventId: string;
  recordedAt: string;
  action: string;
  eventType: string;
  object: { kind: string; id: string };
  projectId: string | null;
  listId: string | null;
  actor: { kind: 'user' | 'anonymous' | 'system'; id: string; name: string | null; display: string };
  changes: { field: string; before: unknown; after: unknown }[];
}

export interface ActivityFilter {
  project?: string;
  list?: string;
  person?: string;
  kind?: string;
  action?: string;
  from?: string;
  to?: string;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  next: string | null;
  retentionDays: number | null;
}

export interface ProjectChangesAnswer {
  count: number;
  capped: boolean;
  seen: string | null;
  position: string | null;
  entries: ActivityEntry[];
}

const enc = encodeURIComponent;

export function activityQuery(filter: ActivityFilter, extra: Record<string, string | number | undefined> = {}): string {
  return queryString({ ...filter, ...extra });
}

export const activityApi = api.enhanceEndpoints({ addTagTypes: ['Activity', 'ProjectChanges'] }).injectEndpoints({
  endpoints: (build) => ({
    listActivity: build.query<ActivityPage, { teamId: string; filter: ActivityFilter; after?: string }>({
      query: ({ teamId, filter, after }) => withCheckpoint(`team/${enc(teamId)}/activity${activityQuery(filter, { limit: 50, after })}`),
      providesTags: ['Activity'],
    }),
    getProjectChanges: build.query<ProjectChangesAnswer, { teamId: string; projectId: string }>({
      query: ({ teamId, projectId }) => withCheckpoint(`team/${enc(teamId)}/project/${enc(projectId)}/changes?limit=20`),
      providesTags: (_result, _error, { projectId }) => [{ type: 'ProjectChanges', id: projectId }],
    }),
    markProjectSeen: build.mutation<{ position: string; checkpoint: string }, { teamId: string; projectId: string; position: string | null }>({
      query: ({ teamId, projectId, position }) => ({
        url: `team/${enc(teamId)}/project/${enc(projectId)}/seen`, method: 'PUT', body: position ? { position } : {},
      }),
      transformResponse: noted,
      invalidatesTags: (_result, _error, { projectId }) => [{ type: 'ProjectChanges', id: projectId }],
    }),
  }),
});

export const { useListActivityQuery, useLazyListActivityQuery, useGetProjectChangesQuery, useMarkProjectSeenMutation } = activityApi;

export function activityExportPath(teamId: string, filter: ActivityFilter): string {
  return `team/${enc(teamId)}/activity/export${activityQuery(filter)}`;
}
