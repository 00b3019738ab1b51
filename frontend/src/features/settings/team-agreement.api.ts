import type { acceptTeamAgreementEndpoint, getTeamAgreementEndpoint } from '@planwerk/events/teams/agreement.endpoints';
import { api } from '../../app/api';
import { fromContract, route, type ResponseOf } from '../../app/contract';

// The team's data-processing agreement (events/src/teams/agreement.endpoints.ts): read and
// accepted by owners and admins on /settings/admin/{ccLink}.
export type TeamAgreement = ResponseOf<typeof getTeamAgreementEndpoint>;

const agreementTag = (teamId: string) => ({ type: 'TeamAgreement' as const, id: teamId });

export const teamAgreementApi = api.enhanceEndpoints({ addTagTypes: ['TeamAgreement', 'Activity'] }).injectEndpoints({
  endpoints: (build) => ({
    getTeamAgreement: build.query({
      ...fromContract(route<typeof getTeamAgreementEndpoint>('GET /v5/team/{teamId}/agreement', 'minCheckpoint'), (teamId: string) => ({ params: { teamId } })),
      providesTags: (_result, _error, teamId) => [agreementTag(teamId)],
    }),
    acceptTeamAgreement: build.mutation({
      ...fromContract(route<typeof acceptTeamAgreementEndpoint>('POST /v5/team/{teamId}/agreement'), ({ teamId, version }: { teamId: string; version: string }) => ({
        params: { teamId }, body: { version },
      })),
      invalidatesTags: (_result, _error, { teamId }) => [agreementTag(teamId), 'Activity'],
    }),
  }),
});

export const { useGetTeamAgreementQuery, useAcceptTeamAgreementMutation } = teamAgreementApi;
