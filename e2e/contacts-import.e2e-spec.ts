/// <reference lib="dom" />
import { odsFile, windows1252, xlsxFile } from '../command-service/src/contacts/import/testing/spreadsheet-files';
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { launchBrowser, screenshotPath } from './support/browser';
import { consoleApi, logIn } from './support/console-accounts';
import { shootPage, useEmbeddedConsole } from './support/embedded-console';

jest.setTimeout(300_000);

// The contact import (issue 15) as a club's secretary uses it: a real .xlsx written by exceljs,
// a real .ods as LibreOffice writes it (a million repeated empty rows at the end), and a
// semicolon CSV from German Excel in windows-1252 with umlauts, one row with a bad address and
// one duplicate of a contact already there. Each goes through upload, column mapping, the dry
// run and the background job with its progress, on a desktop and on a phone; the imported
// contacts are found in the list with their umlauts intact, and the log says what happened.

const { activatedAccount, sessionToken, call } = consoleApi('ImportE2e1');


describeWith('chromium', 'console: importing contacts from .xlsx, .ods and CSV (Chromium against the embedded product)', () => {
  const product = useEmbeddedConsole('e2e_contact_import');

  it('reads each file, shows its problems and duplicates, imports with progress and finds the people in the list', async () => {
    const url = product.url();
    const browser = product.browser();
    const ownerMail = await activatedAccount(url, 'Sabine', 'Schriftführerin');
    const ownerToken = await sessionToken(url, ownerMail);
    const teamLink = `tsv-import-${Date.now() % 100000}`;
    const { teamId } = await call<{ teamId: string }>(url, 'POST', 'team', ownerToken, { name: 'TSV Musterstadt', link: teamLink, type: 'club' });
    // Already in the team: the CSV's duplicate by e-mail.
    await call(url, 'POST', `team/${teamId}/contact`, ownerToken, { details: { firstName: 'Petra', lastName: 'Pauli', email: 'petra.pauli@verein.example' } });

    const page = await browser.context.newPage();
    const failed = (error: unknown) => page.screenshot({ path: screenshotPath('contacts-import-failure'), fullPage: true }).catch(() => undefined).then(() => { throw error; });
    const choose = async (name: string, mimeType: string, buffer: Uint8Array) => {
      await page.getByLabel('Datei', { exact: true }).setInputFiles({ name, mimeType, buffer: Buffer.from(buffer) });
      await page.getByRole('button', { name: 'Datei lesen' }).click();
    };
    const importAndFinish = async (button: string, summary: string) => {
      await page.getByRole('button', { name: button }).click();
      await page.getByText('Import abgeschlossen').waitFor();
      await page.getByText(summary).waitFor();
    };
    try {
      await page.setViewportSize({ width: 1366, height: 900 });
      await logIn(page, url, ownerMail);
      const banner = page.getByTestId('cookie-banner');
      if (await banner.count() > 0) await banner.getByRole('button', { name: 'Nur notwendige' }).click();

      // .xlsx from the contact list's Importieren.
      await page.goto(`${url}/manage/${teamLink}/contact`);
      await page.getByRole('link', { name: 'Importieren' }).click();
      await page.waitForURL(`${url}/manage/${teamLink}/contact/import`);
      await shootPage(page, 'contacts-import-start-1366');
      await expectAccessible(page, 'contacts-import-start');
      await choose('Mitglieder.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', await xlsxFile([
        ['Vorname', 'Nachname', 'E-Mail', 'Ort', 'Geburtsdatum'],
        ['Anna', 'Müller', 'anna.mueller@verein.example', 'Stuttgart', new Date(Date.UTC(1984, 4, 17))],
        ['Hans', 'Hoffmann', 'hans@verein.example', 'Köln', new Date(Date.UTC(1990, 0, 2))],
        ['Lena', 'Schmidt', 'lena@verein.example', 'Ulm', new Date(Date.UTC(2001, 10, 30))],
      ]));
      await page.getByText('Mitglieder.xlsx: 3 Zeilen').waitFor();
      expect(await page.getByRole('combobox', { name: 'Feld für Spalte „Nachname“' }).inputValue()).toBe('lastName');
      expect(await page.getByRole('combobox', { name: 'Feld für Spalte „Geburtsdatum“' }).inputValue()).toBe('birthDate');
      await shootPage(page, 'contacts-import-mapping-1366');
      await page.getByRole('button', { name: 'Prüfen' }).click();
      await page.getByText('Keine Dubletten gefunden.').waitFor();
      await importAndFinish('3 Kontakte importieren', '3 Kontakte importiert, 0 übersprungen, 0 fehlgeschlagen.');
      const progress = page.getByRole('progressbar', { name: 'Fortschritt des Imports' });
      expect(await progress.getAttribute('value')).toBe('3');
      await shootPage(page, 'contacts-import-done-1366');

      // .ods, on a phone.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Weitere Datei importieren' }).click();
      await choose('Vorstand.ods', 'application/vnd.oasis.opendocument.spreadsheet', odsFile([
        ['Vorname', 'Nachname', 'Firma', 'Telefon'],
        ['Bärbel', 'Groß', 'Bäckerei Groß', '0711 555'],
        ['Özlem', 'Yıldız', '', { float: 7114711 }],
      ]));
      await page.getByText('Vorstand.ods: 2 Zeilen').waitFor();
      await shootPage(page, 'contacts-import-mapping-390');
      await page.getByRole('button', { name: 'Prüfen' }).click();
      await importAndFinish('2 Kontakte importieren', '2 Kontakte importiert, 0 übersprungen, 0 fehlgeschlagen.');
      await shootPage(page, 'contacts-import-done-390');

      // German Excel's CSV: semicolons, windows-1252, a bad address and a duplicate.
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.getByRole('button', { name: 'Weitere Datei importieren' }).click();
      await choose('Export aus Excel.csv', 'text/csv', windows1252([
        'Vorname;Nachname;E-Mail;Ort',
        'Jürgen;Weiß;juergen.weiss@verein.example;Köln',
        'Günther;Süß;kein-mail;München',
        'Petra;Pauli;petra.pauli@verein.example;Bonn',
      ].join('\r\n')));
      await page.getByText('Export aus Excel.csv: 3 Zeilen').waitFor();
      await page.getByRole('button', { name: 'Prüfen' }).click();
      await page.getByText(/Zeile 3, Spalte „E-Mail“: keine gültige E-Mail-Adresse/).waitFor();
      const duplicates = page.getByRole('group', { name: 'Gleiche E-Mail (1)' });
      await duplicates.waitFor();
      expect(await duplicates.getByRole('radio', { name: 'Überspringen' }).isChecked()).toBe(true);
      await page.getByText('Solange Zeilen Fehler haben, wird nichts importiert.', { exact: false }).waitFor();
      await shootPage(page, 'contacts-import-problems-1366');
      await page.getByRole('checkbox', { name: 'Nur die fehlerfreien Zeilen importieren' }).check();
      await importAndFinish('1 Kontakt importieren', '1 Kontakt importiert, 1 übersprungen, 1 fehlgeschlagen.');

      // The people in the list, umlauts intact; the duplicate and the bad row are not there.
      await page.getByRole('link', { name: 'Zur Kontaktliste' }).last().click();
      await page.waitForURL(`${url}/manage/${teamLink}/contact`);
      await page.getByText('7 Kontakte').waitFor();
      for (const name of ['Anna Müller', 'Hans Hoffmann', 'Lena Schmidt', 'Bärbel Groß', 'Özlem Yıldız', 'Jürgen Weiß', 'Petra Pauli']) {
        await page.getByRole('link', { name, exact: true }).waitFor();
      }
      expect(await page.getByText('Günther').count()).toBe(0);
      await page.getByLabel('Suchen', { exact: true }).fill('weiß');
      await page.getByText('1 Kontakt', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Jürgen Weiß' }).click();
      await page.getByText('Köln').first().waitFor();

      // The log says it in sentences.
      await page.goto(`${url}/manage/${teamLink}/activity`);
      await page.getByText('Sabine Schriftführerin hat 3 Kontakte importiert', { exact: false }).first().waitFor();
    } catch (error) {
      await failed(error);
    } finally {
      await page.close();
    }
  });
});
