import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { breadcrumbTeamName } from '@planwerk/events/constants';
import { House, Icon, Menu, Search } from '../../shared/icons';
import { AccountTools } from '../account-tools';
import { useAppDispatch, useAppSelector } from '../hooks';
import { usePageSection } from '../page-title';
import { paths } from '../paths';
import { searchOpened } from '../ui.slice';
import { useKeyLabel } from './key-labels';
import { shellMessages, teamBreadcrumbTitle } from './shell.messages';
import { useCurrentTeam } from './use-current-team';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts.slice(0, 2).map((part) => part[0]?.toUpperCase() ?? '').join('') || '?';
}

// Breadcrumb of spec section 2: start / team name cut at 16 characters plus "..." / section —
// the section the page names in the tab title (left out where it is the team itself).
function Breadcrumb() {
  const intl = useIntl();
  const { routeTeam, routeLink } = useCurrentTeam();
  const section = usePageSection();
  const team = routeLink !== null && routeLink !== '0' ? { link: routeLink, name: routeTeam?.name ?? routeLink } : null;
  const last = section !== '' && section !== team?.name ? section : null;
  return (
    <nav className="breadcrumb" aria-label={intl.formatMessage(shellMessages.breadcrumb)}>
      <ol className="breadcrumb__list">
        <li className="breadcrumb__start">
          <Link to={paths.start.href()} aria-current={team || last ? undefined : 'page'}>
            <Icon of={House} /><span className="breadcrumb__start-label">{intl.formatMessage(shellMessages.breadcrumbStart)}</span>
          </Link>
        </li>
        {team && (
          <li className="breadcrumb__team">
            <Link to={paths.team.href(team.link)} title={intl.formatMessage(teamBreadcrumbTitle, { name: team.name })} aria-current={last ? undefined : 'page'} data-testid="breadcrumb-team">
              {breadcrumbTeamName(team.name)}
            </Link>
          </li>
        )}
        {last && (
          <li className="breadcrumb__section">
            <span aria-current="page" title={last}>{last}</span>
          </li>
        )}
      </ol>
    </nav>
  );
}

interface TopBarProps {
  menuButton: boolean;
  drawerOpen: boolean;
  onMenu: () => void;
}

// Top bar of spec section 2: breadcrumb, search (Ctrl+Space), avatar and tools. The
// notification bell and the messenger envelope are not shown: there is no backend for them yet.
export function TopBar({ menuButton, drawerOpen, onMenu }: TopBarProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.auth.user);
  const keyLabel = useKeyLabel();
  return (
    <header className="top-bar">
      {menuButton && (
        <button type="button" className="icon-button" aria-expanded={drawerOpen} aria-controls="sidebar" onClick={onMenu}>
          <Icon of={Menu} />
          <span className="visually-hidden">{intl.formatMessage(shellMessages.openMenu)}</span>
        </button>
      )}
      <Breadcrumb />
      <button type="button" className="button top-bar__search" onClick={() => dispatch(searchOpened())} aria-keyshortcuts="Control+Space Control+F">
        <Icon of={Search} /> <span className="top-bar__search-label">{intl.formatMessage(shellMessages.search)}</span>
        <kbd className="top-bar__kbd" aria-hidden="true">{keyLabel('Ctrl+Space')}</kbd>
      </button>
      <div className="top-bar__user" role="group" aria-label={intl.formatMessage(shellMessages.userTools)}>
        {user && <span className="avatar" aria-hidden="true">{initials(user.name || `${user.vorname} ${user.nachname}` || user.mail)}</span>}
        <AccountTools />
      </div>
    </header>
  );
}
