import { useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { SIDEBAR_MODE, type SidebarMode } from '@planwerk/events/constants';
import { SidebarContacts } from '../../features/contacts';
import { DevSidebarEntry } from '../../features/dev/dev-sidebar-entry';
import { projectPaths } from '../../features/projects/project.paths';
import { SidebarManage } from '../../features/projects/sidebar-manage';
import { SidebarMySignups } from '../../features/signups/sidebar-my-signups';
import { SidebarTeams } from '../../features/teams/sidebar-teams';
import { useGetTeamDetailsQuery } from '../../features/teams/teams.api';
import { VersionNotice } from '../../features/update/version-notice';
import { Icon, X } from '../../shared/icons';
import { appMessages } from '../app.messages';
import { useAppDispatch, useAppSelector } from '../hooks';
import { paths } from '../paths';
import { sidebarModeChosen } from '../preferences.slice';
import { LanguageToggle, ThemeToggle } from '../shell-controls';
import { managesTeam, useCurrentTeam } from './use-current-team';
import { shellMessages } from './shell.messages';

interface SidebarProps {
  mode: SidebarMode;
  wide: boolean;
  drawer: boolean;
  onClose: () => void;
  onHelp: () => void;
}

// "Upgrade" for an owned team on the free plan; without teams, SidebarTeams offers team creation
// (spec section 2: upgrade or create-team).
function UpgradeEntry({ link }: { link: string }) {
  const intl = useIntl();
  const { data } = useGetTeamDetailsQuery(link);
  if (!data || data.plan !== 'free') return null;
  return (
    <li>
      <NavLink to={paths.teamSetup.href(data.id)} className="sidebar__link">{intl.formatMessage(shellMessages.upgrade)}</NavLink>
    </li>
  );
}

function PinToggle({ mode }: { mode: SidebarMode }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const pinned = mode === SIDEBAR_MODE.pinned;
  return (
    <button
      type="button"
      className="theme-toggle sidebar__pin"
      aria-pressed={pinned}
      onClick={() => dispatch(sidebarModeChosen(pinned ? SIDEBAR_MODE.followsRoute : SIDEBAR_MODE.pinned))}
    >
      {intl.formatMessage(shellMessages.pin)}
    </button>
  );
}

// Sidebar entries of spec section 2: start, create, teams, manage, settings, help, upgrade or
// create-team, developer entry, theme and language toggles, version, privacy. Messages and apps
// are left out: their screens and backends do not exist yet.
export function Sidebar({ mode, wide, drawer, onClose, onHelp }: SidebarProps) {
  const intl = useIntl();
  const signedIn = useAppSelector((state) => state.auth.status === 'signedIn');
  const { teams, preferred } = useCurrentTeam();
  const managed = preferred && managesTeam(preferred) ? preferred : teams.find(managesTeam) ?? null;
  const owned = teams.find((team) => team.access.level === 'owner') ?? null;

  return (
    <aside
      id="sidebar"
      className={drawer ? 'sidebar sidebar--drawer' : 'sidebar'}
      data-testid="sidebar"
    >
      <div className="sidebar__top">
        <p className="sidebar__brand">{intl.formatMessage(appMessages.productName)}</p>
        {drawer && (
          <button type="button" className="icon-button" onClick={onClose} aria-label={intl.formatMessage(shellMessages.closeMenu)}>
            <Icon of={X} />
          </button>
        )}
      </div>
      <nav aria-label={intl.formatMessage(appMessages.navigation)}>
        <ul className="sidebar__list">
          <li>
            <NavLink to={paths.start.href()} end className="sidebar__link">{intl.formatMessage(appMessages.start)}</NavLink>
          </li>
          {signedIn && teams.length > 0 && (
            <li>
              <Link to={projectPaths.manageProjects.href(preferred?.link ?? '0')} className="sidebar__link">
                {intl.formatMessage(shellMessages.create)}
              </Link>
            </li>
          )}
          {signedIn && <SidebarMySignups />}
          {signedIn && <SidebarTeams />}
          {signedIn && managed && (
            <li>
              <NavLink to={paths.teamManage.href(managed.link)} className="sidebar__link">{intl.formatMessage(shellMessages.teamManage)}</NavLink>
            </li>
          )}
          {signedIn && <SidebarManage after={<SidebarContacts />} />}
          {signedIn && (
            <li>
              <NavLink to={paths.settings.href()} className="sidebar__link">{intl.formatMessage(appMessages.settings)}</NavLink>
            </li>
          )}
          <li>
            <NavLink to={paths.feedback.href()} className="sidebar__link">{intl.formatMessage(appMessages.feedback)}</NavLink>
          </li>
          <li>
            <button type="button" className="sidebar__link sidebar__link--button" onClick={onHelp}>
              {intl.formatMessage(shellMessages.help)}
            </button>
          </li>
          {signedIn && owned && <UpgradeEntry link={owned.link} />}
          <DevSidebarEntry />
        </ul>
      </nav>
      <div className="sidebar__footer">
        {wide && <PinToggle mode={mode} />}
        <ThemeToggle />
        <LanguageToggle />
        <VersionNotice />
        <Link className="sidebar__privacy" to={paths.accountPrivacy.href()}>{intl.formatMessage(shellMessages.privacy)}</Link>
      </div>
    </aside>
  );
}
