import { describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { signedIn } from '../../app/auth.slice';
import { createStore } from '../../app/store';
import { teamPickerOpened } from '../../app/ui.slice';
import { answer, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { TeamPicker } from './team-picker';
import type { LinkEntry } from './teams.api';

const me = {
  uid: '0b9a4c1e-7777-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};
const teamLink = (id: string, link: string, name: string): LinkEntry => ({
  id, link, hash: null, obj: 'link_cc', name, team: 2, access: { level: 'owner', manage: true, access: {} }, item: [], cc_id: id,
});
const tsv = teamLink('0b9a4c1e-7777-4aaa-8bbb-000000000002', 'tsv', 'TSV Musterstadt');
const choir = teamLink('0b9a4c1e-7777-4aaa-8bbb-000000000003', 'chor', 'Kirchenchor');
// A project link of the same team is no second team.
const projectOfTsv: LinkEntry = { ...tsv, obj: 'link_prj', name: 'Sommerfest' };

function renderPicker({ open = true }: { open?: boolean } = {}) {
  const store = createStore();
  store.dispatch(signedIn(me));
  if (open) store.dispatch(teamPickerOpened());
  return renderConsole(
    <>
      <TeamPicker />
      <Routes>
        <Route path="/" element={<p>Start</p>} />
        <Route path="/team/:ccLink" element={<p>Team-Seite</p>} />
        <Route path="/team-erstellen" element={<p>Neues Team</p>} />
      </Routes>
    </>,
    { store },
  );
}

describe('TeamPicker', () => {
  it('stays closed and asks for nothing until it is opened', () => {
    renderPicker({ open: false });
    expect(screen.queryByRole('dialog', { name: 'Team wählen' })).not.toBeInTheDocument();
    expect(fetchCalls('GET', '/v5/user/link')).toEqual([]);
  });

  it('lists each of my teams once', async () => {
    answer('GET', '/v5/user/link', { links: [tsv, projectOfTsv, choir] });
    renderPicker();
    const dialog = screen.getByRole('dialog', { name: 'Team wählen' });
    const list = await within(dialog).findByRole('list', { name: 'Deine Teams' });
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['TSV Musterstadt', 'Kirchenchor']);
    expect(within(list).getByRole('link', { name: 'Kirchenchor' })).toHaveAttribute('href', '/team/chor');
  });

  it('offers to create a team when I am in none', async () => {
    answer('GET', '/v5/user/link', { links: [] });
    renderPicker();
    expect(await screen.findByText('Du bist noch in keinem Team. Erstelle eines oder nimm eine Einladung an.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Team erstellen' })).toHaveAttribute('href', '/team-erstellen');
  });

  it('opens the chosen team, remembers it and closes', async () => {
    answer('GET', '/v5/user/link', { links: [tsv, choir] });
    const { user, store } = renderPicker();
    await user.click(await screen.findByRole('link', { name: 'Kirchenchor' }));
    expect(await screen.findByText('Team-Seite')).toBeVisible();
    expect(localStorage.getItem('planwerk.lastTeam')).toBe('chor');
    expect(store.getState().ui.teamPickerOpen).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Team wählen' })).not.toBeInTheDocument();
  });

  it('closes on the way to team creation', async () => {
    answer('GET', '/v5/user/link', { links: [tsv] });
    const { user, store } = renderPicker();
    await user.click(screen.getByRole('link', { name: 'Team erstellen' }));
    expect(await screen.findByText('Neues Team')).toBeVisible();
    expect(store.getState().ui.teamPickerOpen).toBe(false);
  });

  it('closes with its button and with Escape', async () => {
    answer('GET', '/v5/user/link', { links: [tsv] });
    const { user, store } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(store.getState().ui.teamPickerOpen).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Team wählen' })).not.toBeInTheDocument();

    act(() => {
      store.dispatch(teamPickerOpened());
    });
    expect(await screen.findByRole('dialog', { name: 'Team wählen' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(store.getState().ui.teamPickerOpen).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Team wählen' })).not.toBeInTheDocument();
  });
});
