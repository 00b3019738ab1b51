import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import type { LinkEntry } from '../../features/teams/teams.api';
import { answer } from '../../shared/testing/fetch-stub';
import { renderWithDataRouter } from '../../shared/testing/render';
import { signedIn } from '../auth.slice';
import { usePageTitle } from '../page-title';
import { createStore } from '../store';
import { TopBar } from './top-bar';

const me = {
  uid: '0b9a4c1e-6666-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};
const team: LinkEntry = {
  id: '0b9a4c1e-6666-4aaa-8bbb-000000000002', link: 'nordstadt', hash: null, obj: 'link_cc', name: 'Sportverein Nordstadt Ost', team: 2,
  access: { level: 'owner', manage: true, access: {} }, item: [], cc_id: '0b9a4c1e-6666-4aaa-8bbb-000000000002',
};

function Page({ section }: { section: string }) {
  usePageTitle(section);
  return <h1>{section || 'Start'}</h1>;
}

// The breadcrumb reads the route's team through useMatches, which needs a data router.
function renderAt(path: string) {
  answer('GET', '/v5/user/link', { links: [team] });
  const store = createStore();
  store.dispatch(signedIn(me));
  renderWithDataRouter([{
    path: '/',
    element: <><TopBar menuButton={false} drawerOpen={false} onMenu={() => undefined} /><Outlet /></>,
    children: [
      { index: true, element: <Page section="" /> },
      { path: 'settings', element: <Page section="Einstellungen" /> },
      { path: 'team/:ccLink', element: <Page section={team.name} /> },
      { path: 'manage/:ccLink/project', element: <Page section="Projekte" /> },
    ],
  }], { path, store });
}

const crumbs = () => within(screen.getByRole('navigation', { name: 'Pfad' })).getAllByRole('listitem').map((item) => item.textContent);
const current = () => within(screen.getByRole('navigation', { name: 'Pfad' })).getByText((_, element) => element?.getAttribute('aria-current') === 'page');

describe('TopBar breadcrumb (spec section 2: start / team name cut at 16 / section)', () => {
  it('is only "Start" on the start page', async () => {
    renderAt('/');
    await screen.findByRole('heading', { name: 'Start' });
    expect(crumbs()).toEqual(['Start']);
    expect(current()).toHaveTextContent('Start');
  });

  it('names the section of a page outside a team', async () => {
    renderAt('/settings');
    await screen.findByRole('heading', { name: 'Einstellungen' });
    expect(crumbs()).toEqual(['Start', 'Einstellungen']);
    expect(current()).toHaveTextContent('Einstellungen');
    expect(screen.getByRole('link', { name: 'Start' })).not.toHaveAttribute('aria-current');
  });

  it('shows the team cut at 16 characters and the section of a team page', async () => {
    renderAt('/manage/nordstadt/project');
    await screen.findByRole('heading', { name: 'Projekte' });
    await screen.findByText('Sportverein Nord...');
    expect(crumbs()).toEqual(['Start', 'Sportverein Nord...', 'Projekte']);
    expect(screen.getByTestId('breadcrumb-team')).toHaveAttribute('href', '/team/nordstadt');
    expect(screen.getByTestId('breadcrumb-team')).toHaveAttribute('title', 'Team Sportverein Nordstadt Ost');
    expect(current()).toHaveTextContent('Projekte');
  });

  it('ends with the team on the team\'s own page', async () => {
    renderAt('/team/nordstadt');
    await screen.findByText('Sportverein Nord...');
    expect(crumbs()).toEqual(['Start', 'Sportverein Nord...']);
    expect(screen.getByTestId('breadcrumb-team')).toHaveAttribute('aria-current', 'page');
  });

  it('names the search shortcut with the German key names', async () => {
    renderAt('/');
    expect(await screen.findByText('Strg+Leertaste')).toBeInTheDocument();
  });
});
