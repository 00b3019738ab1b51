import { ACCESS_AREAS } from '@planwerk/events/constants';
import { answer } from './fetch-stub';

type Level = 'owner' | 'admin' | 'space' | 'item' | 'others';

// The caller's access in a team as the `access` bundle answers it (POST /v5/bundle): what the
// management pages and the route guard read through useGetTeamAccessQuery. Owner and admin get
// every area in full; other levels the areas given.
export function answerTeamAccess(teamId: string, link: string, level: Level, access: Partial<Record<(typeof ACCESS_AREAS)[number], string[]>> = {}): void {
  const full = level === 'owner' || level === 'admin';
  const areas = Object.fromEntries(ACCESS_AREAS.map((area) => [area, full || area in access ? 2 : false]));
  answer('POST', '/v5/bundle', {
    cc_id: teamId, cc_link: link, prj_id: null, prj_link: null, pick: null,
    bundle: { access: { error: null, body: { cc_id: teamId, level, team: level === 'others' ? 1 : 2, access, manage: level !== 'others', areas } } },
  });
}
