import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { SIDEBAR_MODE } from '@planwerk/events/constants';
import { TeamPicker } from '../features/teams/team-picker';
import { appMessages } from './app.messages';
import { useAppSelector } from './hooks';
import { useFallbackTitle } from './page-title';
import { Popup } from './popup';
import { registerServiceWorker } from './pwa/register-service-worker';
import { ServiceEvents } from './realtime/service-events';
import { RouteGuard } from './route-guard';
import { routeMetaOf } from './route-meta';
import { SessionExpiredDialog } from './session-expired-dialog';
import { useBootLoader } from './shell/boot-loader';
import { CookieBanner } from './shell/cookie-banner';
import { HelpDialog } from './shell/help-dialog';
import { InfoBanner } from './shell/info-banner';
import { MaintenanceScreen } from './shell/maintenance-screen';
import { MessageStack } from './shell/message-stack';
import { MobileSubNav } from './shell/mobile-sub-nav';
import { SearchDialog } from './shell/search-dialog';
import { Sidebar } from './shell/sidebar';
import { TopBar } from './shell/top-bar';
import { useBackClosesLayers } from './shell/use-back-closes-layers';
import { useShellKeyboard } from './shell/use-shell-keyboard';
import { useSidebar } from './shell/use-sidebar';
import './shell/shell.css';

export { ShellLoader } from './app-shell-loader';

// Colour of the browser chrome per theme (the manifest carries the default one).
const THEME_COLOURS = { default: '#1f6feb', dark: '#13181e', 'dark-contrast': '#000000', contrast: '#0033cc' } as const;

// The shell of spec section 2: sidebar, top bar, mobile sub-nav, info and cookie banners, and
// the layers above the page (message stack, search, help, team picker, popup).
export function AppShell() {
  const intl = useIntl();
  const theme = useAppSelector((state) => state.preferences.theme);
  const initialised = useAppSelector((state) => state.auth.status !== 'restoring');
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const meta = routeMetaOf(useMatches());
  const sidebar = useSidebar(meta, pathname);
  const [helpOpen, setHelpOpen] = useState(false);
  const subView = meta?.subView === true;
  const visitorPage = meta?.visitorPage === true;
  useShellKeyboard();
  useBackClosesLayers();
  // The maintenance screen replaces the start-up loader while the restore waits (ADR 0014).
  const maintenance = useAppSelector((state) => state.ui.maintenance);
  useBootLoader(initialised || maintenance);
  useFallbackTitle(meta?.navTitle ? intl.formatMessage(meta.navTitle) : '');

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOURS[theme]);
  }, [theme]);

  useEffect(() => registerServiceWorker(), []);

  // Embeds are sub-views without the navigation bar (spec section 2); the visitor's page has
  // no console chrome either, but visitors still answer the cookie and info banners.
  if (subView || visitorPage) {
    return (
      <div className={visitorPage ? 'shell shell--sub-view shell--visitor' : 'shell shell--sub-view'}>
        {visitorPage && (
          <>
            <a className="skip-link" href="#main">{intl.formatMessage(appMessages.skipToContent)}</a>
            <CookieBanner />
            <InfoBanner />
          </>
        )}
        <main id="main" className="main" tabIndex={-1} aria-busy={navigation.state === 'loading'}>
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        </main>
        <SessionExpiredDialog />
        <MessageStack />
        <Popup />
        <ServiceEvents />
        <MaintenanceScreen />
      </div>
    );
  }

  const column = sidebar.mode !== SIDEBAR_MODE.hidden;
  return (
    <div className={column ? 'shell' : 'shell shell--no-sidebar'} data-sidebar-mode={sidebar.mode}>
      <a className="skip-link" href="#main">{intl.formatMessage(appMessages.skipToContent)}</a>
      {column && (
        <Sidebar mode={sidebar.mode} wide={sidebar.wide} drawer={false} onClose={sidebar.closeDrawer} onHelp={() => setHelpOpen(true)} />
      )}
      {sidebar.drawerOpen && (
        <>
          <div className="sidebar-backdrop" aria-hidden="true" onClick={sidebar.closeDrawer} />
          <Sidebar mode={sidebar.mode} wide={sidebar.wide} drawer onClose={sidebar.closeDrawer} onHelp={() => setHelpOpen(true)} />
        </>
      )}
      <div className="shell__content">
        <TopBar menuButton={!column} drawerOpen={sidebar.drawerOpen} onMenu={sidebar.drawerOpen ? sidebar.closeDrawer : sidebar.openDrawer} />
        <CookieBanner />
        <InfoBanner />
        <main id="main" className="main" tabIndex={-1} aria-busy={navigation.state === 'loading'}>
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        </main>
        {!sidebar.wide && <MobileSubNav />}
      </div>
      <SearchDialog />
      <HelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      <TeamPicker />
      <SessionExpiredDialog />
      <MessageStack />
      <Popup />
      {/* Service events of the second socket (spec section 4); nothing on embeds. */}
      <ServiceEvents />
      <MaintenanceScreen />
    </div>
  );
}
