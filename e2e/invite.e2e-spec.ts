/// <reference lib="dom" />
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { launchBrowser, screenshotPath, type Browser } from './support/browser';
import { consoleApi, logIn } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';
import { expectNoHorizontalOverflow } from './support/layout';

jest.setTimeout(240_000);

const { activatedAccount, sessionToken, call, waitForMail } = consoleApi('InvitE2e01');
const SUBJECT = 'Einladung zu einem Projekt bei Planwerk';

/** The QR code image's pixels, drawn on a canvas in the page, decoded with jsQR here. */
async function decodeQr(page: Page): Promise<string | null> {
  const pixels = await page.getByTestId('invite-qr').evaluate(async (element) => {
    const image = element as HTMLImageElement;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 480;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return { data: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data), width: canvas.width, height: canvas.height };
  });
  if (!pixels) return null;
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data ?? null;
}

// Issue 14, "Invite": the owner invites two addresses by mail from the project editor, the
// mails arrive (the dev mailbox of the embedded product) with the invitation's link, one
// invitee opens it in another browser on a phone and signs up, and the owner's overview shows
// two invited, one opened, one signed up. The QR code decodes to the project link.
describeWith('chromium', 'console: invite to a project (Chromium against the embedded product)', () => {
  const session = useConsoleSession('e2e_invite');
  const browsers: Browser[] = [];

  afterAll(async () => {
    for (const browser of browsers) await browser.close();
  });

  it('invites by mail; the link opened in another browser and a sign-up show in the overview; the QR code is the project link', async () => {
    const { url } = session;
    const ownerMail = await activatedAccount(url, 'Ina', 'Inhaber');
    const owner = await sessionToken(url, ownerMail);
    const teamLink = `turn-${Date.now() % 100000}`;
    const { teamId } = await call<{ teamId: string }>(url, 'POST', 'team', owner, { name: 'Turnverein', link: teamLink, type: 'club' });
    const project = `team/${teamId}/project`;
    const link = `sommerfest-${Date.now() % 100000}`;
    const { projectId } = await call<{ projectId: string }>(url, 'POST', project, owner, { link, name: 'Sommerfest', colour: 3, startDate: '2031-07-05' });
    const base = `${project}/${projectId}`;
    const { phaseId } = await call<{ phaseId: string }>(url, 'POST', `${base}/phase`, owner, { name: 'Festtag' });
    const { listId } = await call<{ listId: string }>(url, 'POST', `${base}/phase/${phaseId}/list`, owner, { name: 'Helfer', settings: { allowAnonymous: true } });
    await call(url, 'POST', `${base}/list/${listId}/item`, owner, { name: 'Grill', capacity: 3 });
    await call(url, 'PUT', `${base}/status`, owner, { status: 1 });

    const page = session.page;
    await page.setViewportSize({ width: 1366, height: 900 });
    await logIn(page, url, ownerMail);
    await page.goto(`${url}/manage/${teamLink}/project/${projectId}`);
    await page.getByRole('heading', { name: 'Sommerfest', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Einladen', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Zum Projekt einladen' });
    await dialog.waitFor();

    // Addresses pasted as a list become chips; a wrong one is marked and blocks sending.
    const stamp = Date.now();
    const anna = `anna-${stamp}@planwerk-test.de`;
    const ben = `ben-${stamp}@planwerk-test.de`;
    const input = dialog.getByLabel('E-Mail-Adressen');
    await input.fill(`${anna}, ${ben}, kaputt@ `);
    await input.press('Enter');
    const chips = dialog.getByRole('list', { name: 'Eingegebene Adressen' }).getByRole('listitem');
    expect(await chips.allTextContents()).toEqual([anna, ben, 'kaputt@ungültig']);
    await dialog.getByRole('alert').filter({ hasText: '1 Adresse ist ungültig' }).waitFor();
    await dialog.getByLabel('Persönliche Nachricht (optional)').fill('Wir brauchen Hilfe am Grill!');
    await page.screenshot({ path: screenshotPath('invite-mail-chips-1366'), fullPage: true });
    await dialog.getByRole('button', { name: 'kaputt@ entfernen' }).click();
    await dialog.getByRole('button', { name: '2 Einladungen senden' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Einladungen an 2 Adressen verschickt.' }).waitFor();

    // The QR code: drawn in the browser, it decodes to the project's public link.
    await dialog.getByRole('tab', { name: 'QR-Code' }).click();
    await dialog.getByTestId('invite-qr').waitFor();
    expect(await decodeQr(page)).toBe(`${url}/${link}`);
    await page.screenshot({ path: screenshotPath('invite-qr-1366'), fullPage: true });

    // Both mails arrive with the invitation's own link.
    const mails = await Promise.all([waitForMail(url, anna, SUBJECT), waitForMail(url, ben, SUBJECT)]);
    expect(mails[0].text).toContain('Ina Inhaber lädt dich zum Projekt „Sommerfest“ bei Planwerk ein.');
    expect(mails[0].text).toContain('Wir brauchen Hilfe am Grill!');
    const links = mails.map((mail) => new RegExp(`${url}/${link}#invite-[0-9a-f-]{36}`).exec(mail.text)?.[0]);
    expect(links[0]).toBeDefined();
    expect(links[1]).toBeDefined();
    expect(links[0]).not.toBe(links[1]);

    // Anna opens her link on a phone (another browser, no storage of the owner's) and signs up.
    const phone = await launchBrowser();
    browsers.push(phone);
    const visitor = await phone.context.newPage();
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.goto(`${url}/feedback`);
    await visitor.evaluate("localStorage.setItem('planwerk.cookieConsent', '2')");
    // The page's reports, to tell in a failure whether they went out.
    const reports: string[] = [];
    visitor.on('response', (response) => {
      if (response.url().includes('/report')) reports.push(`${response.request().postData() ?? ''} → ${response.status()}`);
    });
    await visitor.goto(links[0] ?? '');
    await visitor.getByRole('button', { name: 'Für Grill eintragen' }).waitFor();
    // The invitation leaves the address bar, so a link shared from here is not Anna's.
    await visitor.waitForFunction(() => window.location.hash === '');
    expect(visitor.url()).toBe(`${url}/${link}`);
    await visitor.getByRole('button', { name: 'Für Grill eintragen' }).click();
    const signup = visitor.getByRole('dialog', { name: 'Eintragen: Grill' });
    await signup.getByLabel('Dein Name').fill('Anna Gast');
    await signup.getByRole('button', { name: 'Eintragen' }).click();
    await signup.waitFor({ state: 'detached' });

    // The owner's overview: two invited, one opened, one signed up, the addresses in full (the owner sent them).
    await dialog.getByRole('tab', { name: 'Rückmeldungen' }).click();
    const counts = dialog.locator('.invite-responses__counts dd');
    const deadline = Date.now() + 30_000;
    let seen: string[] = [];
    while (Date.now() < deadline) {
      await dialog.getByRole('tab', { name: 'Per E-Mail' }).click();
      await dialog.getByRole('tab', { name: 'Rückmeldungen' }).click();
      await dialog.getByRole('list', { name: 'Einladungen per E-Mail' }).waitFor();
      seen = await counts.allTextContents();
      if (seen.join(',') === '2,1,1') break;
      await page.waitForTimeout(500);
    }
    expect({ seen, reports }).toEqual({ seen: ['2', '1', '1'], reports: expect.arrayContaining([expect.stringMatching(/"opened"\} → 202$/), expect.stringMatching(/"signedUp".* → 202$/)]) });
    const rows = dialog.getByRole('list', { name: 'Einladungen per E-Mail' }).getByRole('listitem');
    const annaRow = rows.filter({ hasText: anna });
    const benRow = rows.filter({ hasText: ben });
    expect(await annaRow.textContent()).toContain('Eingetragen');
    expect(await annaRow.textContent()).toContain('Von dir eingeladen am');
    expect(await benRow.textContent()).toContain('Noch nicht geöffnet');

    for (const size of [{ name: '1366', width: 1366, height: 900 }, { name: '390', width: 390, height: 844 }]) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.screenshot({ path: screenshotPath(`invite-responses-${size.name}`), fullPage: true });
      await expectNoHorizontalOverflow(page, `invite-responses-${size.name}`);
      await expectAccessible(page, `invite-responses-${size.name}`);
    }
    await dialog.getByRole('tab', { name: 'Per E-Mail' }).click();
    await page.screenshot({ path: screenshotPath('invite-mail-390'), fullPage: true });
    await expectNoHorizontalOverflow(page, 'invite-mail-390');
    await expectAccessible(page, 'invite-mail-390');
  });
});
