import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { AccessListEditor, withAccess } from './access-list-editor';
import type { TeamDetails, TeamMember } from './teams.api';

const id = (n: number) => `0b9a4c1e-b0b0-4aaa-8bbb-0000000000${String(n).padStart(2, '0')}`;
const team: TeamDetails = {
  id: id(1), link: 'tsv', name: 'TSV Musterstadt', type: 'club', design: { logo_url: null },
  pro: false, plan: 'free', planLapsed: false, blocked: false, activeProjects: [],
  set: { contactUser: false, contactGroup: true, featureTag: [] }, team: 2, level: 'owner',
};
const [p1, p2] = [id(51), id(52)];
const members: TeamMember[] = [
  { userId: id(11), name: 'Ada Lovelace', level: 'owner', team: 2, access: {} },
  { userId: id(12), name: 'Ben Admin', level: 'admin', team: 2, access: {} },
  { userId: id(13), name: 'Clara Schmidt', level: 'space', team: 1, access: { manage_prj: [] } },
  { userId: id(14), name: 'Dora Weber', level: 'item', team: 1, access: { manage_backup: [p1] } },
  { userId: id(15), name: 'Emil Meyer', level: 'member', team: 1, access: {} },
];
const membersPath = `/v5/team/${team.id}/members`;
const accessPath = (userId: string) => `/v5/team/${team.id}/members/${userId}/access`;
const levelPath = (userId: string) => `/v5/team/${team.id}/members/${userId}/level`;
const project = (projectId: string, name: string) => ({
  projectId, teamId: team.id, link: name.toLowerCase(), name, colour: 1, status: 1, previousStatus: null, locked: false, visibility: 'team',
  startDate: null, shareHash: 'h', counts: { phases: 0, lists: 0, items: 0, placed: 0, waitlisted: 0, signups: 0, capacity: 0, unlimitedItems: 0 },
  createdBy: id(11), createdAt: '2027-01-01T00:00:00.000Z', updatedAt: '2027-01-01T00:00:00.000Z',
});

function people(): string[] {
  const list = screen.queryByRole('list', { name: 'Personen mit Zugriff' });
  return list ? within(list).getAllByRole('listitem').map((row) => row.querySelector('.access-list__name')?.textContent ?? '') : [];
}

describe('withAccess', () => {
  it('adds and removes a whole area or one item, dropping an emptied area', () => {
    expect(withAccess(undefined, 'manage_prj', null, true)).toEqual({ manage_prj: [] });
    expect(withAccess({ manage_backup: [p1] }, 'manage_backup', p2, true)).toEqual({ manage_backup: [p1, p2] });
    expect(withAccess({ manage_backup: [p1] }, 'manage_backup', p1, true)).toEqual({ manage_backup: [p1] });
    expect(withAccess({ manage_backup: [p1, p2] }, 'manage_backup', p1, false)).toEqual({ manage_backup: [p2] });
    expect(withAccess({ manage_backup: [p1], manage_prj: [] }, 'manage_backup', p1, false)).toEqual({ manage_prj: [] });
    expect(withAccess({ manage_prj: [], manage_active: [] }, 'manage_prj', null, false)).toEqual({ manage_active: [] });
  });
});

describe('AccessListEditor', () => {
  it('lists who may manage the area by name and role, and who always may', async () => {
    answer('GET', membersPath, { members });
    renderConsole(<AccessListEditor team={team} />);
    expect(await screen.findByText('Immer Zugriff: Ada Lovelace, Ben Admin')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Bereich' })).toHaveDisplayValue('Projekte (alle)');
    expect(people()).toEqual(['Clara Schmidt']);
    const row = screen.getByText('Clara Schmidt').closest('li');
    expect(row).toHaveTextContent('Bereichsverwaltung');
  });

  it('shows an empty area with an icon and the way to add someone', async () => {
    answer('GET', membersPath, { members });
    const { user } = renderConsole(<AccessListEditor team={team} />);
    await screen.findByText('Clara Schmidt');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bereich' }), 'Aktivitätsprotokoll');
    expect(screen.getByText('Noch hat niemand sonst Zugriff auf diesen Bereich.')).toBeVisible();
    expect(people()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Person hinzufügen' }));
    expect(screen.getByRole('combobox', { name: 'Person aus dem Team' })).toHaveFocus();
  });

  it('finds a plain member by name, makes them an area manager and grants the area', async () => {
    answer('GET', membersPath, { members });
    answer('PUT', levelPath(id(15)), { teamId: team.id, userId: id(15), level: 'space', checkpoint: 'c1' });
    answer('PUT', accessPath(id(15)), { teamId: team.id, userId: id(15), checkpoint: 'c2' });
    const { user } = renderConsole(<AccessListEditor team={team} />);
    await screen.findByText('Clara Schmidt');
    const person = screen.getByRole('combobox', { name: 'Person aus dem Team' });
    await user.type(person, 'em');
    const options = within(screen.getByRole('listbox', { name: 'Person aus dem Team' })).getAllByRole('option');
    // Owner, admins and those who already have the area are no candidates.
    expect(options.map((option) => option.textContent)).toEqual(['Emil Meyer']);
    await user.click(options[0]!);
    expect(person).toHaveValue('Emil Meyer');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rolle' }), 'Bereichsverwaltung');
    await user.click(screen.getByRole('button', { name: 'Zugriff geben' }));
    await waitFor(() => expect(fetchCalls('PUT', accessPath(id(15)))).toHaveLength(1));
    expect(fetchCalls('PUT', levelPath(id(15)))[0]?.body).toEqual({ level: 'space' });
    expect(fetchCalls('PUT', accessPath(id(15)))[0]?.body).toEqual({ access: { manage_prj: [] } });
    expect(fetchCalls().filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([levelPath(id(15)), accessPath(id(15))]);
    // Ready for the next person.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Person aus dem Team' })).toHaveValue(''));
  });

  it('chooses by keyboard, says when nobody matches, and asks for a person before granting', async () => {
    answer('GET', membersPath, { members });
    const { user } = renderConsole(<AccessListEditor team={team} />);
    await screen.findByText('Clara Schmidt');
    await user.click(screen.getByRole('button', { name: 'Zugriff geben' }));
    expect(screen.getByText('Wähle eine Person aus der Liste.')).toBeVisible();
    const person = screen.getByRole('combobox', { name: 'Person aus dem Team' });
    await user.type(person, 'zzz');
    expect(screen.getByText('Kein Mitglied mit diesem Namen.')).toBeVisible();
    await user.clear(person);
    await user.type(person, 'dora');
    await user.keyboard('{Enter}');
    expect(person).toHaveValue('Dora Weber');
    // Dora has item rights already: no role to choose.
    expect(screen.queryByRole('combobox', { name: 'Rolle' })).not.toBeInTheDocument();
  });

  it('takes the area away from a person', async () => {
    answer('GET', membersPath, { members });
    answer('PUT', accessPath(id(13)), { teamId: team.id, userId: id(13), checkpoint: 'c1' });
    const { user } = renderConsole(<AccessListEditor team={team} />);
    await user.click(await screen.findByRole('button', { name: 'Zugriff entziehen: Clara Schmidt' }));
    await waitFor(() => expect(fetchCalls('PUT', accessPath(id(13)))).toHaveLength(1));
    expect(fetchCalls('PUT', accessPath(id(13)))[0]?.body).toEqual({ access: {} });
  });

  it('grants the backups of one project, keeping the projects already listed', async () => {
    answer('GET', membersPath, { members });
    answer('GET', `/v5/team/${team.id}/project`, { projects: [project(p1, 'Sommerfest'), project(p2, 'Flohmarkt')] });
    answer('PUT', accessPath(id(14)), { teamId: team.id, userId: id(14), checkpoint: 'c1' });
    const { user } = renderConsole(<AccessListEditor team={team} />);
    await screen.findByText('Clara Schmidt');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bereich' }), 'Sicherungen eines Projekts');
    const projectSelect = await screen.findByRole('combobox', { name: 'Projekt' });
    expect(projectSelect).toHaveDisplayValue('Sommerfest');
    expect(people()).toEqual(['Dora Weber']);
    await user.selectOptions(projectSelect, 'Flohmarkt');
    expect(people()).toEqual([]);
    await user.type(screen.getByRole('combobox', { name: 'Person aus dem Team' }), 'Dora');
    await user.click(screen.getByRole('option', { name: 'Dora Weber' }));
    await user.click(screen.getByRole('button', { name: 'Zugriff geben' }));
    await waitFor(() => expect(fetchCalls('PUT', accessPath(id(14)))).toHaveLength(1));
    expect(fetchCalls('PUT', accessPath(id(14)))[0]?.body).toEqual({ access: { manage_backup: [p1, p2] } });
  });

  it('shows the error of the server', async () => {
    answer('GET', membersPath, { members });
    answerError('PUT', accessPath(id(13)), { status: 403, intern: null, text: 'Keine Berechtigung für diesen Bereich.' });
    const { user } = renderConsole(<AccessListEditor team={team} />);
    await user.click(await screen.findByRole('button', { name: 'Zugriff entziehen: Clara Schmidt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Keine Berechtigung für diesen Bereich.');
  });
});
