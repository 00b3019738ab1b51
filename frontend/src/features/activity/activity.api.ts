import type {
  countProjectChangesEndpoint, listActivityActorsEndpoint, listProjectChangesEndpoint, listTeamActivityEndpoint, markProjectSeenEndpoint, exportTeamActivityEndpoint,
} from '@planwerk/events/activity/activity.endpoints';
import { api } from '../../app/api';
import { fromContract, route, urlOf, type RequestOf, type ResponseOf } from '../../app/contract';

// The activity log and "what changed since I last looked" (events/src/activity/activity.endpoints.ts, ADR 0007).
// Every type here comes from the declarations: none is written by hand.

export type ActivityPage = ResponseOf<typeof listTeamActivityEndpoint>;
export type ActivityEntry = ActivityPage['entries'][number];
export type ProjectChangesAnswer = ResponseOf<typeof listProjectChangesEndpoint>;
export type ActivityActor = ResponseOf<typeof listActivityActorsEndpoint>['actors'][number];
type ExportLanguage = NonNullable<NonNullable<RequestOf<typeof exportTeamActivityEndpoint>['query']>['lang']>;

type ListQuery = NonNullable<RequestOf<typeof listTeamActivityEndpoint>['query']>;
/** The log's filters (the query without paging and checkpoint). */
export type ActivityFilter = Omit<ListQuery, 'limit' | 'after' | 'minCheckpoint'>;

const PAGE_SIZE = 50;
const CHANGES_SHOWN = 20;

export const activityApi = api.enhanceEndpoints({ addTagTypes: ['Activity', 'ProjectChanges'] }).injectEndpoints({
  endpoints: (build) => ({
    listActivity: build.query({
      ...fromContract(route<typeof listTeamActivityEndpoint>('GET /v5/team/{teamId}/activity', 'minCheckpoint'), ({ teamId, filter, after }: { teamId: string; filter: ActivityFilter; after?: string }) => ({
        params: { teamId }, query: { ...filter, limit: PAGE_SIZE, after },
      })),
      providesTags: ['Activity'],
    }),
    listActivityActors: build.query({
      ...fromContract(route<typeof listActivityActorsEndpoint>('GET /v5/team/{teamId}/activity/actors', 'minCheckpoint'), ({ teamId }: { teamId: string }) => ({
        params: { teamId }, query: {},
      })),
      providesTags: ['Activity'],
    }),
    getProjectChanges: build.query({
      ...fromContract(route<typeof listProjectChangesEndpoint>('GET /v5/team/{teamId}/project/{projectId}/changes', 'minCheckpoint'), ({ teamId, projectId }: { teamId: string; projectId: string }) => ({
        params: { teamId, projectId }, query: { limit: CHANGES_SHOWN },
      })),
      providesTags: (_result, _error, { projectId }) => [{ type: 'ProjectChanges', id: projectId }],
    }),
    // The home page's badges: one call for a team's shown projects (each tagged like its own changes).
    countProjectChanges: build.query({
      ...fromContract(route<typeof countProjectChangesEndpoint>('GET /v5/team/{teamId}/changes', 'minCheckpoint'), ({ teamId, projectIds }: { teamId: string; projectIds: readonly string[] }) => ({
        params: { teamId }, query: { projects: projectIds.join(',') },
      })),
      providesTags: (_result, _error, { projectIds }) => projectIds.map((projectId) => ({ type: 'ProjectChanges' as const, id: projectId })),
    }),
    markProjectSeen: build.mutation({
      ...fromContract(route<typeof markProjectSeenEndpoint>('PUT /v5/team/{teamId}/project/{projectId}/seen'), ({ teamId, projectId, position }: { teamId: string; projectId: string; position: string | null }) => ({
        params: { teamId, projectId }, body: position ? { position } : {},
      })),
      invalidatesTags: (_result, _error, { projectId }) => [{ type: 'ProjectChanges', id: projectId }],
    }),
  }),
});

export const { useListActivityQuery, useLazyListActivityQuery, useListActivityActorsQuery, useGetProjectChangesQuery, useCountProjectChangesQuery, useMarkProjectSeenMutation } = activityApi;

/** The CSV of the filtered log; its sentence column in the reader's language. */
export function activityExportPath(teamId: string, filter: ActivityFilter, lang: ExportLanguage): string {
  return urlOf(route<typeof exportTeamActivityEndpoint>('GET /v5/team/{teamId}/activity/export', 'minCheckpoint'), { params: { teamId }, query: { ...filter, lang } });
}
