import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import type { ItemView, ListView, ProjectView } from '../../projects';
import { renderConsole } from '../../../shared/testing/render';
import { FilterView } from './filter-view';
import type { ViewContext } from './view-context';

const projectId = '0b9a4c1e-3333-4aaa-8bbb-000000000001';
const item = (n: number, name: string, free: number | null, description = ''): ItemView => ({
  itemId: `0b9a4c1e-3333-4aaa-8bbb-00000000010${n}`, name, description, capacity: free === null ? null : 4, vote: null, date: null, time: null,
  placed: free === null ? 0 : 4 - free, waitlisted: 0, free, signups: null, mine: [],
});
const list = (n: number, name: string, items: ItemView[]): ListView => ({
  listId: `0b9a4c1e-3333-4aaa-8bbb-00000000020${n}`, phaseId: '0b9a4c1e-3333-4aaa-8bbb-000000000002', type: 1, name, description: '',
  window: { opensAt: null, closesAt: null, endsAt: null }, windowState: 'open', attendance: 'automatic', fields: [],
  settings: { waitlist: false, maxPerPerson: null, allowAnonymous: true, showNames: 'all' }, namesVisible: true, items,
});
const view: ProjectView = {
  project: {
    projectId, teamId: '0b9a4c1e-3333-4aaa-8bbb-000000000003', link: 'sommerfest', name: 'Sommerfest', colour: 1, status: 1, locked: false,
    visibility: 'public', startDate: null, description: '', comments: false,
  },
  viewer: { admin: false, member: false },
  phases: [{ phaseId: '0b9a4c1e-3333-4aaa-8bbb-000000000002', name: 'Aufbau', description: '', folderId: null }],
  lists: [
    list(1, 'Buffet', [item(1, 'Kuchen', 2, 'Selbstgebacken'), item(2, 'Salat', 0), item(3, 'Getränke', null)]),
    list(2, 'Aufbau', [item(4, 'Zelt aufstellen', 0), item(5, 'Bänke tragen', 1)]),
  ],
  version: 3,
};
const context: ViewContext = { view, viewer: { signedIn: false, admin: false }, linkBase: { kind: 'link', link: 'sommerfest' } };

// The project view's frame hands its views the context through the outlet.
function renderView() {
  return renderConsole(
    <Routes>
      <Route element={<Outlet context={context} />}>
        <Route path="/p/sommerfest/filter" element={<FilterView />} />
      </Route>
    </Routes>,
    { path: '/p/sommerfest/filter' },
  );
}

const shownItems = () => screen.queryAllByTestId('public-item').map((card) => within(card).getByRole('strong').textContent);
const shownLists = () => screen.queryAllByTestId('public-list').map((section) => within(section).getByRole('heading').textContent);

describe('FilterView', () => {
  it('shows every list and item before a filter is set', () => {
    renderView();
    expect(screen.getByRole('searchbox', { name: 'Suche' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Nur Einträge mit freien Plätzen' })).not.toBeChecked();
    expect(shownLists()).toEqual(['Buffet', 'Aufbau']);
    expect(shownItems()).toEqual(['Kuchen', 'Salat', 'Getränke', 'Zelt aufstellen', 'Bänke tragen']);
  });

  it('finds items by their name, description or list, ignoring case', async () => {
    const { user } = renderView();
    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'SALAT');
    expect(shownItems()).toEqual(['Salat']);
    expect(shownLists()).toEqual(['Buffet']);
    await user.clear(screen.getByRole('searchbox', { name: 'Suche' }));
    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'gebacken');
    expect(shownItems()).toEqual(['Kuchen']);
    await user.clear(screen.getByRole('searchbox', { name: 'Suche' }));
    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), ' aufbau ');
    expect(shownItems()).toEqual(['Zelt aufstellen', 'Bänke tragen']);
  });

  it('shows only items with free places, unlimited ones included', async () => {
    const { user } = renderView();
    await user.click(screen.getByRole('checkbox', { name: 'Nur Einträge mit freien Plätzen' }));
    expect(shownItems()).toEqual(['Kuchen', 'Getränke', 'Bänke tragen']);
    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'zelt');
    expect(shownItems()).toEqual([]);
    expect(screen.getByText('Nichts gefunden.')).toBeVisible();
  });

  it('opens the sign-up of a found item', async () => {
    const { user } = renderView();
    await user.type(screen.getByRole('searchbox', { name: 'Suche' }), 'kuchen');
    await user.click(screen.getByRole('button', { name: 'Für Kuchen eintragen' }));
    expect(screen.getByRole('dialog', { name: 'Eintragen: Kuchen' })).toBeVisible();
  });
});
