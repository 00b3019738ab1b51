import { useEffect } from 'react';
import { defineMessage } from 'react-intl';
import { Navigate } from 'react-router';
import { NoTeamState } from '../features/onboarding/no-team-state';
import { teamLinks, useListUserLinksQuery } from '../features/teams/teams.api';
import { ShellLoader } from './app-shell-loader';
import { useAppDispatch } from './hooks';
import { paths } from './paths';
import { popupShown, teamPickerOpened } from './ui.slice';

const noTeamAccess = defineMessage({
  id: 'teams.picker.noTeamAccess',
  defaultMessage: 'Nicht ausreichende Berechtigung für das Team',
  description: 'Popup when no team could be chosen (spec section 5)',
});

// Team link missing or "0" and no team chosen (spec section 5): the team picker with "Nicht
// ausreichende Berechtigung für das Team". A person with no team at all has nothing to pick and
// lacks no permission: the screen says why and offers to create or join one (issue 14). Loaded
// by the route guard only when needed, so the first view stays small.
export function NoTeamChosen() {
  const { data: links } = useListUserLinksQuery();
  if (!links) return <ShellLoader />;
  if (teamLinks(links).length === 0) return <NoTeamState />;
  return <PickTeam />;
}

function PickTeam() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(teamPickerOpened());
    dispatch(popupShown({ message: noTeamAccess, tone: 'danger' }));
  }, [dispatch]);
  return <Navigate to={paths.start.href()} replace />;
}
