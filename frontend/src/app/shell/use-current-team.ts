import { useMatches } from 'react-router';
import { teamLinks, useListUserLinksQuery, type LinkEntry } from '../../features/teams/teams.api';
import { useAppSelector } from '../hooks';

export interface CurrentTeam {
  /** The user's teams (signed in only). */
  teams: LinkEntry[];
  /** The team of the current route, when the route names one the user is linked to. */
  routeTeam: LinkEntry | null;
  /** ccLink of the route ("0" = none chosen), null outside team routes. */
  routeLink: string | null;
}

const LAST_TEAM_KEY = 'planwerk.lastTeam';

function lastTeamLink(): string | null {
  try {
    return localStorage.getItem(LAST_TEAM_KEY);
  } catch {
    return null;
  }
}

export function useCurrentTeam(): CurrentTeam & { preferred: LinkEntry | null } {
  const signedIn = useAppSelector((state) => state.auth.status === 'signedIn');
  const { data } = useListUserLinksQuery(undefined, { skip: !signedIn });
  const teams = signedIn ? teamLinks(data) : [];
  const matches = useMatches();
  // The shell sits above the team routes: read the deepest match's params.
  const routeLink = matches[matches.length - 1]?.params.ccLink ?? null;
  const byLink = (link: string | null) => (link === null ? undefined : teams.find((team) => team.link.toLowerCase() === link.toLowerCase()));
  const routeTeam = byLink(routeLink) ?? null;
  // The team to offer when the route names none: the one chosen last, else the first.
  const preferred = routeTeam ?? byLink(lastTeamLink()) ?? teams[0] ?? null;
  return { teams, routeTeam, routeLink, preferred };
}

/** Owners, admins and space members manage a team (spec section 2: manage and apps). */
export function managesTeam(team: LinkEntry): boolean {
  return team.access.level === 'owner' || team.access.level === 'admin' || team.access.level === 'space';
}
