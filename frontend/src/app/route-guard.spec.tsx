import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { ACCESS_AREAS } from '@planwerk/events/constants';
import { answer, answerError, fetchCalls, hold } from '../shared/testing/fetch-stub';
import { renderWithDataRouter } from '../shared/testing/render';
import { answerTeamAccess } from '../shared/testing/team-access';
import type { LinkEntry } from '../features/teams/teams.api';
import { api } from './api';
import { signedIn, signedOut } from './auth.slice';
import { Popup } from './popup';
import { RouteGuard } from './route-guard';
import { routeHandle } from './route-meta';
import { createStore } from './store';
import { maintenanceEnded } from './ui.slice';

const me = {
  uid: '0b9a4c1e-9a9a-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};
const teamId = '0b9a4c1e-9a9a-4aaa-8bbb-000000000002';
const teamLink = (id: string, link: string, name: string): LinkEntry => ({
  id, link, hash: null, obj: 'link_cc', name, team: 2, access: { level: 'owner', manage: true, access: {} }, item: [], cc_id: id,
});
const noTeamChosen = () => answer('POST', '/v5/bundle', {
  cc_id: null, cc_link: null, prj_id: null, prj_link: null, pick: [],
  bundle: { access: { body: null, error: { status: 404, intern: 'not_found', text: 'no team chosen' } } },
});

// jsdom does not scroll: the guard's scrolling is recorded instead.
const scrolls: string[] = [];
const { scrollTo } = window;
const { scrollIntoView } = Element.prototype;
beforeEach(() => {
  scrolls.length = 0;
  window.scrollTo = () => {
    scrolls.push('top');
  };
  Element.prototype.scrollIntoView = function record(this: Element) {
    scrolls.push(`#${this.id}`);
  };
});
afterEach(() => {
  window.scrollTo = scrollTo;
  Element.prototype.scrollIntoView = scrollIntoView;
});

// The guard reads the route meta through useMatches, which needs a data router. 'restoring'
// leaves the store's start-up restore of a stored token running.
function renderAt(path: string, status: 'restoring' | 'signedIn' | 'signedOut') {
  const store = createStore();
  if (status === 'signedIn') store.dispatch(signedIn(me));
  if (status === 'signedOut') store.dispatch(signedOut());
  return renderWithDataRouter([{
    path: '/',
    element: <><RouteGuard><Outlet /></RouteGuard><Popup /></>,
    children: [
      { index: true, element: <p>Startseite</p>, handle: routeHandle({ name: 'start' }) },
      { path: 'hilfe', element: <><p>Hilfe-Seite</p><h2 id="_kontakt">Kontakt</h2></>, handle: routeHandle({ name: 'help' }) },
      { path: 'error/login', element: <p>Bitte anmelden</p>, handle: routeHandle({ name: 'error-login' }) },
      { path: 'error/access', element: <p>Kein Zugriff</p>, handle: routeHandle({ name: 'error-access' }) },
      { path: 'settings/account', element: <p>Konto-Seite</p>, handle: routeHandle({ name: 'settings-account', access: { kind: 'login' } }) },
      {
        path: 'team/:ccLink/manage', element: <p>Team verwalten</p>,
        handle: routeHandle({ name: 'team-manage', access: { kind: 'client', levels: ['owner', 'admin', 'space'] } }),
      },
      { path: 'manage/:ccLink/project', element: <p>Projekte verwalten</p>, handle: routeHandle({ name: 'manage-project', access: { kind: 'id', key: 'manage_prj' } }) },
    ],
  }], { path, store });
}

describe('RouteGuard', () => {
  it('opens a route without access rules for everyone and remembers it', () => {
    renderAt('/hilfe?frage=1', 'signedOut');
    expect(screen.getByText('Hilfe-Seite')).toBeVisible();
    expect(localStorage.getItem('planwerk.lastRoute')).toBe('/hilfe?frage=1');
    expect(scrolls).toEqual(['top']);
  });

  it('scrolls to the target of a #_ link instead of the top', () => {
    renderAt('/hilfe#_kontakt', 'signedOut');
    expect(screen.getByRole('heading', { name: 'Kontakt' })).toBeVisible();
    expect(scrolls).toEqual(['#_kontakt']);
  });

  it('sends a logged-out person from a login route to the login error page, remembering where they wanted to go', async () => {
    const { router } = renderAt('/settings/account', 'signedOut');
    expect(await screen.findByText('Bitte anmelden')).toBeVisible();
    expect(screen.queryByText('Konto-Seite')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error/login');
    // The login returns there (spec section 4); the error page itself is not remembered.
    expect(localStorage.getItem('planwerk.lastRoute')).toBe('/settings/account');
  });

  it('sends a logged-out person from a team route to the login error page without asking for the team', async () => {
    renderAt('/team/tsv/manage', 'signedOut');
    expect(await screen.findByText('Bitte anmelden')).toBeVisible();
    expect(fetchCalls('POST', '/v5/bundle')).toEqual([]);
  });

  it('waits for the start-up restore of the session, then opens the route', async () => {
    localStorage.setItem('planwerk.token', 'stored-session-token');
    const release = hold('PUT', '/v5/auth/token', { token: 'stored-session-token.dev', user: me });
    renderAt('/settings/account', 'restoring');
    expect(screen.getByText('Wird geladen …')).toHaveRole('status');
    expect(screen.queryByText('Bitte anmelden')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('Konto-Seite')).toBeVisible();
    expect(screen.queryByText('Bitte anmelden')).not.toBeInTheDocument();
  });

  it('opens a team route for a level it allows, after reading the access in the team', async () => {
    const release = hold('POST', '/v5/bundle', {
      cc_id: teamId, cc_link: 'tsv', prj_id: null, prj_link: null, pick: null,
      bundle: { access: { error: null, body: {
        cc_id: teamId, level: 'admin', team: 2, access: {}, manage: true, areas: Object.fromEntries(ACCESS_AREAS.map((area) => [area, 2])),
      } } },
    });
    renderAt('/team/tsv/manage', 'signedIn');
    expect(await screen.findByText('Wird geladen …')).toBeVisible();
    release();
    expect(await screen.findByText('Team verwalten')).toBeVisible();
    expect(fetchCalls('POST', '/v5/bundle')[0]?.body).toEqual({ header: { cc_link: 'tsv' }, bundle: ['access'] });
  });

  it('sends a plain member from a management route to the access error page', async () => {
    answerTeamAccess(teamId, 'tsv', 'others');
    renderAt('/team/tsv/manage', 'signedIn');
    expect(await screen.findByText('Kein Zugriff')).toBeVisible();
    expect(screen.queryByText('Team verwalten')).not.toBeInTheDocument();
  });

  it('lets a space manager in only with the access key of the area', async () => {
    answerTeamAccess(teamId, 'tsv', 'space', { manage_prj: [] });
    renderAt('/manage/tsv/project', 'signedIn');
    expect(await screen.findByText('Projekte verwalten')).toBeVisible();
  });

  it('keeps a space manager without the key out', async () => {
    answerTeamAccess(teamId, 'tsv', 'space', { manage_contact: [] });
    renderAt('/manage/tsv/project', 'signedIn');
    expect(await screen.findByText('Kein Zugriff')).toBeVisible();
  });

  it('sends a person outside the team to the access error page', async () => {
    answer('POST', '/v5/bundle', {
      cc_id: null, cc_link: null, prj_id: null, prj_link: null, pick: [],
      bundle: { access: { body: null, error: { status: 404, intern: 'not_found', text: 'no such team' } } },
    });
    renderAt('/team/fremd/manage', 'signedIn');
    expect(await screen.findByText('Kein Zugriff')).toBeVisible();
  });

  it('does not take maintenance (6950) for a missing right: the page waits under the maintenance screen and opens once it is over', async () => {
    answerError('POST', '/v5/bundle', { status: 503, intern: 6950, text: 'Planwerk wird gerade gewartet.' });
    const { router, store } = renderAt('/team/tsv/manage', 'signedIn');
    await waitFor(() => expect(store.getState().ui.maintenance).toBe(true));
    expect(router.state.location.pathname).toBe('/team/tsv/manage');
    expect(screen.queryByText('Kein Zugriff')).not.toBeInTheDocument();
    // Maintenance over: the screen resets the API state and the access is read again.
    answerTeamAccess(teamId, 'tsv', 'owner');
    act(() => {
      store.dispatch(maintenanceEnded());
      store.dispatch(api.util.resetApiState());
    });
    expect(await screen.findByText('Team verwalten')).toBeVisible();
  });

  it('offers a retry when the access could not be read (a server error), instead of the access error', async () => {
    answerError('POST', '/v5/bundle', { status: 500, intern: 'internal', text: 'Es ist ein Fehler aufgetreten. Bitte versuche es erneut.' });
    const { router, user } = renderAt('/team/tsv/manage', 'signedIn');
    expect(await screen.findByText('Es ist ein Fehler aufgetreten. Bitte versuche es erneut.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/team/tsv/manage');
    answerTeamAccess(teamId, 'tsv', 'owner');
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Team verwalten')).toBeVisible();
  });

  it('fills in the team chosen for a missing team link', async () => {
    answerTeamAccess(teamId, 'tsv', 'owner');
    const { router } = renderAt('/manage/0/project', 'signedIn');
    expect(await screen.findByText('Projekte verwalten')).toBeVisible();
    expect(router.state.location.pathname).toBe('/manage/tsv/project');
    expect(fetchCalls('POST', '/v5/bundle')[0]?.body).toEqual({ header: { cc_link: '0' }, bundle: ['access'] });
  });

  it('opens the team picker with a notice when no team could be chosen among the person\'s teams', async () => {
    noTeamChosen();
    answer('GET', '/v5/user/link', { links: [teamLink(teamId, 'tsv', 'TSV'), teamLink('0b9a4c1e-9a9a-4aaa-8bbb-000000000003', 'chor', 'Chor')] });
    const { store } = renderAt('/manage/0/project', 'signedIn');
    expect(await screen.findByText('Startseite')).toBeVisible();
    expect(screen.getByText('Nicht ausreichende Berechtigung für das Team')).toBeVisible();
    expect(store.getState().ui.teamPickerOpen).toBe(true);
  });

  // Issue 14: before a team exists, Projekte/Sicherungen/Aktivität/Vorlagen explain and offer
  // instead of greeting the person with a red "Nicht ausreichende Berechtigung" toast.
  it('shows a person without any team why and the way on, without an error toast or the picker', async () => {
    noTeamChosen();
    answer('GET', '/v5/user/link', { links: [] });
    const { store, router } = renderAt('/manage/0/project', 'signedIn');
    expect(await screen.findByRole('heading', { name: 'Noch kein Team' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Team erstellen' })).toHaveAttribute('href', '/start/onboarding');
    expect(screen.getByRole('button', { name: 'Einem Team beitreten' })).toBeVisible();
    expect(screen.queryByText('Nicht ausreichende Berechtigung für das Team')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().ui.teamPickerOpen).toBe(false);
    expect(router.state.location.pathname).toBe('/manage/0/project');
  });
});
