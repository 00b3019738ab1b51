import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import { answerTeamAccess } from '../../../shared/testing/team-access';
import { ContactImportPage } from './contact-import-page';
import type { ContactImportCheck, ContactImportStatus, ContactImportUpload } from './contact-import.api';

const teamId = '0b9a4c1e-1111-4aaa-8bbb-000000000001';
const importId = '0b9a4c1e-1111-4aaa-8bbb-000000000002';
const base = `/v5/team/${teamId}/contact/import`;

const uploaded: ContactImportUpload = {
  importId, fileName: 'Mitglieder.csv', format: 'csv', rowCount: 3, expiresAt: '2026-11-28T10:00:00.000Z',
  columns: [
    { index: 0, header: 'Vorname', guess: 'firstName' },
    { index: 1, header: 'Nachname', guess: 'lastName' },
    { index: 2, header: 'E-Mail', guess: 'email' },
    { index: 3, header: 'Mitgliedsnummer', guess: null },
  ],
  preview: [['Jürgen', 'Größer', 'juergen@example.org', '17'], ['Max', 'Müller', 'max@example.org', '18'], ['Änne', 'Öz', 'kein-mail', '19']],
};
const dryRun: ContactImportCheck = {
  rows: 3, validRows: 2,
  problems: [{ row: 4, column: 2, header: 'E-Mail', field: 'email', code: 'invalid_email', value: 'kein-mail' }],
};
const status = (rest: Partial<ContactImportStatus>): ContactImportStatus => ({
  importId, fileName: 'Mitglieder.csv', format: 'csv', state: 'running', total: 3, processed: 0, imported: 0, skipped: 0, failed: 0, ...rest,
});

function renderPage() {
  answerTeamAccess(teamId, 'tsv', 'space', { manage_contact: [] });
  return renderConsole(
    <Routes>
      <Route path="/manage/:ccLink/contact/import" element={<ContactImportPage />} />
      <Route path="/manage/:ccLink/contact" element={<p>Kontaktliste</p>} />
    </Routes>,
    { path: '/manage/tsv/contact/import' },
  );
}

const csv = () => new File(['Vorname;Nachname;E-Mail;Mitgliedsnummer\r\nJürgen;Größer;juergen@example.org;17\r\n'], 'Mitglieder.csv', { type: 'text/csv' });

describe('ContactImportPage', () => {
  it('reads a file, guesses the mapping, lists every problem and duplicate, refuses while rows have problems, then imports the valid rows with progress and a summary', async () => {
    answer('POST', base, uploaded, 201);
    answer('POST', `${base}/${importId}/check`, dryRun);
    answer('GET', `${base}/${importId}/duplicates`, { duplicates: [{ row: 3, kind: 'email', contactId: '0b9a4c1e-1111-4aaa-8bbb-000000000009', displayName: 'Max Müller', ofRow: null }] });
    answer('POST', `${base}/${importId}/start`, { importId, total: 3, checkpoint: 'c1' }, 202);
    answer('GET', `${base}/${importId}`, status({ state: 'finished', processed: 3, imported: 1, skipped: 1, failed: 1 }));
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Kontakte importieren', level: 1 })).toBeVisible();
    const read = screen.getByRole('button', { name: 'Datei lesen' });
    expect(read).toBeDisabled();
    await user.upload(screen.getByLabelText('Datei'), csv());
    await user.click(read);

    // The columns with the guessed fields and a preview; the upload sent the file's bytes.
    expect(await screen.findByRole('heading', { name: 'Spalten zuordnen' })).toBeVisible();
    const upload = fetchCalls('POST', base)[0]!;
    expect(upload.query.get('fileName')).toBe('Mitglieder.csv');
    expect(upload.headers['content-type']).toBe('application/octet-stream');
    expect(screen.getByRole('combobox', { name: 'Feld für Spalte „Vorname“' })).toHaveValue('firstName');
    expect(screen.getByRole('combobox', { name: 'Feld für Spalte „Mitgliedsnummer“' })).toHaveValue('');
    expect(screen.getByRole('row', { name: /Nachname/ })).toHaveTextContent('Größer · Müller · Öz');
    // Choosing a field already taken moves it.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Feld für Spalte „Mitgliedsnummer“' }), 'firstName');
    expect(screen.getByRole('combobox', { name: 'Feld für Spalte „Vorname“' })).toHaveValue('');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Feld für Spalte „Mitgliedsnummer“' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Feld für Spalte „Vorname“' }), 'firstName');

    await user.click(screen.getByRole('button', { name: 'Prüfen' }));
    expect(await screen.findByText('2 Zeilen fehlerfrei, 1 mit Fehlern.')).toBeVisible();
    expect(fetchCalls('POST', `${base}/${importId}/check`)[0]!.body).toEqual({ mapping: ['firstName', 'lastName', 'email', null] });
    expect(fetchCalls('GET', `${base}/${importId}/duplicates`)[0]!.query.get('mapping')).toBe('firstName,lastName,email,');
    expect(screen.getByText(/Zeile 4, Spalte „E-Mail“: keine gültige E-Mail-Adresse/)).toHaveTextContent('kein-mail');
    const dupes = screen.getByRole('group', { name: 'Gleiche E-Mail (1)' });
    expect(dupes).toHaveTextContent('Zeile 3: wie Max Müller');
    expect(within(dupes).getByRole('radio', { name: 'Überspringen' })).toBeChecked();

    // Nothing is imported while rows have problems, unless only the valid rows are wanted.
    expect(screen.getByText(/Solange Zeilen Fehler haben, wird nichts importiert/)).toBeVisible();
    const start = screen.getByRole('button', { name: /importieren$/ });
    expect(start).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Nur die fehlerfreien Zeilen importieren' }));
    expect(screen.getByRole('button', { name: '1 Kontakt importieren' })).toBeEnabled();
    await user.click(within(dupes).getByRole('radio', { name: 'Trotzdem importieren' }));
    await user.click(screen.getByRole('button', { name: '2 Kontakte importieren' }));
    expect(fetchCalls('POST', `${base}/${importId}/start`)[0]!.body).toEqual({ mapping: ['firstName', 'lastName', 'email', null], skipRows: [], validRowsOnly: true });

    expect(await screen.findByRole('heading', { name: 'Import abgeschlossen' })).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Fortschritt des Imports' })).toHaveAttribute('value', '3');
    expect(screen.getByText('1 Kontakt importiert, 1 übersprungen, 1 fehlgeschlagen.')).toBeVisible();
    await user.click(screen.getAllByRole('link', { name: 'Zur Kontaktliste' }).at(-1)!);
    expect(await screen.findByText('Kontaktliste')).toBeVisible();
  });

  it('names the limit and the rows found when a file is refused', async () => {
    answerError('POST', base, { status: 400, intern: 'validation_failed', text: 'Die Eingabe im Feld „file“ ist ungültig.', field: 'file' }, { reason: 'too_many_rows', limit: 10_000, found: 10_001 });
    const { user } = renderPage();
    await user.upload(await screen.findByLabelText('Datei'), csv());
    await user.click(screen.getByRole('button', { name: 'Datei lesen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Datei hat 10.001 Zeilen; höchstens 10.000 lassen sich auf einmal importieren.');
  });

  it('refuses a file over 10 MB before uploading it', async () => {
    const { user } = renderPage();
    const big = new File(['x'], 'gross.xlsx');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(await screen.findByLabelText('Datei'), big);
    await user.click(screen.getByRole('button', { name: 'Datei lesen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Datei ist größer als 10 MB.');
    expect(fetchCalls('POST', base)).toHaveLength(0);
  });
});
