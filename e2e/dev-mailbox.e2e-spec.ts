import type { Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { screenshotPath } from './support/browser';
import { useConsoleSession } from './support/console-session';

jest.setTimeout(120_000);

const headers = { 'content-type': 'application/json', 'x-device-id': 'DevMail001', 'x-api-version': '5.0.1' };
const ACTIVATION_SUBJECT = 'Bitte bestätige deine E-Mail-Adresse für Planwerk';

async function api(url: string, method: string, body: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(url, { method, headers, body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

// Embedded mode without SMTP_URL: mails land in the local mailbox that /dev shows (issue 3).
describeWith('chromium', 'console: developer tools mailbox (Chromium against the embedded product)', () => {
  const session = useConsoleSession('e2e_dev_mailbox');
  let page: Page;

  beforeEach(() => {
    page = session.page;
  });

  it('shows the activation mail of a sign-up, opens it, and its link activates the account', async () => {
    const mail = `lena-${Date.now()}@planwerk-test.de`;
    const pass = 'ein langer Satz 2025';
    const registered = await api(`${session.url}/v5/auth`, 'POST', {
      mail, vorname: 'Lena', nachname: 'Muster', pass, pass2: pass, terms: true, privacy: true, cookies: true, age: true,
    });
    expect(registered.status).toBe(201);

    await page.goto(`${session.url}/dev`);
    await page.getByRole('heading', { name: 'Entwicklerwerkzeuge', level: 1 }).waitFor();
    const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(await sidebar.getByRole('link', { name: 'Entwicklerwerkzeuge' }).getAttribute('aria-current')).toBe('page');

    // The mail is a background job: the list polls until it arrives.
    const list = page.getByRole('list', { name: 'Empfangene Mails' });
    const entry = list.getByRole('button').filter({ hasText: ACTIVATION_SUBJECT }).filter({ hasText: mail });
    await entry.waitFor({ timeout: 30_000 });
    expect(await entry.getAttribute('aria-pressed')).toBe('false');
    await entry.click();
    expect(await entry.getAttribute('aria-pressed')).toBe('true');

    const opened = page.getByRole('article', { name: ACTIVATION_SUBJECT });
    await opened.waitFor();
    expect(await opened.textContent()).toContain(mail);
    expect(await opened.textContent()).toContain('Hallo');
    const link = opened.getByRole('list', { name: 'Links in dieser Mail' }).getByRole('link');
    expect(await link.count()).toBe(1);
    const href = (await link.getAttribute('href')) ?? '';
    // Links are built from configuration (here the local URL), never from the Host header.
    const match = new RegExp(`^${session.url}/account/activate/([A-Za-z0-9_-]{43})$`).exec(href);
    expect(match).not.toBeNull();
    // The same link is clickable inside the text too.
    expect(await opened.locator('pre').getByRole('link', { name: href }).count()).toBe(1);
    await page.screenshot({ path: screenshotPath('dev-mailbox'), fullPage: true });

    await link.click();
    await page.waitForURL(href);
    await page.screenshot({ path: screenshotPath('dev-mailbox-link-followed'), fullPage: true });

    // The console has no /account/activate page yet: the test posts the link's token as that page will.
    const activated = await api(`${session.url}/v5/auth/activate`, 'POST', { token: match?.[1] });
    expect(activated.status).toBe(200);
    expect(activated.json.body.active).toBe(true);
    const login = await api(`${session.url}/v5/auth`, 'PUT', { mail, pass, device: 'DevMail001', name: 'Chromium' });
    expect(login.status).toBe(200);
    expect(login.json.body.token).toEqual(expect.any(String));
  });

  it('hides the developer entry and answers /dev with the 404 page outside development mode', async () => {
    const mailboxRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v5/dev/mailbox')) mailboxRequests.push(request.url());
    });
    await page.route('**/v5/dev/status', (route) => route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ body: { devMode: false }, error: null, status: 200 }),
    }));
    await page.goto(`${session.url}/dev`);
    await page.getByRole('heading', { name: 'Seite nicht gefunden', level: 1 }).waitFor();
    const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(await sidebar.getByRole('link', { name: 'Feedback' }).count()).toBe(1);
    expect(await sidebar.getByRole('link', { name: 'Entwicklerwerkzeuge' }).count()).toBe(0);
    expect(mailboxRequests).toEqual([]);
    await page.screenshot({ path: screenshotPath('dev-hidden') });
  });
});
