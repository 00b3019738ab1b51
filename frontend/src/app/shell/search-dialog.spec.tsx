import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import type { ProjectOverviewEntry } from '../../features/projects/projects.api';
import type { LinkEntry } from '../../features/teams/teams.api';
import { answer, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderWithDataRouter } from '../../shared/testing/render';
import { signedIn } from '../auth.slice';
import { createStore } from '../store';
import { searchOpened } from '../ui.slice';
import { SearchDialog } from './search-dialog';

const me = {
  uid: '0b9a4c1e-5555-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};
const teamLink = (id: string, link: string, name: string, level: LinkEntry['access']['level']): LinkEntry => ({
  id, link, hash: null, obj: 'link_cc', name, team: 2, access: { level, manage: level === 'owner' || level === 'admin', access: {} }, item: [], cc_id: id,
});
const tsv = teamLink('0b9a4c1e-5555-4aaa-8bbb-000000000002', 'tsv', 'TSV Musterstadt', 'owner');
const choir = teamLink('0b9a4c1e-5555-4aaa-8bbb-000000000003', 'chor', 'Kirchenchor', 'others');
const project = (n: number, name: string, link: string, status: ProjectOverviewEntry['status']): ProjectOverviewEntry => ({
  projectId: `0b9a4c1e-5555-4aaa-8bbb-00000000010${n}`, teamId: tsv.id, link, name, colour: 1, status, previousStatus: null, locked: false,
  visibility: 'public', startDate: null, shareHash: `h${n}`,
  counts: { phases: 1, lists: 1, items: 1, placed: 0, waitlisted: 0, signups: 0, capacity: 0, unlimitedItems: 1 },
  createdBy: me.uid, createdAt: '2027-01-01T10:00:00.000Z', updatedAt: '2027-01-01T10:00:00.000Z',
});
const projectsPath = `/v5/team/${tsv.id}/project`;

// The dialog reads the route's team through useMatches, which needs a data router.
function renderSearch({ signIn = true }: { signIn?: boolean } = {}) {
  const store = createStore();
  if (signIn) store.dispatch(signedIn(me));
  store.dispatch(searchOpened());
  return renderWithDataRouter([{
    path: '/',
    element: <><SearchDialog /><Outlet /></>,
    children: [
      { index: true, element: <p>Start</p> },
      { path: 'team/:ccLink', element: <p>Team-Seite</p> },
      { path: 'manage/:ccLink/project/:projectId', element: <p>Projekt-Seite</p> },
    ],
  }], { store });
}

function stubTeams() {
  answer('GET', '/v5/user/link', { links: [tsv, choir] });
  answer('GET', projectsPath, { projects: [project(1, 'Sommerfest', 'sommerfest', 1), project(2, 'Sommerlager', 'lager', 0), project(3, 'Weihnachten', 'xmas', 1)] });
}

describe('SearchDialog', () => {
  it('asks to sign in before searching', () => {
    renderSearch({ signIn: false });
    const dialog = screen.getByRole('dialog', { name: 'Suche' });
    expect(within(dialog).getByText('Melde dich an, um deine Teams und Projekte zu durchsuchen.')).toBeVisible();
    expect(within(dialog).queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('waits for two characters before it searches', async () => {
    stubTeams();
    const { user } = renderSearch();
    const field = screen.getByRole('searchbox', { name: 'Teams und Projekte durchsuchen' });
    expect(screen.getByText('Gib mindestens zwei Zeichen ein.')).toBeVisible();
    await user.type(field, 's');
    expect(screen.getByText('Gib mindestens zwei Zeichen ein.')).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('finds teams by name and the live projects of the teams the user manages', async () => {
    stubTeams();
    const { user } = renderSearch();
    await user.type(screen.getByRole('searchbox', { name: 'Teams und Projekte durchsuchen' }), 'som');
    const projects = await screen.findByRole('region', { name: 'Projekte in TSV Musterstadt' });
    const hits = within(projects).getAllByRole('link');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toHaveTextContent('Sommerfest /sommerfest');
    expect(hits[0]).toHaveAttribute('href', `/manage/tsv/project/${project(1, '', '', 1).projectId}`);
    // Only the managed team's projects are asked for (the list needs manage_prj).
    expect(fetchCalls('GET', projectsPath)).toHaveLength(1);
    expect(fetchCalls('GET', /\/v5\/team\/.*\/project/).every((call) => call.path === projectsPath)).toBe(true);

    await user.clear(screen.getByRole('searchbox', { name: 'Teams und Projekte durchsuchen' }));
    await user.type(screen.getByRole('searchbox', { name: 'Teams und Projekte durchsuchen' }), 'chor');
    const teams = screen.getByRole('region', { name: 'Teams' });
    expect(within(teams).getByRole('link', { name: 'Kirchenchor' })).toHaveAttribute('href', '/team/chor');
  });

  it('says when nothing matches', async () => {
    stubTeams();
    const { user } = renderSearch();
    await user.type(screen.getByRole('searchbox', { name: 'Teams und Projekte durchsuchen' }), 'xyz');
    expect(await screen.findByText('Keine Treffer.')).toBeVisible();
  });

  it('opens the first hit with Enter and closes', async () => {
    stubTeams();
    const { user, store } = renderSearch();
    await user.type(screen.getByRole('searchbox', { name: 'Teams und Projekte durchsuchen' }), 'weih');
    await screen.findByRole('link', { name: /Weihnachten/ });
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Projekt-Seite')).toBeVisible();
    expect(store.getState().ui.searchOpen).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Suche' })).not.toBeInTheDocument();
  });

  it('closes with its button', async () => {
    stubTeams();
    const { user, store } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(store.getState().ui.searchOpen).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Suche' })).not.toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    stubTeams();
    const { user, store } = renderSearch();
    await user.keyboard('{Escape}');
    expect(store.getState().ui.searchOpen).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Suche' })).not.toBeInTheDocument();
  });
});
