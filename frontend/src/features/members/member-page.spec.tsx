import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { answerTeamAccess } from '../../shared/testing/team-access';
import { MemberPage } from './member-page';
import { juergen, listPath, teamId } from './member-testing';
import type { MemberView } from './members.api';

// The exit date field loads its module lazily: the first use waits for it.
jest.setTimeout(30_000);

const memberPath = `${listPath}/${juergen.contactId}`;
const endPath = `${memberPath}/end`;

function renderPage(member: MemberView = juergen) {
  answerTeamAccess(teamId, 'tsv', 'owner');
  answer('GET', memberPath, member);
  return renderConsole(
    <Routes>
      <Route path="/manage/:ccLink/member/:memberId" element={<MemberPage />} />
      <Route path="/manage/:ccLink/member" element={<p>Mitgliederliste</p>} />
    </Routes>,
    { path: `/manage/tsv/member/${juergen.contactId}` },
  );
}

const detail = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('MemberPage', () => {
  it('shows number, name with a link to the contact, status, dates and the fee in German money', async () => {
    renderPage();
    const heading = await screen.findByRole('heading', { name: 'Jürgen Wolf', level: 1 });
    expect(within(heading).getByRole('link')).toHaveAttribute('href', `/manage/tsv/contact/user/${juergen.contactId}`);
    expect(screen.getByText('Nr. 12')).toBeVisible();
    expect(detail('Mitgliedsnummer')).toBe('12');
    expect(detail('Status')).toBe('aktiv');
    expect(detail('Eintritt')).toBe('15.03.2020');
    expect(detail('Austritt')).toBe('noch Mitglied');
    expect(detail('Beitragsart')).toBe('Erwachsene');
    expect(detail('Beitrag')).toBe('60,00\u00a0€ pro Jahr');
    expect(screen.getByRole('link', { name: 'Kontakt und Verlauf ansehen' })).toHaveAttribute('href', `/manage/tsv/contact/user/${juergen.contactId}`);
    expect(screen.getByRole('link', { name: 'Mitgliedschaft bearbeiten' })).toHaveAttribute('href', `/manage/tsv/member/${juergen.contactId}/settings`);
  });

  it('shows a quarterly fee in francs, and a member who left without the end action', async () => {
    renderPage({ ...juergen, status: 'left', exitDate: '2026-12-31', fee: { amount: 12050, currency: 'CHF' }, feeInterval: 'quarter' });
    await screen.findByRole('heading', { name: 'Jürgen Wolf', level: 1 });
    expect(detail('Beitrag')).toBe('120,50\u00a0CHF pro Quartal');
    expect(detail('Austritt')).toBe('31.12.2026');
    expect(screen.queryByRole('button', { name: 'Mitgliedschaft beenden' })).not.toBeInTheDocument();
  });

  it('ends the membership on the chosen exit date after saying what it means', async () => {
    answer('POST', endPath, { contactId: juergen.contactId, checkpoint: '00000000000000000042' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mitgliedschaft beenden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitgliedschaft beenden' });
    expect(within(dialog).getByText(/Jürgen Wolf tritt zum gewählten Tag aus/)).toBeVisible();
    await within(dialog).findByRole('group', { name: 'Austritt' });
    const confirm = within(dialog).getByRole('button', { name: /^Austritt zum \d{2}\.\d{2}\.\d{4} eintragen$/ });
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchCalls('POST', endPath)[0]?.body).toEqual({ exitDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    // The member is read again after the change.
    await waitFor(() => expect(fetchCalls('GET', memberPath).length).toBeGreaterThan(1));
  });

  it('says a refusal of the end in the dialog', async () => {
    answerError('POST', endPath, { status: 403, intern: 'no_permission', text: 'no permission' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mitgliedschaft beenden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitgliedschaft beenden' });
    await within(dialog).findByRole('group', { name: 'Austritt' });
    await user.click(within(dialog).getByRole('button', { name: /^Austritt zum/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Du hast keine Berechtigung für diesen Bereich.');
  });

  it('says when the member does not exist', async () => {
    answerTeamAccess(teamId, 'tsv', 'owner');
    answerError('GET', memberPath, { status: 404, intern: 'not_found', text: 'not found' });
    renderConsole(
      <Routes><Route path="/manage/:ccLink/member/:memberId" element={<MemberPage />} /></Routes>,
      { path: `/manage/tsv/member/${juergen.contactId}` },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieses Mitglied gibt es nicht (mehr).');
    expect(screen.getByRole('link', { name: 'Zu den Mitgliedern' })).toHaveAttribute('href', '/manage/tsv/member');
  });
});
