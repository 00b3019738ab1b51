import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import type { ItemView, ListView, ProjectView, SignupView } from '../../projects';
import { answer, fetchCalls } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import { AdminView } from './admin-view';
import type { ViewContext } from './view-context';

const projectId = '0b9a4c1e-adad-4aaa-8bbb-000000000001';
const teamId = '0b9a4c1e-adad-4aaa-8bbb-000000000002';
const phaseId = '0b9a4c1e-adad-4aaa-8bbb-000000000003';
const signup = (n: number, name: string | null, change: Partial<SignupView> = {}): SignupView => ({
  signupId: `0b9a4c1e-adad-4aaa-8bbb-00000000010${n}`, name, userId: null, values: null, vote: null, status: 'placed', position: null,
  attended: null, mine: false, ...change,
});
const item = (n: number, name: string, signups: SignupView[]): ItemView => ({
  itemId: `0b9a4c1e-adad-4aaa-8bbb-00000000020${n}`, name, description: '', capacity: 2, vote: null, date: null, time: null,
  placed: signups.filter((s) => s.status === 'placed').length, waitlisted: signups.filter((s) => s.status === 'waitlisted').length,
  free: null, signups, mine: [],
});
const list = (n: number, name: string, items: ItemView[], fields: ListView['fields'] = []): ListView => ({
  listId: `0b9a4c1e-adad-4aaa-8bbb-00000000030${n}`, phaseId, type: 1, name, description: '',
  window: { opensAt: null, closesAt: null, endsAt: null }, windowState: 'open', attendance: 'automatic', fields,
  settings: { waitlist: true, maxPerPerson: null, allowAnonymous: true, showNames: 'all' }, namesVisible: true, items,
});
const buffet = list(1, 'Buffet', [
  item(1, 'Kuchen', [
    signup(1, 'Ada Lovelace', { values: { phone: '0301234', diet: ['vegan', 'ohne Nüsse'], car: true } }),
    signup(2, null, { values: { car: false } }),
    signup(3, 'Alan Turing', { status: 'waitlisted', position: 1 }),
  ]),
  item(2, 'Salat', []),
], [
  { fieldId: 'phone', kind: 'text', label: 'Telefon', required: true },
  { fieldId: 'diet', kind: 'checkbox', label: 'Ernährung', required: false, options: ['vegan', 'ohne Nüsse'] },
  { fieldId: 'car', kind: 'checkbox', label: 'Auto', required: false },
]);
const setup = list(2, 'Aufbau', [item(3, 'Zelt', [signup(4, 'Grace Hopper')])]);
const view = (admin: boolean): ProjectView => ({
  project: {
    projectId, teamId, link: 'sommerfest', name: 'Sommerfest', colour: 1, status: 1, locked: false,
    visibility: 'public', startDate: null, description: '', comments: false,
  },
  viewer: { admin, member: true },
  phases: [{ phaseId, name: 'Aufbau', description: '', folderId: null }],
  lists: [buffet, setup],
  version: 9,
});
const teamEntry = {
  id: teamId, link: 'tsv', hash: null, obj: 'link_cc', name: 'TSV Musterstadt', team: 2, access: { level: 'owner', manage: true, access: {} }, item: [], cc_id: teamId,
};

// The project view's frame hands its views the context through the outlet.
function renderView(admin = true) {
  const context: ViewContext = { view: view(admin), viewer: { signedIn: true, admin }, linkBase: { kind: 'link', link: 'sommerfest' } };
  return renderConsole(
    <Routes>
      <Route element={<Outlet context={context} />}>
        <Route path="/sommerfest/admin" element={<AdminView />} />
      </Route>
    </Routes>,
    { path: '/sommerfest/admin' },
  );
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)
  .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('AdminView', () => {
  it('is closed to people who do not manage the project, and asks for nothing', () => {
    renderView(false);
    expect(screen.getByText('Diese Ansicht ist der Verwaltung des Projekts vorbehalten.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(fetchCalls('GET', '/v5/user/link')).toEqual([]);
  });

  it('lists every sign-up per list with its status and the values of the list fields', async () => {
    answer('GET', '/v5/user/link', { links: [teamEntry] });
    renderView();
    const table = screen.getByRole('table', { name: 'Buffet' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Eintrag', 'Person', 'Status', 'Telefon', 'Ernährung', 'Auto']);
    expect(rowsOf(table)).toEqual([
      ['Kuchen', 'Ada Lovelace', 'Eingetragen', '0301234', 'vegan, ohne Nüsse', '✓'],
      ['Kuchen', 'Ohne Namen', 'Eingetragen', '', '', '–'],
      ['Kuchen', 'Alan Turing', 'Warteliste, Platz 1', '', '', ''],
    ]);
    expect(screen.getByText('2 eingetragen, 1 auf der Warteliste')).toBeVisible();
    expect(rowsOf(screen.getByRole('table', { name: 'Aufbau' }))).toEqual([['Zelt', 'Grace Hopper', 'Eingetragen']]);
    expect(screen.getByText('1 eingetragen, 0 auf der Warteliste')).toBeVisible();
    await waitFor(() => expect(fetchCalls('GET', '/v5/user/link')).toHaveLength(1));
  });

  it('leads to the editor of the project in its team', async () => {
    answer('GET', '/v5/user/link', { links: [teamEntry] });
    renderView();
    expect(await screen.findByRole('link', { name: 'Im Editor bearbeiten' })).toHaveAttribute('href', `/manage/tsv/project/${projectId}`);
  });

  it('offers no way to the editor when the team is not among my links', async () => {
    answer('GET', '/v5/user/link', { links: [{ ...teamEntry, id: '0b9a4c1e-adad-4aaa-8bbb-000000000009', cc_id: '0b9a4c1e-adad-4aaa-8bbb-000000000009' }] });
    renderView();
    await waitFor(() => expect(fetchCalls('GET', '/v5/user/link')).toHaveLength(1));
    await screen.findByRole('table', { name: 'Buffet' });
    expect(screen.queryByRole('link', { name: 'Im Editor bearbeiten' })).not.toBeInTheDocument();
  });
});
