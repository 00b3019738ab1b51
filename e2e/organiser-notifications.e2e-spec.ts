/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { screenshotPath } from './support/browser';
import { consoleApi, logIn } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';
import { expectNoHorizontalOverflow } from './support/layout';

jest.setTimeout(240_000);

/** Two frames after a resize: the layout of the new width is done. */
const settle = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

const { headers, activatedAccount, sessionToken, call, waitForMail } = consoleApi('NotiE2e001');

// Issue 14, "organiser gets the notification": the owner chooses a mail per new sign-up and a
// reminder for the list in the project editor (at 1366 and 390 px); a visitor signs up; the
// mail naming the visitor, the list and the item arrives in the product's mailbox with the
// link to the editor.
describeWith('chromium', 'console: reminders and organiser notifications (Chromium against the embedded product)', () => {
  const session = useConsoleSession('e2e_notify');

  it('the owner chooses a mail per sign-up and a reminder in the editor; a visitor signs up and the owner gets the mail', async () => {
    const { url, page } = session;
    const ownerMail = await activatedAccount(url, 'Nora', 'Notiz');
    const owner = await sessionToken(url, ownerMail);
    const teamLink = `kita-${Date.now() % 100000}`;
    const { teamId } = await call<{ teamId: string }>(url, 'POST', 'team', owner, { name: 'Kita Sonnenblume', link: teamLink, type: 'club' });
    const project = `team/${teamId}/project`;
    const link = `laternenfest-${Date.now() % 100000}`;
    const { projectId } = await call<{ projectId: string }>(url, 'POST', project, owner, { link, name: 'Laternenfest', colour: 4, startDate: '2031-11-11' });
    const base = `${project}/${projectId}`;
    const { phaseId } = await call<{ phaseId: string }>(url, 'POST', `${base}/phase`, owner, { name: 'Am Abend' });
    const { listId } = await call<{ listId: string }>(url, 'POST', `${base}/phase/${phaseId}/list`, owner, { name: 'Mitbringen', settings: { allowAnonymous: true } });
    const { itemId } = await call<{ itemId: string }>(url, 'POST', `${base}/list/${listId}/item`, owner, { name: 'Punsch', capacity: 3, date: '2031-11-11', time: { from: '17:00', to: '19:00' } });
    await call(url, 'PUT', `${base}/status`, owner, { status: 1 });

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${url}/feedback`);
    await page.evaluate("localStorage.setItem('planwerk.cookieConsent', '2')");
    await page.goto(`${url}/login`);
    // The first load of the console under a busy machine can take longer than a locator's 30 s.
    await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor({ timeout: 90_000 });
    await logIn(page, null, ownerMail);
    await page.goto(`${url}/manage/${teamLink}/project/${projectId}`);
    await page.getByRole('heading', { name: 'Laternenfest', level: 1 }).waitFor();

    // My own mails: one per new sign-up.
    await page.getByRole('button', { name: 'Benachrichtigungen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Benachrichtigungen zu Eintragungen' });
    await dialog.getByRole('radio', { name: 'Keine E-Mails' }).waitFor();
    await expect(dialog.getByRole('radio', { name: 'Keine E-Mails' }).isChecked()).resolves.toBe(true);
    await dialog.getByRole('radio', { name: 'Eine E-Mail pro neuer Eintragung' }).check();
    await page.screenshot({ path: screenshotPath('organiser-notifications-dialog-1366') });
    await expectAccessible(page, 'notifications dialog');
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await expectNoHorizontalOverflow(page, 'notifications dialog at 390 px');
    await page.screenshot({ path: screenshotPath('organiser-notifications-dialog-390') });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The list's reminder: a day before.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('button', { name: 'Aktionen für Liste Mitbringen' }).click();
    await page.getByRole('menuitem', { name: 'Bearbeiten', exact: true }).click();
    const listDialog = page.getByRole('dialog', { name: 'Liste bearbeiten' });
    const reminder = listDialog.getByRole('combobox', { name: 'Erinnerung per E-Mail' });
    await reminder.selectOption({ label: '1 Tag vorher' });
    await reminder.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('organiser-notifications-list-reminder-1366') });
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await expectNoHorizontalOverflow(page, 'list dialog at 390 px');
    await reminder.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('organiser-notifications-list-reminder-390') });
    await listDialog.getByRole('button', { name: 'Speichern' }).click();
    await listDialog.waitFor({ state: 'detached' });

    const settings = await call<{ reminders: Record<string, string>; mode: string }>(url, 'GET', `${base}/notifications`, owner);
    expect(settings).toMatchObject({ reminders: { [listId]: '1d' }, mode: 'each' });

    // A visitor signs up: the owner is told.
    const signed = await fetch(`${url}/v5/project/${projectId}/list/${listId}/signup`, { method: 'POST', headers, body: JSON.stringify({ itemId, name: 'Paula Gast' }) });
    expect(signed.status).toBe(201);
    const mail = await waitForMail(url, ownerMail, 'Neue Eintragung');
    expect(mail.text).toContain('Paula Gast hat sich im Projekt „Laternenfest“ in der Liste „Mitbringen“ für „Punsch“ eingetragen.');
    expect(mail.text).toContain(`/manage/${teamLink}/project/${projectId}`);
  });
});
