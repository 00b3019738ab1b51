import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { NavLink, Outlet, useNavigation } from 'react-router';
import { DevSidebarEntry } from '../features/dev/dev-sidebar-entry';
import { VersionNotice } from '../features/update/version-notice';
import { appMessages } from './app.messages';
import { useAppSelector } from './hooks';
import { paths } from './paths';
import { LanguageToggle, ThemeToggle } from './shell-controls';

// Only the entries whose pages exist; the rest of spec section 2's sidebar follows with them.
const entries = [
  { to: paths.start.href(), label: appMessages.start, end: true },
  { to: paths.feedback.href(), label: appMessages.feedback, end: false },
] as const;

export function AppShell() {
  const intl = useIntl();
  const theme = useAppSelector((state) => state.preferences.theme);
  const navigation = useNavigation();

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">{intl.formatMessage(appMessages.skipToContent)}</a>
      <aside className="sidebar">
        <p className="sidebar__brand">{intl.formatMessage(appMessages.productName)}</p>
        <nav aria-label={intl.formatMessage(appMessages.navigation)}>
          <ul className="sidebar__list">
            {entries.map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to} end={entry.end} className="sidebar__link">
                  {intl.formatMessage(entry.label)}
                </NavLink>
              </li>
            ))}
            <DevSidebarEntry />
          </ul>
        </nav>
        <div className="sidebar__footer">
          <ThemeToggle />
          <LanguageToggle />
          <VersionNotice />
        </div>
      </aside>
      <main id="main" className="main" tabIndex={-1} aria-busy={navigation.state === 'loading'}>
        <Outlet />
      </main>
    </div>
  );
}

export function ShellLoader() {
  const intl = useIntl();
  return <p className="loader" role="status">{intl.formatMessage(appMessages.loading)}</p>;
}
