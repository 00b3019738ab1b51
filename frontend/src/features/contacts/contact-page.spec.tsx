import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { answerTeamAccess } from '../../shared/testing/team-access';
import { ContactPage } from './contact-page';
import { anna, historyEntry, listPath, teamId } from './contact-testing';
import type { ContactHistoryEntry, ContactView } from './contacts.api';

// The edit form's birth date field loads its module lazily: the first use waits for it.
jest.setTimeout(30_000);

const contactPath = `${listPath}/${anna.contactId}`;
const historyPath = `${contactPath}/history`;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const history: ContactHistoryEntry[] = [
  historyEntry({ at: '2026-11-20T10:00:00.000Z', changes: [{ field: 'phone', before: '0711 1', after: '0711 123456' }, { field: 'type', before: 'contact', after: 'member' }] }),
  historyEntry({ at: '2026-11-02T08:00:00.000Z', kind: 'blocked', changes: [{ field: 'blocked', before: false, after: true }] }),
  historyEntry({ at: '2026-11-03T08:00:00.000Z', kind: 'unblocked', actor: { id: null, name: null }, changes: [{ field: 'blocked', before: true, after: false }] }),
  historyEntry({ at: '2026-11-04T08:00:00.000Z', actor: { id: '0b9a4c1e-c0c0-4aaa-8ddd-000000000009', name: null }, changes: [{ field: 'country', before: '', after: 'de' }, { field: 'note', before: 'Alt', after: '' }] }),
  historyEntry({ at: '2026-11-01T09:00:00.000Z', kind: 'created', code: 1, actor: { id: '0b9a4c1e-c0c0-4aaa-8ddd-000000000002', name: 'Anna Amsel' }, changes: [{ field: 'lastName', before: null, after: 'Berg' }] }),
];

function renderPage(contact: ContactView = anna, entries: ContactHistoryEntry[] = history) {
  answerTeamAccess(teamId, 'tsv', 'owner');
  answer('GET', contactPath, contact);
  answer('GET', historyPath, { entries });
  return renderConsole(
    <Routes>
      <Route path="/manage/:ccLink/contact/user/:id" element={<ContactPage />} />
      <Route path="/manage/:ccLink/contact" element={<p>Kontaktliste</p>} />
    </Routes>,
    { path: `/manage/tsv/contact/user/${anna.contactId}` },
  );
}

describe('ContactPage', () => {
  it('shows the name, type, status and every field in words', async () => {
    renderPage({ ...anna, blocked: true });
    expect(await screen.findByRole('heading', { name: 'Anna Berg', level: 1 })).toBeVisible();
    const header = screen.getByRole('heading', { name: 'Anna Berg', level: 1 }).closest('header')!;
    for (const chip of ['Mitglied', 'aktiv', 'Gesperrt']) expect(within(header).getByText(chip)).toBeVisible();
    expect(within(header).getByRole('button', { name: 'Entsperren' })).toBeVisible();
    expect(screen.getByTestId('contact-country')).toHaveTextContent('LandDeutschland');
    expect(screen.getByTestId('contact-birthDate')).toHaveTextContent('29. Februar 1980');
    expect(screen.getByTestId('contact-mobile')).toHaveTextContent('nicht angegeben');
    expect(screen.getByRole('link', { name: 'anna@berg.example' })).toHaveAttribute('href', 'mailto:anna@berg.example');
    expect(screen.getByRole('link', { name: '0711 123456' })).toHaveAttribute('href', 'tel:0711123456');
    expect(screen.getByTestId('contact-note')).toHaveTextContent('Bringt Kuchen mit.');
  });

  it('tells the history as sentences, newest first, with labels and values in German and no ids', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Verlauf des Kontakts, neueste Änderung zuerst' });
    const entries = within(list).getAllByTestId('contact-history-entry').map((entry) => within(entry).getAllByRole('paragraph').map((p) => p.textContent));
    expect(entries).toEqual([
      ['Lena Lerche hat Telefon von „0711 1“ auf „0711 123456“ geändert.', 'Lena Lerche hat Art von „Kontakt“ auf „Mitglied“ geändert.'],
      ['Ein früheres Teammitglied hat Land auf „Deutschland“ gesetzt.', 'Ein früheres Teammitglied hat Notiz geleert (vorher „Alt“).'],
      ['Planwerk hat den Kontakt entsperrt.'],
      ['Lena Lerche hat den Kontakt gesperrt.'],
      ['Anna Amsel hat den Kontakt angelegt (1 · neuer Kontakt).'],
    ]);
    expect(list.textContent).not.toMatch(UUID);
    expect(list.textContent).not.toMatch(/phone|lastName|contactCode/);
    expect(within(list).getAllByRole('time')[0]).toHaveAttribute('datetime', '2026-11-20T10:00:00.000Z');
  });

  it('sends only the changed fields with the version it read, then shows the contact again', async () => {
    answer('PUT', contactPath, { contactId: anna.contactId, changed: true, version: 4, checkpoint: '00000000000000000050' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Bearbeiten' }));
    const form = screen.getByRole('region', { name: 'Kontakt bearbeiten' });
    expect(within(form).getByLabelText('Vorname')).toHaveValue('Anna');
    await user.clear(within(form).getByLabelText('Telefon'));
    await user.type(within(form).getByLabelText('Telefon'), '0711 999');
    await user.selectOptions(within(form).getByLabelText('Status'), 'inaktiv');
    await user.click(within(form).getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Kontakt bearbeiten' })).not.toBeInTheDocument());
    expect(fetchCalls('PUT', contactPath).map((call) => call.body)).toEqual([{ status: 'inactive', details: { phone: '0711 999' }, version: 3 }]);
    // The reads after the change wait for it (read-your-writes).
    await waitFor(() => expect(fetchCalls('GET', contactPath).at(-1)?.query.get('minCheckpoint')).toBe('00000000000000000050'));
  });

  it('sends nothing when nothing changed', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Bearbeiten' }));
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    expect(screen.queryByRole('region', { name: 'Kontakt bearbeiten' })).not.toBeInTheDocument();
    expect(fetchCalls('PUT', contactPath)).toHaveLength(0);
  });

  it('says when someone else changed the contact meanwhile, reloads it and keeps the own changes over it', async () => {
    answerError('PUT', contactPath, { status: 409, intern: 'conflict', text: 'Die Daten wurden gleichzeitig geändert.', field: 'version' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Bearbeiten' }));
    await user.clear(screen.getByLabelText('Ort'));
    await user.type(screen.getByLabelText('Ort'), 'Esslingen');
    // Meanwhile someone else changed the phone number.
    answer('GET', contactPath, { ...anna, version: 4, details: { ...anna.details, phone: '0711 555' } });
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    expect(await screen.findByText(/Jemand anderes hat diesen Kontakt inzwischen geändert/)).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Telefon')).toHaveValue('0711 555'));
    expect(screen.getByLabelText('Ort')).toHaveValue('Esslingen');
    answer('PUT', contactPath, { contactId: anna.contactId, changed: true, version: 5, checkpoint: '00000000000000000060' });
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(fetchCalls('PUT', contactPath)).toHaveLength(2));
    expect(fetchCalls('PUT', contactPath)[1]?.body).toEqual({ details: { city: 'Esslingen' }, version: 4 });
  });

  it('blocks and unblocks the contact', async () => {
    answer('PUT', `${contactPath}/block`, { contactId: anna.contactId, blocked: true, checkpoint: '00000000000000000070' });
    const { user } = renderPage();
    const block = await screen.findByRole('button', { name: 'Sperren' });
    answer('GET', contactPath, { ...anna, blocked: true, version: 4 });
    await user.click(block);
    expect(await screen.findByRole('button', { name: 'Entsperren' })).toBeVisible();
    answer('GET', contactPath, { ...anna, blocked: false, version: 5 });
    await user.click(screen.getByRole('button', { name: 'Entsperren' }));
    expect(await screen.findByRole('button', { name: 'Sperren' })).toBeVisible();
    expect(fetchCalls('PUT', `${contactPath}/block`).map((call) => call.body)).toEqual([{ blocked: true }, { blocked: false }]);
  });

  it('deletes only after a confirmation that says the data is erased for good', async () => {
    answer('DELETE', contactPath, { contactId: anna.contactId, removed: true, checkpoint: '00000000000000000080' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Löschen' }));
    let dialog = screen.getByRole('dialog', { name: 'Endgültig löschen' });
    expect(dialog).toHaveTextContent('„Anna Berg“ wird mit allen Angaben endgültig gelöscht');
    expect(dialog).toHaveTextContent('lassen sich nicht wiederherstellen');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(fetchCalls('DELETE', contactPath)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    dialog = screen.getByRole('dialog', { name: 'Endgültig löschen' });
    await user.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByText('Kontaktliste')).toBeVisible();
    expect(fetchCalls('DELETE', contactPath)).toHaveLength(1);
  });

  it('says when the contact does not exist', async () => {
    answerTeamAccess(teamId, 'tsv', 'owner');
    answerError('GET', contactPath, { status: 404, intern: 'not_found', text: 'Nicht gefunden.', field: 'contactId' });
    answer('GET', historyPath, { entries: [] });
    renderConsole(
      <Routes><Route path="/manage/:ccLink/contact/user/:id" element={<ContactPage />} /></Routes>,
      { path: `/manage/tsv/contact/user/${anna.contactId}` },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Diesen Kontakt gibt es nicht (mehr).');
    expect(screen.getByRole('link', { name: 'Zu den Kontakten' })).toHaveAttribute('href', '/manage/tsv/contact');
  });
});
