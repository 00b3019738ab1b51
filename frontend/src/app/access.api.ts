import type { AccessMap, MemberLevel } from '@planwerk/events/access';
import type { bundleEndpoint } from '@planwerk/events/bundle/bundle.endpoints';
import { api } from './api';
import { fromContract, route, type ResponseOf } from './contract';

// The caller's access in one team, from the `access` bundle (POST /v5/bundle, spec section 7).
export interface TeamAccess {
  teamId: string;
  link: string;
  /** Null when the caller is no member of the team. */
  member: { level: MemberLevel; access: AccessMap } | null;
  manage: boolean;
}

function toTeamAccess(answer: ResponseOf<typeof bundleEndpoint>): TeamAccess | null {
  const part = answer.bundle.access;
  if (!part || part.error || answer.cc_id === null || answer.cc_link === null) return null;
  const body = part.body;
  // The link entry calls the plain member "others" (spec section 3); team flag 0 is no member.
  const level: MemberLevel | null = body.level === 'others' ? (body.team === 0 ? null : 'member') : body.level;
  return {
    teamId: answer.cc_id,
    link: answer.cc_link,
    member: level === null ? null : { level, access: body.access },
    manage: body.manage,
  };
}

export const accessApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTeamAccess: build.query({
      ...fromContract(
        route<typeof bundleEndpoint>('POST /v5/bundle'),
        (ccLink: string) => ({ params: {}, body: { header: { cc_link: ccLink }, bundle: ['access'] } }),
        toTeamAccess,
      ),
      providesTags: (_result, _error, ccLink) => [{ type: 'TeamAccess', id: ccLink.toLowerCase() }, 'TeamAccess'],
    }),
  }),
});

export const { useGetTeamAccessQuery } = accessApi;
