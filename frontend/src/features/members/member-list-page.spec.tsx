import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { answerTeamAccess } from '../../shared/testing/team-access';
import { MemberListPage } from './member-list-page';
import { listPath, memberId, settings, settingsPath, summary, teamId, youth } from './member-testing';
import type { MemberPage } from './members.api';

// jsdom does not scroll: the virtualised list calls window.scrollTo when a measured row differs from its estimate.
window.scrollTo = () => undefined;

function renderList(page: MemberPage, path = '/manage/tsv/member') {
  answerTeamAccess(teamId, 'tsv', 'owner');
  answer('GET', settingsPath, settings);
  answer('GET', listPath, page);
  return renderConsole(
    <Routes>
      <Route path="/manage/:ccLink/member" element={<MemberListPage />} />
      <Route path="/manage/:ccLink/member/:memberId" element={<p>Mitgliedsseite</p>} />
    </Routes>,
    { path },
  );
}

const rowOf = async (name: string) => {
  const rows = await screen.findAllByTestId('member-row');
  const row = rows.find((candidate) => within(candidate).queryByRole('link', { name }));
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

describe('MemberListPage', () => {
  it('shows each member with number, initials, name, e-mail, status, fee category and dates, and the total', async () => {
    renderList({
      total: 2,
      items: [
        summary(12, { displayName: 'Jürgen Wolf', email: 'juergen@wolf.example', entryDate: '2020-03-15' }),
        summary(3, { displayName: 'Ida Alt', status: 'left', entryDate: '1990-05-01', exitDate: '2026-12-31', feeCategoryId: null, feeCategoryName: null }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Mitglieder', level: 1 })).toBeVisible();
    expect(await screen.findByText('2 Mitglieder')).toBeVisible();
    const juergen = await rowOf('Jürgen Wolf');
    expect(within(juergen).getByRole('link', { name: 'Jürgen Wolf' })).toHaveAttribute('href', `/manage/tsv/member/${memberId(12)}`);
    for (const text of ['12', 'JW', 'juergen@wolf.example', 'aktiv', 'Erwachsene', 'seit 15.03.2020']) expect(within(juergen).getByText(text)).toBeVisible();
    const ida = await rowOf('Ida Alt');
    expect(within(ida).getByText('ausgetreten')).toBeVisible();
    expect(within(ida).getByText('01.05.1990 bis 31.12.2026')).toBeVisible();
    // The contact area's tabs lead to the contacts, the groups and here.
    const tabs = screen.getByRole('navigation', { name: 'Bereiche der Kontakte' });
    expect(within(tabs).getByRole('link', { name: 'Mitglieder' })).toHaveAttribute('href', '/manage/tsv/member');
    expect(within(tabs).getByRole('link', { name: 'Kontakte' })).toHaveAttribute('href', '/manage/tsv/contact');
  });

  it('asks the server with the search as typed, the status, the fee category and the order', async () => {
    const { user } = renderList({ total: 1, items: [summary(1)] });
    await rowOf('Person 1');
    const statuses = within(screen.getByLabelText('Status')).getAllByRole('option').map((option) => option.textContent);
    expect(statuses).toEqual(['Alle', 'aktiv', 'passiv', 'Ehrenmitglied', 'ausgetreten']);
    await user.selectOptions(screen.getByLabelText('Status'), 'Ehrenmitglied');
    await waitFor(() => expect(screen.getByLabelText('Beitragsart')).toHaveTextContent('Jugend'));
    await user.selectOptions(screen.getByLabelText('Beitragsart'), 'Jugend');
    await user.selectOptions(screen.getByLabelText('Sortierung'), 'Eintritt');
    await user.type(screen.getByLabelText('Suchen'), 'Wolf');
    await waitFor(() => {
      const last = fetchCalls('GET', listPath).at(-1);
      expect(last?.query.get('q')).toBe('Wolf');
      expect(last?.query.get('status')).toBe('honorary');
      expect(last?.query.get('feeCategoryId')).toBe(youth);
      expect(last?.query.get('sort')).toBe('entry');
    });
  });

  it('shows an empty team a way to its first member', async () => {
    const { user } = renderList({ total: 0, items: [] });
    expect(await screen.findByRole('heading', { name: 'Noch keine Mitglieder' })).toBeVisible();
    const buttons = screen.getAllByRole('button', { name: 'Neues Mitglied' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    expect(await screen.findByRole('dialog', { name: 'Neues Mitglied' })).toBeVisible();
  });

  it('says when nothing matches the filters, and resets them', async () => {
    const { user } = renderList({ total: 0, items: [] }, '/manage/tsv/member?status=passive');
    expect(await screen.findByText('Kein Mitglied passt zu diesen Filtern.')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Noch keine Mitglieder' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suche und Filter zurücksetzen' }));
    await waitFor(() => expect(fetchCalls('GET', listPath).at(-1)?.query.get('status')).toBeNull());
  });
});
