import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, fetchCalls } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import { answerTeamAccess } from '../../../shared/testing/team-access';
import { ContactGroupsPage } from './contact-groups-page';
import type { ContactGroupSummary } from './contact-groups.api';

const teamId = '0b9a4c1e-7e7e-4aaa-8bbb-000000000001';
const groupsPath = `/v5/team/${teamId}/contact/group`;
const AT = '2026-11-26T10:00:00.000Z';
const group = (n: number, name: string, rest: Partial<ContactGroupSummary> = {}): ContactGroupSummary => ({
  groupId: `0b9a4c1e-7e7e-4aaa-8bbb-00000000010${n}`, name, kind: 'group', policy: 'admins', description: '', memberCount: 0, updatedAt: AT, ...rest,
});
const klasse = group(1, 'Klasse 5b', { kind: 'class', policy: 'request', memberCount: 24, description: 'Frau Lang, Raum 12' });
const vorstand = group(2, 'Vorstand', { kind: 'department', memberCount: 1 });
const chor = group(3, 'Chor');

function renderPage(groups: ContactGroupSummary[] = [klasse, vorstand, chor]) {
  answerTeamAccess(teamId, 'tsv', 'space', { manage_contact: [] });
  answer('GET', groupsPath, { items: groups });
  return renderConsole(
    <Routes>
      <Route path="/manage/:ccLink/contact/group" element={<ContactGroupsPage />} />
      <Route path="/manage/:ccLink/contact" element={<p>Kontaktliste</p>} />
    </Routes>,
    { path: '/manage/tsv/contact/group' },
  );
}

async function card(name: string): Promise<HTMLElement> {
  const cards = await screen.findAllByTestId('contact-group');
  const found = cards.find((candidate) => within(candidate).queryByRole('heading', { name }));
  if (!found) throw new Error(`no group ${name}`);
  return found;
}

describe('ContactGroupsPage', () => {
  it('shows the groups as cards with kind, member count and who admits members in words', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Gruppen', level: 1 })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Gruppen des Teams' });
    expect(within(list).getAllByTestId('contact-group')).toHaveLength(3);
    const klasseCard = await card('Klasse 5b');
    expect(klasseCard).toHaveTextContent('Klasse24 Mitglieder');
    expect(klasseCard).toHaveTextContent('Aufnahme: Auf Anfrage mit Zustimmung');
    expect(klasseCard).toHaveTextContent('Frau Lang, Raum 12');
    expect(await card('Vorstand')).toHaveTextContent('Abteilung1 Mitglied');
    expect(await card('Vorstand')).toHaveTextContent('Aufnahme: Nur die Verwaltung');
    expect(await card('Chor')).toHaveTextContent('GruppeKeine Mitglieder');
    const tabs = screen.getByRole('navigation', { name: 'Bereiche der Kontakte' });
    expect(within(tabs).getByRole('link', { name: 'Kontakte' })).toHaveAttribute('href', '/manage/tsv/contact');
    expect(within(tabs).getByRole('link', { name: 'Gruppen' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers the first group when the team has none', async () => {
    const { user } = renderPage([]);
    expect(await screen.findByRole('heading', { name: 'Noch keine Gruppen' })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Gruppen des Teams' })).not.toBeInTheDocument();
    const empty = screen.getByRole('region', { name: 'Noch keine Gruppen' });
    await user.click(within(empty).getByRole('button', { name: 'Neue Gruppe' }));
    expect(screen.getByRole('dialog', { name: 'Neue Gruppe' })).toBeVisible();
  });

  it('deletes a group only after confirming that its contacts stay', async () => {
    answer('DELETE', `${groupsPath}/${vorstand.groupId}`, { groupId: vorstand.groupId, removed: true, checkpoint: 'c3' });
    const { user } = renderPage();
    const vorstandCard = await card('Vorstand');
    await user.click(within(vorstandCard).getByRole('button', { name: 'Aktionen für „Vorstand“' }));
    await user.click(screen.getByRole('menuitem', { name: 'Löschen' }));
    const confirmation = screen.getByRole('dialog', { name: 'Gruppe löschen' });
    expect(confirmation).toHaveTextContent('Die Gruppe „Vorstand“ löschen? Die Kontakte bleiben erhalten.');
    await user.click(within(confirmation).getByRole('button', { name: 'Abbrechen' }));
    expect(fetchCalls('DELETE')).toHaveLength(0);

    await user.click(within(vorstandCard).getByRole('button', { name: 'Aktionen für „Vorstand“' }));
    await user.click(screen.getByRole('menuitem', { name: 'Löschen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Gruppe löschen' })).getByRole('button', { name: 'Gruppe löschen' }));
    await waitFor(() => expect(fetchCalls('DELETE', `${groupsPath}/${vorstand.groupId}`)).toHaveLength(1));
    // The list is asked again (read-your-writes with the delete's checkpoint).
    await waitFor(() => expect(fetchCalls('GET', groupsPath).some((call) => call.query.get('minCheckpoint') === 'c3')).toBe(true));
  });

  it('opens a group for editing and its members', async () => {
    answer('GET', `${groupsPath}/${klasse.groupId}`, { ...klasse, members: [], version: 2 });
    answer('GET', `/v5/team/${teamId}/contact`, { items: [], total: 0 });
    const { user } = renderPage();
    const klasseCard = await card('Klasse 5b');
    await user.click(within(klasseCard).getByRole('button', { name: 'Aktionen für „Klasse 5b“' }));
    await user.click(screen.getByRole('menuitem', { name: 'Bearbeiten' }));
    expect(screen.getByRole('dialog', { name: 'Gruppe „Klasse 5b“ bearbeiten' })).toBeVisible();
    await user.keyboard('{Escape}');
    await user.click(within(klasseCard).getByRole('button', { name: 'Mitglieder' }));
    expect(screen.getByRole('dialog', { name: 'Mitglieder: Klasse 5b' })).toBeVisible();
  });
});
