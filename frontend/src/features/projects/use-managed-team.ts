import { useParams } from 'react-router';
import { useGetTeamAccessQuery } from '../../app/access.api';
import { useAppSelector } from '../../app/hooks';

export interface ManagedTeam {
  teamId: string;
  link: string;
  level: 'owner' | 'admin' | 'space' | 'item' | 'member' | null;
  /** Owner or admin of the team. */
  admin: boolean;
  owner: boolean;
  userId: string | null;
}

/** The team of a management route (the guard has loaded its access already). */
export function useManagedTeam(): ManagedTeam | null {
  const { ccLink = '0' } = useParams();
  const { data } = useGetTeamAccessQuery(ccLink);
  const userId = useAppSelector((state) => state.auth.user?.uid ?? null);
  if (!data) return null;
  const level = data.member?.level ?? null;
  return { teamId: data.teamId, link: data.link, level, admin: level === 'owner' || level === 'admin', owner: level === 'owner', userId };
}
