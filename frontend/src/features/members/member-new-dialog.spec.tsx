import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { answerTeamAccess } from '../../shared/testing/team-access';
import { MemberListPage } from './member-list-page';
import { adults, contactsPath, listPath, memberId, settings, settingsPath, teamId } from './member-testing';

// The entry date field loads its module lazily: the first use waits for it.
jest.setTimeout(30_000);
window.scrollTo = () => undefined;

const started = { contactId: memberId(7), memberNumber: 13, checkpoint: '00000000000000000042' };
const contact = (n: number, displayName: string, email: string) => ({
  contactId: memberId(n), type: 'contact' as const, status: 'active' as const, blocked: false, displayName, firstName: '', lastName: '',
  company: '', email, phone: '', city: '', updatedAt: '2026-11-20T10:00:00.000Z',
});

async function openDialog() {
  answerTeamAccess(teamId, 'tsv', 'owner');
  answer('GET', settingsPath, settings);
  answer('GET', listPath, { total: 0, items: [] });
  const rendered = renderConsole(
    <Routes>
      <Route path="/manage/:ccLink/member" element={<MemberListPage />} />
      <Route path="/manage/:ccLink/member/:memberId" element={<p>Mitgliedsseite</p>} />
    </Routes>,
    { path: '/manage/tsv/member' },
  );
  await rendered.user.click((await screen.findAllByRole('button', { name: 'Neues Mitglied' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Neues Mitglied' });
  // The entry date field is there once its module has loaded.
  await within(dialog).findByRole('group', { name: 'Eintritt' });
  return { ...rendered, dialog };
}

describe('MemberNewDialog', () => {
  it('makes an existing contact a member: search, pick, the next number as a hint, fee category and status', async () => {
    answer('GET', contactsPath, { total: 2, items: [contact(7, 'Jürgen Wolf', 'juergen@wolf.example'), contact(8, 'Jutta Wolf', '')] });
    answer('POST', listPath, started, 201);
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByLabelText('Mitgliedsnummer')).toHaveAccessibleDescription('Leer lassen für die nächste freie Nummer (13).');
    await user.type(within(dialog).getByLabelText('Kontakt suchen'), 'Wolf');
    const found = await within(dialog).findByRole('list', { name: 'Gefundene Kontakte' });
    await waitFor(() => expect(fetchCalls('GET', contactsPath).at(-1)?.query.get('q')).toBe('Wolf'));
    await user.click(within(found).getByRole('button', { name: 'Auswählen: Jürgen Wolf' }));
    expect(within(dialog).getByText('Wird Mitglied: Jürgen Wolf')).toBeVisible();
    const categories = within(within(dialog).getByLabelText('Beitragsart')).getAllByRole('option').map((option) => option.textContent);
    // German writes the euro after the amount, with a no-break space.
    expect(categories).toEqual(['Keine Beitragsart', 'Erwachsene (60,00\u00a0€ pro Jahr)', 'Jugend (12,50\u00a0€ pro Quartal)']);
    await user.selectOptions(within(dialog).getByLabelText('Beitragsart'), adults);
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'passiv');
    await user.click(within(dialog).getByRole('button', { name: 'Mitglied aufnehmen' }));
    expect(await screen.findByText('Mitgliedsseite')).toBeVisible();
    const body = fetchCalls('POST', listPath)[0]?.body as Record<string, unknown>;
    expect(body).toEqual({ contactId: memberId(7), entryDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), feeCategoryId: adults, status: 'passive' });
  });

  it('makes a new person a member with the contact’s own fields and a chosen number', async () => {
    answer('POST', listPath, started, 201);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByLabelText('Eine neue Person'));
    await user.type(within(dialog).getByLabelText('Vorname'), ' Jürgen ');
    await user.type(within(dialog).getByLabelText('Nachname'), 'Wolf');
    await user.type(within(dialog).getByLabelText('E-Mail'), 'juergen@wolf.example');
    await user.type(within(dialog).getByLabelText('Mitgliedsnummer'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Mitglied aufnehmen' }));
    expect(await screen.findByText('Mitgliedsseite')).toBeVisible();
    expect(fetchCalls('POST', listPath)[0]?.body).toMatchObject({
      details: { firstName: 'Jürgen', lastName: 'Wolf', email: 'juergen@wolf.example' }, memberNumber: 12, feeCategoryId: null, status: 'active',
    });
  });

  it('checks before sending: a contact picked, a name, a number from 1 to 999999999', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Mitglied aufnehmen' }));
    expect(within(dialog).getByLabelText('Kontakt suchen')).toHaveAccessibleDescription('Bitte wähle einen Kontakt aus.');
    await user.click(within(dialog).getByLabelText('Eine neue Person'));
    await user.type(within(dialog).getByLabelText('Mitgliedsnummer'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Mitglied aufnehmen' }));
    expect(within(dialog).getByLabelText('Nachname')).toHaveAccessibleDescription('Bitte gib einen Vor- oder Nachnamen an.');
    expect(within(dialog).getByLabelText('Mitgliedsnummer')).toHaveAccessibleDescription(/Bitte gib eine ganze Zahl von 1 bis 999999999 ein\./);
    expect(fetchCalls('POST', listPath)).toHaveLength(0);
  });

  it('says a taken number at the number field, and keeps the button disabled while the call runs', async () => {
    answerError('POST', listPath, { status: 409, intern: 'member_number_taken', text: 'Diese Mitgliedsnummer ist schon vergeben.', field: 'memberNumber' });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByLabelText('Eine neue Person'));
    await user.type(within(dialog).getByLabelText('Nachname'), 'Wolf');
    await user.type(within(dialog).getByLabelText('Mitgliedsnummer'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Mitglied aufnehmen' }));
    const number = within(dialog).getByLabelText('Mitgliedsnummer');
    await waitFor(() => expect(number).toHaveAccessibleDescription(/Diese Mitgliedsnummer ist schon vergeben\./));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.type(number, '3');
    expect(number).not.toHaveAttribute('aria-invalid');
    const release = hold('POST', listPath, started);
    await user.click(within(dialog).getByRole('button', { name: 'Mitglied aufnehmen' }));
    expect(within(dialog).getByRole('button', { name: 'Mitglied aufnehmen' })).toBeDisabled();
    release();
    expect(await screen.findByText('Mitgliedsseite')).toBeVisible();
  });

  it('puts a refused detail at its field (details.email → E-Mail)', async () => {
    answerError('POST', listPath, { status: 400, intern: 'validation_failed', text: 'Die Eingabe im Feld „details.email“ ist ungültig.', field: 'details.email' });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByLabelText('Eine neue Person'));
    await user.type(within(dialog).getByLabelText('Nachname'), 'Wolf');
    await user.type(within(dialog).getByLabelText('E-Mail'), 'wolf@x');
    await user.click(within(dialog).getByRole('button', { name: 'Mitglied aufnehmen' }));
    await waitFor(() => expect(within(dialog).getByLabelText('E-Mail')).toHaveAccessibleDescription('Bitte prüfe diese Eingabe.'));
    expect(screen.queryByText(/details\.email/)).not.toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Neues Mitglied' })).not.toBeInTheDocument());
  });
});
