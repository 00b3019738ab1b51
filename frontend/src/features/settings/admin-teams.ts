import { teamLinks, useListUserLinksQuery, type LinkEntry } from '../teams';

/** Owner and admin of a team (spec section 6) may use the team administration entries. */
export function administers(entry: LinkEntry): boolean {
  return entry.access.level === 'owner' || entry.access.level === 'admin';
}

/** The team links the person owns or administers: the settings' admin entries show only with one. */
export function useAdminTeams(): LinkEntry[] {
  const { data } = useListUserLinksQuery();
  return teamLinks(data).filter(administers);
}
