import type { AccessMap, MemberLevel } from '@planwerk/events/access';
import { api } from './api';

// The caller's access in one team, from the `access` bundle (POST /v5/bundle, spec section 7).
export interface TeamAccess {
  teamId: string;
  link: string;
  /** Null when the caller is no member of the team. */
  member: { level: MemberLevel; access: AccessMap } | null;
  manage: boolean;
}

interface AccessBundleBody {
  cc_id: string;
  level: 'owner' | 'admin' | 'space' | 'item' | 'others';
  team: 0 | 1 | 2;
  manage: boolean;
  access: AccessMap;
}

interface BundleAnswer {
  cc_id: string | null;
  cc_link: string | null;
  bundle: Record<string, { body: unknown; error: { status: number; intern: number | string; text: string } | null }>;
  pick: { cc_id: string; link: string; name: string }[] | null;
}

function toTeamAccess(answer: BundleAnswer): TeamAccess | null {
  const part = answer.bundle.access;
  if (!part || part.error || answer.cc_id === null || answer.cc_link === null) return null;
  const body = part.body as AccessBundleBody;
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
    getTeamAccess: build.query<TeamAccess | null, string>({
      query: (ccLink) => ({
        url: 'bundle', method: 'POST',
        body: { header: { cc_link: ccLink }, bundle: ['access'] },
      }),
      transformResponse: (answer: BundleAnswer) => toTeamAccess(answer),
      providesTags: (_result, _error, ccLink) => [{ type: 'TeamAccess', id: ccLink.toLowerCase() }, 'TeamAccess'],
    }),
  }),
});

export const { useGetTeamAccessQuery } = accessApi;
