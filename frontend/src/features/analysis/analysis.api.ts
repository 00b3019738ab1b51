import type { getProjectAnalysisEndpoint } from '@planwerk/events/projects/project-queries.endpoints';
import { api } from '../../app/api';
import { fromContract, route, type ResponseOf } from '../../app/contract';

// GET /v5/team/{teamId}/project/{projectId}/analysis (events/src/projects/project-queries.endpoints.ts):
// fill rate per list and item, now and per day. The types come from the declaration.

export type ProjectAnalysis = ResponseOf<typeof getProjectAnalysisEndpoint>;
export type FillPoint = ProjectAnalysis['lists'][number]['days'][number];

export const analysisApi = api.enhanceEndpoints({ addTagTypes: ['Analysis', 'Project'] }).injectEndpoints({
  endpoints: (build) => ({
    getProjectAnalysis: build.query({
      ...fromContract(route<typeof getProjectAnalysisEndpoint>('GET /v5/team/{teamId}/project/{projectId}/analysis', 'minCheckpoint'),
        ({ teamId, projectId }: { teamId: string; projectId: string }) => ({ params: { teamId, projectId } })),
      // The project's tag: live updates and every change of the project refetch the chart.
      providesTags: (_result, _error, { projectId }) => [{ type: 'Analysis', id: projectId }, { type: 'Project', id: projectId }],
    }),
  }),
});

export const { useGetProjectAnalysisQuery } = analysisApi;
