/// <reference lib="dom" />
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { launchBrowser, screenshotPath } from './support/browser';
import { consoleApi, logIn } from './support/console-accounts';
import { shootPage, useEmbeddedConsole } from './support/embedded-console';

jest.setTimeout(300_000);

// Contacts (issue 15) as a club's secretary uses them: from the management navigation to an
// empty contact list, a new contact whose bad e-mail address is refused at its field, the
// contact's page, an edit that shows in the history field by field, search as you type, a group
// with the contact in it, blocking, the activity log in sentences, all at 1366 px and on a
// phone; then the contact is deleted for good and the log no longer knows its name. A plain
// member of the team gets no access.

const { activatedAccount, sessionToken, call } = consoleApi('ContactE2e');


describeWith('chromium', 'console: contacts and groups (Chromium against the embedded product)', () => {
  const product = useEmbeddedConsole('e2e_contacts');

  it('are kept, searched, grouped, logged and erased by the secretary at 1366 and 390 px; a member gets no access', async () => {
    const url = product.url();
    const browser = product.browser();
    const ownerMail = await activatedAccount(url, 'Sabine', 'Schriftführerin');
    const ownerToken = await sessionToken(url, ownerMail);
    const teamLink = `tsv-${Date.now() % 100000}`;
    const { teamId } = await call<{ teamId: string }>(url, 'POST', 'team', ownerToken, { name: 'TSV Musterstadt', link: teamLink, type: 'club' });

    const page = await browser.context.newPage();
    const failed = (error: unknown) => page.screenshot({ path: screenshotPath('contacts-failure'), fullPage: true }).catch(() => undefined).then(() => { throw error; });
    try {
      await page.setViewportSize({ width: 1366, height: 900 });
      await logIn(page, url, ownerMail);
      const banner = page.getByTestId('cookie-banner');
      if (await banner.count() > 0) await banner.getByRole('button', { name: 'Nur notwendige' }).click();

      // From the management navigation to the empty list.
      await page.goto(`${url}/manage/${teamLink}/project`);
      await page.getByRole('link', { name: 'Kontakte', exact: true }).first().click();
      await page.waitForURL(`${url}/manage/${teamLink}/contact`);
      await page.getByText('Noch keine Kontakte').waitFor();
      await shootPage(page, 'contacts-empty-1366');

      // A new contact: the bad address is refused at its field, nothing is saved.
      await page.getByRole('link', { name: 'Neuer Kontakt' }).first().click();
      await page.waitForURL(`${url}/manage/${teamLink}/contact/new`);
      await page.getByLabel('Vorname').fill('Jürgen');
      await page.getByLabel('Nachname').fill('Weiß');
      await page.getByLabel('E-Mail').fill('juergen@');
      await page.getByLabel('Telefon').fill('0711 123');
      await page.getByLabel('Ort').fill('Köln');
      await page.getByLabel('Land').selectOption({ label: 'Deutschland' });
      await page.getByLabel('Art').selectOption({ label: 'Mitglied' });
      await page.getByRole('button', { name: 'Kontakt anlegen' }).click();
      await page.getByText('Bitte gib eine gültige E-Mail-Adresse ein, zum Beispiel name@beispiel.de.').waitFor();
      expect(page.url()).toBe(`${url}/manage/${teamLink}/contact/new`);
      await shootPage(page, 'contacts-new-problem-1366');
      await page.getByLabel('E-Mail').fill('juergen.weiss@verein.example');
      await page.getByRole('button', { name: 'Kontakt anlegen' }).click();
      await page.waitForURL(new RegExp(`/manage/${teamLink}/contact/user/[0-9a-f-]{36}$`));
      const contactUrl = page.url();
      await page.getByRole('heading', { name: 'Jürgen Weiß', level: 1 }).waitFor();
      await page.getByText('hat den Kontakt angelegt (1 · neuer Kontakt).').waitFor();

      // An edit shows in the history field by field.
      await page.getByRole('button', { name: 'Bearbeiten' }).click();
      await page.getByLabel('Telefon').fill('0711 999888');
      await page.getByRole('button', { name: 'Änderungen speichern' }).click();
      await page.getByText('Sabine Schriftführerin hat Telefon von „0711 123“ auf „0711 999888“ geändert.').waitFor();
      await shootPage(page, 'contacts-contact-1366');
      await expectAccessible(page, 'contacts-contact');

      // More people, then search as you type: a word's start and a fragment inside a name.
      for (const [firstName, lastName, city] of [['Anna', 'Müller', 'Stuttgart'], ['Hans', 'Hoffmann', 'Köln'], ['Lena', 'Schmidt', 'Ulm']] as const) {
        await call(url, 'POST', `team/${teamId}/contact`, ownerToken, { details: { firstName, lastName, city } });
      }
      await page.getByRole('link', { name: 'Zu den Kontakten' }).click();
      await page.waitForURL(`${url}/manage/${teamLink}/contact`);
      await page.getByText('4 Kontakte').waitFor();
      const search = page.getByLabel('Suchen', { exact: true });
      await search.fill('mü');
      await page.getByText('1 Kontakt', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Anna Müller' }).waitFor();
      await search.fill('ffma');
      await page.getByRole('link', { name: 'Hans Hoffmann' }).waitFor();
      expect(await page.getByRole('link', { name: 'Anna Müller' }).count()).toBe(0);
      await search.fill('köln');
      await page.getByText('2 Kontakte').waitFor();
      await search.fill('xyz');
      await page.getByText('Kein Kontakt passt zu „xyz“.').waitFor();
      await search.fill('');
      await page.getByText('4 Kontakte').waitFor();
      await shootPage(page, 'contacts-list-1366');
      await expectAccessible(page, 'contacts-list');

      // A department with Jürgen in it.
      await page.getByRole('navigation', { name: 'Bereiche der Kontakte' }).getByRole('link', { name: 'Gruppen' }).click();
      await page.waitForURL(`${url}/manage/${teamLink}/contact/group`);
      await page.getByText('Noch keine Gruppen').waitFor();
      await page.getByRole('button', { name: 'Neue Gruppe' }).first().click();
      const groupDialog = page.getByRole('dialog');
      await groupDialog.getByLabel('Name').fill('Vorstand');
      await groupDialog.getByLabel('Art').selectOption({ label: 'Abteilung' });
      await groupDialog.getByRole('button', { name: 'Gruppe anlegen' }).click();
      const card = page.getByTestId('contact-group').filter({ hasText: 'Vorstand' });
      await card.getByText('Keine Mitglieder').waitFor();
      await card.getByRole('button', { name: 'Mitglieder' }).click();
      const members = page.getByRole('dialog');
      await members.getByLabel('Kontakte suchen').fill('Weiß');
      await members.getByText('Jürgen Weiß').click();
      await members.getByRole('button', { name: '1 Kontakt hinzufügen' }).click();
      await page.getByText('1 Kontakt aufgenommen').waitFor();
      await members.getByRole('button', { name: 'Jürgen Weiß aus der Gruppe entfernen' }).waitFor();
      await page.keyboard.press('Escape');
      await card.getByText('1 Mitglied').waitFor();
      await shootPage(page, 'contacts-groups-1366');

      // On a phone: the list as cards, the contact's page, blocking.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${url}/manage/${teamLink}/contact`);
      await page.getByRole('link', { name: 'Jürgen Weiß' }).waitFor();
      await shootPage(page, 'contacts-list-390');
      await page.getByRole('link', { name: 'Jürgen Weiß' }).click();
      await page.waitForURL(contactUrl);
      await page.getByRole('button', { name: 'Sperren' }).click();
      await page.getByText('Sabine Schriftführerin hat den Kontakt gesperrt.').waitFor();
      await page.getByRole('button', { name: 'Entsperren' }).waitFor();
      await shootPage(page, 'contacts-contact-390');
      await page.goto(`${url}/manage/${teamLink}/contact/group`);
      await page.getByTestId('contact-group').first().waitFor();
      await shootPage(page, 'contacts-groups-390');

      // The team's activity log tells it in sentences.
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(`${url}/manage/${teamLink}/activity`);
      await page.getByText('Sabine Schriftführerin hat den Kontakt „Jürgen Weiß“ angelegt').first().waitFor();
      await page.getByText('Sabine Schriftführerin hat den Kontakt „Jürgen Weiß“ gesperrt').first().waitFor();
      await page.getByText('Sabine Schriftführerin hat einen Kontakt zur Kontaktgruppe „Vorstand“ hinzugefügt').first().waitFor();

      // Deleted for good: gone from the list and the group, and the log keeps no name.
      await page.goto(contactUrl);
      await page.getByRole('button', { name: 'Löschen' }).click();
      await page.getByRole('button', { name: 'Endgültig löschen' }).click();
      await page.getByText('Der Kontakt wurde gelöscht.').waitFor();
      await page.waitForURL(`${url}/manage/${teamLink}/contact`);
      await page.getByText('3 Kontakte').waitFor();
      expect(await page.getByRole('link', { name: 'Jürgen Weiß' }).count()).toBe(0);
      await page.goto(`${url}/manage/${teamLink}/contact/group`);
      await page.getByTestId('contact-group').filter({ hasText: 'Vorstand' }).getByText('Keine Mitglieder').waitFor();
      await page.goto(`${url}/manage/${teamLink}/activity`);
      await page.getByText('Sabine Schriftführerin hat einen Kontakt mit allen Angaben gelöscht').first().waitFor();
      await page.getByText('Sabine Schriftführerin hat einen Kontakt angelegt, der inzwischen gelöscht ist').first().waitFor();
      expect(await page.getByText('Jürgen').count()).toBe(0);
      await page.goto(contactUrl);
      await page.getByText('Diesen Kontakt gibt es nicht (mehr).').waitFor();
    } catch (error) {
      await failed(error);
    } finally {
      await page.close();
    }

    // A plain member of the team: no entry in the navigation, and the address sends to the access error.
    const memberMail = await activatedAccount(url, 'Max', 'Mitglied');
    const memberToken = await sessionToken(url, memberMail);
    const invite = await call<{ path: string }>(url, 'POST', `team/${teamId}/invitations`, ownerToken, { channel: 'link', level: 'member' });
    await call(url, 'POST', 'account/invite', memberToken, { data: invite.path.split('/').pop() });
    const second = await launchBrowser();
    const member = await second.context.newPage();
    try {
      await logIn(member, url, memberMail);
      await member.goto(`${url}/manage/${teamLink}/contact`);
      await member.waitForURL(`${url}/error/access`);
    } finally {
      await second.close();
    }
  });
});
