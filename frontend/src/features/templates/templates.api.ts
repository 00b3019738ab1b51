import type { applyTemplateEndpoint } from '@planwerk/events/templates/template.endpoints';
import { api } from '../../app/api';
import { fromContract, route, type RequestOf } from '../../app/contract';

// Applying a template of the gallery (events/src/templates): a new project in the team. The
// team's project overview is refreshed (its tag is the projects feature's read model name).
export type ApplyTemplateInput = RequestOf<typeof applyTemplateEndpoint>['body'];

export const templatesApi = api.enhanceEndpoints({ addTagTypes: ['Projects'] }).injectEndpoints({
  endpoints: (build) => ({
    applyTemplate: build.mutation({
      ...fromContract(route<typeof applyTemplateEndpoint>('POST /v5/team/{teamId}/template/{templateId}/project'), ({ teamId, templateId, body }: { teamId: string; templateId: string; body: ApplyTemplateInput }) => ({
        params: { teamId, templateId }, body,
      })),
      invalidatesTags: (_result, _error, { teamId }) => [{ type: 'Projects' as const, id: teamId }],
    }),
  }),
});

export const { useApplyTemplateMutation } = templatesApi;
