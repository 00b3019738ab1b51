import { api } from '../../app/api';
import { withCheckpoint } from '../../shared/read-your-writes';

// GET /v5/team/{teamId}/project/{projectId}/analysis (events/src/projects/project-queries.endpoints.ts):
// fill rate per list and item, now and per day.

export interface FillNow {
  capacity: number | null;
  placed: number;
  waitlisted: number;
  /** placed / capacity of the limited items (may pass 1); null when unlimited. */
  fillRate: number | null;
}

export interface FillPoint extends FillNow {
  day: string;
}

export interface ProjectAnalysis {
  projectId: string;
  totals: FillNow;
  lists: (FillNow & {
    listId: string;
    phaseId: string;
    name: string;
    days: FillPoint[];
    items: (FillNow & { itemId: string; name: string; days: FillPoint[] })[];
  })[];
}

const enc = encodeURIComponent;

export const analysisApi = api.enhanceEndpoints({ addTagTypes: ['Analysis', 'Project'] }).injectEndpoints({
  endpoints: (build) => ({
    getProjectAnalysis: build.query<ProjectAnalysis, { teamId: string; projectId: string }>({
      query: ({ teamId, projectId }) => withCheckpoint(`team/${enc(teamId)}/project/${enc(projectId)}/analysis`),
      // The project's tag: live updates and every change of the project refetch the chart.
      providesTags: (_result, _error, { projectId }) => [{ type: 'Analysis', id: projectId }, { type: 'Project', id: projectId }],
    }),
  }),
});

export const { useGetProjectAnalysisQuery } = analysisApi;
