import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { answerTeamAccess } from '../../shared/testing/team-access';
import { MemberSettingsPage } from './member-settings-page';
import { juergen, listPath, settings, settingsPath, teamId, youth } from './member-testing';
import type { MemberView } from './members.api';

// The entry date field loads its module lazily: the first use waits for it.
jest.setTimeout(30_000);

const memberPath = `${listPath}/${juergen.contactId}`;
const changed = { contactId: juergen.contactId, changed: true, version: 5, checkpoint: '00000000000000000042' };

async function renderForm(member: MemberView = juergen) {
  answerTeamAccess(teamId, 'tsv', 'owner');
  answer('GET', memberPath, member);
  answer('GET', settingsPath, settings);
  const rendered = renderConsole(
    <Routes>
      <Route path="/manage/:ccLink/member/:memberId/settings" element={<MemberSettingsPage />} />
      <Route path="/manage/:ccLink/member/:memberId" element={<p>Mitgliedsseite</p>} />
    </Routes>,
    { path: `/manage/tsv/member/${juergen.contactId}/settings` },
  );
  expect(await screen.findByRole('heading', { name: 'Mitgliedschaft von Jürgen Wolf', level: 1 })).toBeVisible();
  await screen.findByRole('group', { name: 'Eintritt' });
  await waitFor(() => expect(screen.getByLabelText('Beitragsart')).toHaveTextContent('Jugend'));
  return rendered;
}

describe('MemberSettingsPage', () => {
  it('holds the membership as read and sends only what changed, with the version', async () => {
    answer('PUT', memberPath, changed);
    const { user } = await renderForm();
    expect(screen.getByLabelText('Mitgliedsnummer')).toHaveValue('12');
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    await user.selectOptions(screen.getByLabelText('Beitragsart'), youth);
    await user.selectOptions(screen.getByLabelText('Status'), 'Ehrenmitglied');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Mitgliedsseite')).toBeVisible();
    expect(fetchCalls('PUT', memberPath)[0]?.body).toEqual({ feeCategoryId: youth, status: 'honorary', version: 4 });
  });

  it('sends nothing when nothing changed', async () => {
    const { user } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Mitgliedsseite')).toBeVisible();
    expect(fetchCalls('PUT', memberPath)).toHaveLength(0);
  });

  it('says a taken number at the number field', async () => {
    answerError('PUT', memberPath, { status: 409, intern: 'member_number_taken', text: 'Diese Mitgliedsnummer ist schon vergeben.', field: 'memberNumber' });
    const { user } = await renderForm();
    const number = screen.getByLabelText('Mitgliedsnummer');
    await user.clear(number);
    await user.type(number, '7');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(number).toHaveAccessibleDescription('Diese Mitgliedsnummer ist schon vergeben.'));
    expect(fetchCalls('PUT', memberPath)[0]?.body).toEqual({ memberNumber: 7, version: 4 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a conflict with someone else’s change and keeps the own input', async () => {
    answerError('PUT', memberPath, { status: 409, intern: 'version_conflict', text: 'conflict' });
    const { user } = await renderForm();
    await user.selectOptions(screen.getByLabelText('Status'), 'passiv');
    answer('GET', memberPath, { ...juergen, version: 5, feeCategoryId: null, feeCategoryName: null });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Jemand anderes hat die Mitgliedschaft inzwischen geändert/);
    expect(screen.getByLabelText('Status')).toHaveValue('passive');
    // The next try goes with the version read again.
    answer('PUT', memberPath, changed);
    await waitFor(() => expect(fetchCalls('GET', memberPath).length).toBeGreaterThan(1));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Mitgliedsseite')).toBeVisible();
    expect(fetchCalls('PUT', memberPath).at(-1)?.body).toMatchObject({ status: 'passive', version: 5 });
  });

  it('offers no status for a member who left', async () => {
    await renderForm({ ...juergen, status: 'left', exitDate: '2026-12-31' });
    expect(screen.getByText(/Dieses Mitglied ist ausgetreten/)).toBeVisible();
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Mitgliedsnummer')).toBeVisible();
  });
});
