import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { signedIn } from '../../app/auth.slice';
import { createStore } from '../../app/store';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { MembersSection } from './members-section';
import type { TeamDetails, TeamMember } from './teams.api';

const me = {
  uid: '0b9a4c1e-9999-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};
const team = (level: TeamDetails['level']): TeamDetails => ({
  id: '0b9a4c1e-9999-4aaa-8bbb-000000000002', link: 'tsv', name: 'TSV Musterstadt', type: 'club', design: { logo_url: null, color: 2 },
  pro: false, plan: 'free', planLapsed: false, blocked: false, activeProjects: [],
  set: { contactUser: false, contactGroup: true, featureTag: [] }, team: 2, level,
});
const membersPath = `/v5/team/${team('owner').id}/members`;
const member = (n: number, name: string | null, level: TeamMember['level']): TeamMember => ({
  userId: `0b9a4c1e-9999-4aaa-8bbb-00000000010${n}`, name, level, joinedAt: '2027-02-01T10:00:00.000Z',
});
const owner = member(1, 'Olga Owner', 'owner');
const admin = member(2, 'Anton Admin', 'admin');
const bob = member(3, 'Bob Beispiel', 'member');
const erased = member(4, null, 'member');

function renderSection(level: TeamDetails['level'], members: TeamMember[], myId = me.uid) {
  answer('GET', membersPath, { members });
  const store = createStore();
  store.dispatch(signedIn({ ...me, uid: myId }));
  return renderConsole(<MembersSection team={team(level)} />, { store });
}

describe('MembersSection', () => {
  it('lists the members with their count; the owner changes the levels of everyone but the owner and self', async () => {
    renderSection('owner', [{ ...owner, userId: me.uid }, admin, bob, erased]);
    const table = await screen.findByRole('table', { name: 'Mitglieder' });
    expect(screen.getByText('4 Mitglieder')).toBeVisible();
    expect(screen.getByText('Nur die Inhaberin oder der Inhaber ernennt und entfernt Admins.')).toBeVisible();
    const rows = within(table).getAllByRole('row').slice(1);
    // Yourself by name, marked (issue 14: no bare "Du").
    expect(within(rows[0]!).getAllByRole('cell')[0]).toHaveTextContent(/^Olga Owner \(du\)$/);
    expect(rows[0]).toHaveTextContent('Inhaber*in');
    expect(within(rows[0]!).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rolle von Anton Admin' })).toHaveDisplayValue('Admin');
    const bobLevel = screen.getByRole('combobox', { name: 'Rolle von Bob Beispiel' });
    expect(within(bobLevel).getAllByRole('option').map((option) => option.textContent)).toEqual(['Admin', 'Bereichsverwaltung', 'Einzelrechte', 'Mitglied']);
    // An erased member is shown by the start of its id.
    expect(screen.getByRole('button', { name: 'Entfernen: Mitglied 0b9a4c1e' })).toBeEnabled();
  });

  it('lets an admin manage members below admin only, without making admins', async () => {
    renderSection('admin', [owner, admin, { ...bob }, { ...member(5, 'Ada', 'admin'), userId: me.uid }]);
    await screen.findByRole('table', { name: 'Mitglieder' });
    expect(screen.queryByRole('combobox', { name: 'Rolle von Anton Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Entfernen: Anton Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Entfernen: Olga Owner' })).not.toBeInTheDocument();
    const bobLevel = screen.getByRole('combobox', { name: 'Rolle von Bob Beispiel' });
    expect(within(bobLevel).getAllByRole('option').map((option) => option.textContent)).toEqual(['Bereichsverwaltung', 'Einzelrechte', 'Mitglied']);
  });

  it('shows plain members who is in the team, without levels or actions', async () => {
    renderSection('member', [{ userId: owner.userId, name: 'Olga Owner' }, { userId: me.uid, name: 'Ada Lovelace' }]);
    const table = await screen.findByRole('table', { name: 'Mitglieder' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Mitglied']);
    expect(table).toHaveTextContent('Olga Owner');
    expect(table).toHaveTextContent('Ada Lovelace (du)');
    expect(table).not.toHaveTextContent(/\bDu\b/);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('Nur die Inhaberin oder der Inhaber ernennt und entfernt Admins.')).not.toBeInTheDocument();
  });

  it('names yourself with your account name when the list has none', async () => {
    renderSection('member', [{ userId: owner.userId, name: 'Olga Owner' }, { userId: me.uid, name: null }]);
    const table = await screen.findByRole('table', { name: 'Mitglieder' });
    expect(table).toHaveTextContent('Ada Lovelace (du)');
  });

  it('changes a level', async () => {
    answer('PUT', `${membersPath}/${bob.userId}/level`, { teamId: team('owner').id, userId: bob.userId, level: 'space', checkpoint: 'c1' });
    const { user } = renderSection('owner', [owner, bob]);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Rolle von Bob Beispiel' }), 'Bereichsverwaltung');
    await waitFor(() => expect(fetchCalls('PUT', `${membersPath}/${bob.userId}/level`)).toHaveLength(1));
    expect(fetchCalls('PUT', `${membersPath}/${bob.userId}/level`)[0]?.body).toEqual({ level: 'space' });
  });

  it('removes a member only after the confirmation', async () => {
    answer('DELETE', `${membersPath}/${bob.userId}`, { teamId: team('owner').id, userId: bob.userId, checkpoint: 'c1' });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = renderSection('owner', [owner, bob]);
    const remove = await screen.findByRole('button', { name: 'Entfernen: Bob Beispiel' });
    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith('Dieses Mitglied wirklich aus dem Team entfernen?');
    expect(fetchCalls('DELETE')).toEqual([]);
    await user.click(remove);
    await waitFor(() => expect(fetchCalls('DELETE', `${membersPath}/${bob.userId}`)).toHaveLength(1));
    confirm.mockRestore();
  });

  it('shows an error of the server', async () => {
    answerError('PUT', `${membersPath}/${bob.userId}/level`, { status: 403, intern: 'no_permission', text: 'forbidden' });
    const { user } = renderSection('owner', [owner, bob]);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Rolle von Bob Beispiel' }), 'Admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('Du hast keine Berechtigung für diesen Bereich.');
  });
});
