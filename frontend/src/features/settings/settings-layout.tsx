import { useIntl, type MessageDescriptor } from 'react-intl';
import { NavLink, Outlet } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { adminContactMessages } from './admin-contact.messages';
import { useAdminTeams } from './admin-teams';
import { teamAdminSettingsMessages } from './team-admin-settings.messages';
import { settingsMessages } from './settings.messages';
import './settings-pages.css';

const sections = [
  { to: paths.settingsAccount.href(), label: settingsMessages.account, end: true },
  { to: paths.settingsSecure.href(), label: settingsMessages.secure, end: true },
  { to: paths.settingsLogin.href(), label: settingsMessages.login, end: true },
  { to: paths.settingsDesign.href(), label: settingsMessages.design, end: true },
  { to: paths.settingsDevice.href(), label: settingsMessages.device, end: true },
  { to: paths.settingsAuth.href(), label: settingsMessages.auth, end: true },
  { to: paths.settingsBackup.href(), label: settingsMessages.backup, end: true },
  { to: paths.settingsPrivacy.href(), label: settingsMessages.privacy, end: true },
  { to: paths.settingsDelete.href(), label: settingsMessages.delete, end: true },
] as const;

export function SettingsLayout() {
  const intl = useIntl();
  const title = intl.formatMessage(settingsMessages.title);
  usePageTitle(title);
  // The team administration entries only for owners and admins of a team (spec section 2).
  const teams = useAdminTeams();
  const shown: readonly { to: string; label: MessageDescriptor; end: boolean }[] = teams.length > 0
    ? [
      ...sections,
      // The first admin team; the page switches between them.
      { to: paths.settingsAdminTeam.href(teams[0].link), label: teamAdminSettingsMessages.nav, end: true },
      { to: paths.settingsAdminContact.href(), label: adminContactMessages.title, end: true },
    ]
    : sections;
  return (
    <div className="page">
      <h1>{title}</h1>
      <nav className="tabs" aria-label={intl.formatMessage(settingsMessages.nav)}>
        {shown.map((section) => (
          <NavLink key={section.to} to={section.to} end={section.end} className="tabs__link">{intl.formatMessage(section.label)}</NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
