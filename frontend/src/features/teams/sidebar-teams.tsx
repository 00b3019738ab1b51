import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { teamPickerOpened } from '../../app/ui.slice';
import { teamLinks, useListUserLinksQuery } from './teams.api';
import { teamMessages } from './teams.messages';

// The user's team links in the sidebar (spec section 2: teams entry, create-team).
export function SidebarTeams() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data } = useListUserLinksQuery();
  const teams = teamLinks(data);
  return (
    <li>
      <p className="sidebar__heading" id="sidebar-teams">{intl.formatMessage(teamMessages.sidebarTeams)}</p>
      <ul className="sidebar__list" aria-labelledby="sidebar-teams">
        {teams.map((team) => (
          <li key={team.id}>
            <NavLink to={paths.team.href(team.link)} className="sidebar__link">{team.name}</NavLink>
          </li>
        ))}
        <li>
          <NavLink to={paths.teamCreate.href()} className="sidebar__link">{intl.formatMessage(teamMessages.create)}</NavLink>
        </li>
        {teams.length > 1 && (
          <li>
            <button type="button" className="sidebar__button" onClick={() => dispatch(teamPickerOpened())}>
              {intl.formatMessage(teamMessages.pick)}
            </button>
          </li>
        )}
      </ul>
    </li>
  );
}
