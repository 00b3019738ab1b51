/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { launchBrowser, screenshotPath, type Browser } from './support/browser';
import { consoleApi, logIn } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';
import { expectNoHorizontalOverflow } from './support/layout';
import { ICAL } from '../command-service/src/mail/testing/ical';

jest.setTimeout(240_000);

const { headers, activatedAccount, sessionToken, call } = consoleApi('VMailE2e01');
const SUBJECT = 'Deine Eintragung ist bestätigt';

interface DevMail {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; contentType: string; content: string }[];
}

/** Polls the local mailbox of the embedded product (no SMTP_URL) for the visitor's confirmation. */
async function confirmationTo(url: string, address: string): Promise<DevMail> {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    const response = await fetch(`${url}/v5/dev/mailbox`, { headers });
    const mails = ((await response.json()) as { body: { mails: DevMail[] } }).body.mails;
    const mail = mails.find((candidate) => candidate.to === address && candidate.subject === SUBJECT);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no confirmation to ${address} within 60 s`);
}

/** The names in the owner's table of sign-ups (/{prjLink}/admin), after a fresh load. */
async function ownersNames(page: Page, url: string, link: string): Promise<string[]> {
  await page.goto(`${url}/${link}/admin`);
  const table = page.getByRole('table', { name: 'Helfer' });
  await table.waitFor();
  return (await table.locator('tbody tr td:nth-child(2)').allTextContents()).map((text) => text.trim());
}

// Issue 14, "visitor with e-mail gets the confirmation with a valid .ics and changes the sign-up
// from a second browser through the private link": a visitor signs up on a phone with an
// address; the mail (the dev mailbox of the embedded product) has the .ics ical.js reads; a
// second browser without the first one's storage opens the private link, changes and cancels,
// and the owner's view follows.
describeWith('chromium', 'console: a visitor with e-mail (Chromium against the embedded product)', () => {
  const session = useConsoleSession('e2e_visitor_mail');
  const browsers: Browser[] = [];

  afterAll(async () => {
    for (const browser of browsers) await browser.close();
  });

  it('mails the confirmation with a calendar entry; the private link changes and cancels the sign-up in another browser; the owner sees it', async () => {
    const { url } = session;
    const ownerMail = await activatedAccount(url, 'Olga', 'Orga');
    const owner = await sessionToken(url, ownerMail);
    const { teamId } = await call<{ teamId: string }>(url, 'POST', 'team', owner, { name: 'Chor Nord', link: `chor-${Date.now() % 100000}`, type: 'club' });
    const project = `team/${teamId}/project`;
    const link = `sommerkonzert-${Date.now() % 100000}`;
    const { projectId } = await call<{ projectId: string }>(url, 'POST', project, owner, { link, name: 'Sommerkonzert', colour: 2, startDate: '2031-07-05' });
    const base = `${project}/${projectId}`;
    const { phaseId } = await call<{ phaseId: string }>(url, 'POST', `${base}/phase`, owner, { name: 'Konzerttag' });
    const { listId } = await call<{ listId: string }>(url, 'POST', `${base}/phase/${phaseId}/list`, owner, { name: 'Helfer', settings: { allowAnonymous: true, waitlist: true } });
    await call(url, 'POST', `${base}/list/${listId}/item`, owner, { name: 'Einlass', capacity: 2, date: '2031-07-05', time: { from: '18:30', to: '20:00' }, description: 'Karten prüfen' });
    await call(url, 'PUT', `${base}/status`, owner, { status: 1 });

    // Browser 1: a visitor on a phone signs up with an address.
    const phone = await launchBrowser();
    browsers.push(phone);
    const page = await phone.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${url}/feedback`);
    await page.evaluate("localStorage.setItem('planwerk.cookieConsent', '2')");
    await page.goto(`${url}/${link}`);
    await page.getByRole('button', { name: 'Für Einlass eintragen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eintragen: Einlass' });
    const address = `eva-${Date.now()}@planwerk-test.de`;
    await dialog.getByLabel('Dein Name').fill('Eva Gast');
    await dialog.getByLabel('E-Mail-Adresse (freiwillig)').fill(address);
    await page.screenshot({ path: screenshotPath('visitor-mail-dialog-390'), fullPage: true });
    await dialog.getByRole('button', { name: 'Eintragen' }).click();
    await page.getByText(`Du bist eingetragen. Die Bestätigung geht an ${address}.`).waitFor();

    // The confirmation: text, private link, and an .ics that ical.js reads.
    const mail = await confirmationTo(url, address);
    expect(mail.text).toContain('Hallo Eva Gast,');
    expect(mail.text).toContain('du bist im Projekt „Sommerkonzert“ für „Einlass“ eingetragen.');
    expect(mail.text).toContain('Wann: Samstag, 5. Juli 2031, 18:30–20:00');
    const ics = mail.attachments?.find((file) => file.filename.endsWith('.ics'));
    expect(ics?.contentType).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(ics?.content ?? ''));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Einlass – Sommerkonzert');
    expect(event.startDate.toString()).toBe('2031-07-05T18:30:00');
    expect(event.endDate.toString()).toBe('2031-07-05T20:00:00');
    const privateLink = new RegExp(`${url}/${link}/signup#[0-9a-f.-]+\\.[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];
    expect(privateLink).toBeDefined();

    const ownerBrowser = await launchBrowser();
    browsers.push(ownerBrowser);
    const ownerPage = await ownerBrowser.context.newPage();
    await logIn(ownerPage, url, ownerMail);
    expect(await ownersNames(ownerPage, url, link)).toEqual(['Eva Gast']);

    // Browser 2: another device, no storage of browser 1, opens the private link.
    const laptop = await launchBrowser();
    browsers.push(laptop);
    const other = await laptop.context.newPage();
    await other.goto(`${url}/feedback`);
    await other.evaluate("localStorage.setItem('planwerk.cookieConsent', '2')");
    await other.goto(privateLink ?? '');
    const mine = other.getByRole('region', { name: 'Deine Eintragung' });
    await mine.getByTestId('own-signup').filter({ hasText: 'Eva Gast' }).waitFor();
    // The private part leaves the address bar at once.
    await other.waitForFunction(() => window.location.hash === '');
    expect(other.url()).toBe(`${url}/${link}/signup`);
    for (const size of [{ name: '390', width: 390, height: 844 }, { name: '1366', width: 1366, height: 900 }]) {
      await other.setViewportSize({ width: size.width, height: size.height });
      await other.screenshot({ path: screenshotPath(`visitor-mail-private-${size.name}`), fullPage: true });
      await expectNoHorizontalOverflow(other, `visitor-mail-private-${size.name}`);
      await expectAccessible(other, `visitor-mail-private-${size.name}`);
    }

    // Change the name from the second browser.
    await mine.getByRole('button', { name: 'Ändern' }).click();
    const change = other.getByRole('dialog', { name: 'Eintragung ändern: Einlass' });
    await change.getByLabel('Dein Name').fill('Eva G.');
    await change.getByRole('button', { name: 'Änderung speichern' }).click();
    await mine.getByTestId('own-signup').filter({ hasText: 'Eva G.' }).waitFor();
    expect(await ownersNames(ownerPage, url, link)).toEqual(['Eva G.']);

    // Cancel it from the second browser.
    await mine.getByRole('button', { name: 'Austragen' }).click();
    await other.getByRole('dialog').getByRole('button', { name: 'Austragen' }).click();
    await other.getByRole('heading', { name: 'Deine Eintragung ist zurückgezogen' }).waitFor();
    await other.screenshot({ path: screenshotPath('visitor-mail-cancelled-1366'), fullPage: true });
    expect(await ownersNames(ownerPage, url, link)).toEqual([]);

    // The link is spent: opened again, it says so.
    const again = await laptop.context.newPage();
    await again.goto(privateLink ?? '');
    await again.getByRole('heading', { name: 'Dieser Link gilt nicht mehr' }).waitFor();
  });
});
