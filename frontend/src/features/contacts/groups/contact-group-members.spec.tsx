import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, answerError, fetchCalls } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import { ContactGroupMembers } from './contact-group-members';
import type { ContactGroupSummary, ContactGroupView } from './contact-groups.api';

const teamId = '0b9a4c1e-6e6e-4aaa-8bbb-000000000001';
const groupId = '0b9a4c1e-6e6e-4aaa-8bbb-000000000002';
const id = (n: number) => `0b9a4c1e-6e6e-4aaa-8bbb-00000000010${n}`;
const groupPath = `/v5/team/${teamId}/contact/group/${groupId}`;
const contactsPath = `/v5/team/${teamId}/contact`;
const AT = '2026-11-26T10:00:00.000Z';

const summary: ContactGroupSummary = { groupId, name: 'Klasse 5b', kind: 'class', policy: 'admins', description: '', memberCount: 2, updatedAt: AT };
const view = (members: ContactGroupView['members']): ContactGroupView => ({ ...summary, memberCount: members.length, members, version: 3 });
const anna = { contactId: id(1), displayName: 'Anna Zeller', email: 'anna@example.org', addedAt: AT };
const firma = { contactId: id(2), displayName: 'Bäckerei Lang', email: '', addedAt: AT };
const contact = (n: number, displayName: string, email = '') => ({
  contactId: id(n), type: 'contact', status: 'active', blocked: false, displayName, firstName: '', lastName: displayName, company: '', email, phone: '', city: '', updatedAt: AT,
});

function renderMembers(members = [anna, firma]) {
  answer('GET', groupPath, view(members));
  answer('GET', contactsPath, { items: [contact(1, 'Anna Zeller', 'anna@example.org'), contact(3, 'Ben Brandt'), contact(4, 'Cem Celik')], total: 3 });
  return renderConsole(<ContactGroupMembers teamId={teamId} group={summary} onClose={() => undefined} />);
}

describe('ContactGroupMembers', () => {
  it('lists the members by name with their address, and removes one', async () => {
    answer('PUT', `${groupPath}/members`, { groupId, added: 0, removed: 1, checkpoint: 'c2' });
    const { user } = renderMembers();
    expect(screen.getByRole('dialog', { name: 'Mitglieder: Klasse 5b' })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Mitglieder der Gruppe' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Anna Zelleranna@example.orgEntfernen', 'Bäckerei LangEntfernen']);
    expect(screen.getByRole('heading', { name: '2 Mitglieder' })).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Bäckerei Lang aus der Gruppe entfernen' }));
    await waitFor(() => expect(fetchCalls('PUT', `${groupPath}/members`)).toHaveLength(1));
    expect(fetchCalls('PUT', `${groupPath}/members`)[0]?.body).toEqual({ add: [], remove: [id(2)] });
  });

  it('says when the group has no members', async () => {
    renderMembers([]);
    expect(await screen.findByText('Noch keine Mitglieder. Suche unten nach Kontakten, um sie aufzunehmen.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Keine Mitglieder' })).toBeVisible();
  });

  it('searches the contacts by name and adds several chosen ones in one call', async () => {
    answer('PUT', `${groupPath}/members`, { groupId, added: 2, removed: 0, checkpoint: 'c2' });
    const { user } = renderMembers();
    await screen.findByRole('list', { name: 'Mitglieder der Gruppe' });
    await user.type(screen.getByLabelText('Kontakte suchen'), 'e');
    await waitFor(() => expect(fetchCalls('GET', contactsPath).some((call) => call.query.get('q') === 'e')).toBe(true));
    const found = await screen.findByRole('list', { name: 'Gefundene Kontakte' });
    // A member is shown as such and cannot be chosen again.
    expect(within(found).getByText('bereits Mitglied')).toBeVisible();
    expect(within(found).queryByRole('checkbox', { name: /Anna Zeller/ })).not.toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Auswählen und hinzufügen' });
    expect(add).toBeDisabled();
    await user.click(within(found).getByRole('checkbox', { name: 'Ben Brandt' }));
    await user.click(within(found).getByRole('checkbox', { name: 'Cem Celik' }));
    expect(screen.getByText('Ausgewählt: Ben Brandt, Cem Celik')).toBeVisible();
    await user.click(screen.getByRole('button', { name: '2 Kontakte hinzufügen' }));
    await waitFor(() => expect(fetchCalls('PUT', `${groupPath}/members`)).toHaveLength(1));
    expect(fetchCalls('PUT', `${groupPath}/members`)[0]?.body).toEqual({ add: [id(3), id(4)], remove: [] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Auswählen und hinzufügen' })).toBeDisabled());
  });

  it('shows the server\u2019s refusal of a contact that is gone and keeps the choice', async () => {
    answerError('PUT', `${groupPath}/members`, { status: 404, intern: 'not_found', text: 'not found', field: 'add' });
    const { user } = renderMembers();
    const found = await screen.findByRole('list', { name: 'Gefundene Kontakte' });
    await user.click(within(found).getByRole('checkbox', { name: 'Ben Brandt' }));
    await user.click(screen.getByRole('button', { name: '1 Kontakt hinzufügen' }));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(within(found).getByRole('checkbox', { name: 'Ben Brandt' })).toBeChecked();
  });

  it('says when no contact matches the search', async () => {
    const { user } = renderMembers();
    await screen.findByRole('list', { name: 'Gefundene Kontakte' });
    answer('GET', contactsPath, { items: [], total: 0 });
    await user.type(screen.getByLabelText('Kontakte suchen'), 'xyz');
    expect(await screen.findByText('Kein Kontakt passt zu „xyz“.')).toBeVisible();
  });
});
