/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { screenshotPath } from './support/browser';
import { ACTIVATION_SUBJECT, consoleApi, linkIn, logIn, PASSWORD, submitLogin } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';

jest.setTimeout(180_000);

const DEVICE = 'AccE2e0001';
const { headers, waitForMail, activatedAccount } = consoleApi(DEVICE);

// The suite shares one browser profile: every test starts signed out with no stored route.
async function freshStart(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/feedback`);
  // The console stores /feedback as the last route once it has rendered; clear after that, or
  // the stored route comes back after the test's login.
  await page.waitForFunction(() => localStorage.getItem('planwerk.lastRoute') === '/feedback');
  await page.evaluate('localStorage.clear()');
}

describeWith('chromium', 'console: accounts (Chromium against the embedded product)', () => {
  const session = useConsoleSession('e2e_accounts');
  let page: Page;

  beforeEach(async () => {
    page = session.page;
    await freshStart(page, session.url);
  });

  it('signs up, activates from the mailed link and logs in', async () => {
    const mail = `mara-${Date.now()}@planwerk-test.de`;
    // The misspelt route redirects (spec section 2).
    await page.goto(`${session.url}/singup`);
    await page.waitForURL(`${session.url}/signup`);
    await page.getByRole('heading', { name: 'Konto erstellen', level: 1 }).waitFor();
    await page.getByLabel('Vorname').fill('Mara');
    await page.getByLabel('Nachname').fill('Beispiel');
    await page.getByLabel('E-Mail-Adresse').fill(mail);
    await page.getByLabel('Passwort', { exact: true }).fill('kurz');
    await page.getByLabel('Passwort wiederholen').fill('kurz');
    const submit = page.getByRole('button', { name: 'Registrieren' });
    await submit.click();
    await page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.').waitFor();

    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
    await submit.click();
    // Terms, privacy and cookies must be accepted (spec section 5).
    await page.getByRole('alert').filter({ hasText: 'Bitte bestätige Nutzungsbedingungen, Datenschutz und Cookies.' }).waitFor();
    await expectAccessible(page, 'signup-with-errors');
    // Below 16 a parent e-mail is asked for.
    await page.getByLabel('Ich bin mindestens 16 Jahre alt.').uncheck();
    expect(await page.getByLabel('E-Mail-Adresse eines Elternteils').count()).toBe(1);
    await page.getByLabel('Ich bin mindestens 16 Jahre alt.').check();
    await page.getByLabel('Ich akzeptiere die Nutzungsbedingungen.').check();
    await page.getByLabel('Ich habe die Datenschutzerklärung gelesen.').check();
    await page.getByLabel(/funktionalen Cookies/).check();
    await page.screenshot({ path: screenshotPath('accounts-signup'), fullPage: true });
    await submit.click();
    await page.getByRole('heading', { name: 'Fast geschafft!', level: 1 }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: mail }).count()).toBe(1);
    await expectAccessible(page, 'signup-done');

    const activation = linkIn(await waitForMail(session.url, mail, ACTIVATION_SUBJECT), '/account/activate/');
    await page.goto(activation);
    await page.getByRole('heading', { name: 'Konto aktivieren', level: 1 }).waitFor();
    await page.screenshot({ path: screenshotPath('accounts-activate'), fullPage: true });
    await expectAccessible(page, 'account-activate');
    await page.getByRole('button', { name: 'Konto aktivieren' }).click();
    await page.getByText('Dein Konto ist aktiv. Du kannst dich jetzt anmelden.').waitFor();
    await page.getByRole('link', { name: 'Zur Anmeldung' }).click();

    await submitLogin(page, mail);
    await page.getByTestId('signed-in-user').filter({ hasText: 'Mara Beispiel' }).waitFor();
    // The user shows as soon as the session is stored; the login page navigates right after.
    // Polled in the page: a history navigation can race Playwright's navigation waiter.
    await page.waitForFunction(() => window.location.pathname === '/').catch(async (error: unknown) => {
      const stored = await page.evaluate(() => localStorage.getItem('planwerk.lastRoute'));
      throw new Error(`after the login the page stayed at ${page.url()} (stored last route: ${stored}): ${String(error)}`);
    });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.screenshot({ path: screenshotPath('accounts-logged-in'), fullPage: true });

    // The sessions page lists this session; a reload restores the session from the token.
    await page.goto(`${session.url}/settings/login`);
    const sessions = page.getByRole('table', { name: 'Aktive Sitzungen' });
    await sessions.getByText('Diese Sitzung').waitFor();
    await page.screenshot({ path: screenshotPath('settings-login'), fullPage: true });
  });

  it('shows the 6008 text for a wrong password', async () => {
    const mail = await activatedAccount(session.url, 'falsch', 'Test');
    await page.goto(`${session.url}/login`);
    await submitLogin(page, mail, 'ganz sicher nicht das Passwort');
    await page.getByRole('alert').filter({ hasText: 'Die Kombination aus E-Mail-Adresse und Passwort ist nicht korrekt.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.screenshot({ path: screenshotPath('accounts-login-6008'), fullPage: true });
    await expectAccessible(page, 'login-6008');
  });

  it('sends a protected route without login to error-login and returns there after login', async () => {
    const mail = await activatedAccount(session.url, 'zurueck', 'Test');
    await page.goto(`${session.url}/settings/design`);
    await page.waitForURL(`${session.url}/error/login`);
    await page.getByRole('heading', { name: 'Bitte melde dich an', level: 1 }).waitFor();
    await page.screenshot({ path: screenshotPath('accounts-error-login'), fullPage: true });
    await page.getByRole('main').getByRole('link', { name: 'Anmelden', exact: true }).click();
    await submitLogin(page, mail);
    await page.waitForURL(`${session.url}/settings/design`);
    await page.getByRole('group', { name: 'Design' }).waitFor();

    // The design choice applies at once and is saved with the account.
    await page.getByLabel('Dunkel', { exact: true }).check();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.getByRole('status').filter({ hasText: 'Gespeichert' }).waitFor();
    await page.screenshot({ path: screenshotPath('settings-design-dark'), fullPage: true });
    await page.getByLabel('Hell', { exact: true }).check();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'default');
  });

  it('logs out the other tab when one tab logs out', async () => {
    const mail = await activatedAccount(session.url, 'tabs', 'Test');
    await logIn(page, session.url, mail);

    const other = await page.context().newPage();
    try {
      await other.goto(`${session.url}/settings/account`);
      await other.getByRole('heading', { name: 'Konto', level: 2 }).waitFor();
      expect(await other.getByTestId('signed-in-user').textContent()).toContain('tabs Test');

      await page.getByRole('button', { name: 'Abmelden' }).click();
      await page.waitForURL(`${session.url}/login`);
      // The broadcast reaches the other tab: its protected page goes to error-login.
      await other.waitForURL(`${session.url}/error/login`);
      expect(await other.getByTestId('signed-in-user').count()).toBe(0);
      await other.screenshot({ path: screenshotPath('accounts-other-tab-logged-out'), fullPage: true });
    } finally {
      await other.close();
    }
  });

  it('opens the sign-out dialog at once when another device ends the session (service event logout)', async () => {
    const mail = await activatedAccount(session.url, 'push', 'Test');
    await logIn(page, session.url, mail);
    await page.goto(`${session.url}/settings/account`);
    await page.getByRole('heading', { name: 'Konto', level: 2 }).waitFor();
    const login = await fetch(`${session.url}/v5/auth`, { method: 'PUT', headers, body: JSON.stringify({ mail, pass: PASSWORD, device: 'AccE2e0002', name: 'e2e' }) });
    const token = ((await login.json()) as { body: { token: string } }).body.token;
    const ended = await fetch(`${session.url}/v5/user/sessions?others=true`, {
      method: 'DELETE', headers: { 'x-device-id': 'AccE2e0002', 'x-api-version': '5.0.1', authorization: token },
    });
    expect(ended.status).toBe(200);
    // No click, no call: the second socket's logout opens the dialog.
    await page.getByRole('dialog', { name: 'Abgemeldet' }).waitFor();
    await page.getByRole('dialog', { name: 'Abgemeldet' }).getByRole('button', { name: 'Zurück' }).click();
  });

  it('holds calls after a 6011, shows the sign-out dialog and replays them after the new login', async () => {
    const mail = await activatedAccount(session.url, 'ablauf', 'Test');
    await logIn(page, session.url, mail);
    // The second socket is cut off from the server here, so the session's end shows only through
    // the next call's 6011 (the pushed logout has its own test above).
    await page.routeWebSocket(/channel=second/, () => undefined);
    await page.goto(`${session.url}/settings/account`);
    await page.getByRole('heading', { name: 'Konto', level: 2 }).waitFor();

    // Another device of the same person ends every other session: the browser's one expires.
    const login = await fetch(`${session.url}/v5/auth`, { method: 'PUT', headers, body: JSON.stringify({ mail, pass: PASSWORD, device: DEVICE, name: 'e2e' }) });
    const token = ((await login.json()) as { body: { token: string } }).body.token;
    const ended = await fetch(`${session.url}/v5/user/sessions?others=true`, {
      method: 'DELETE', headers: { 'x-device-id': DEVICE, 'x-api-version': '5.0.1', authorization: token },
    });
    expect(ended.status).toBe(200);

    const held: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/v5/auth/2fa')) held.push(String(response.status()));
    });
    await page.getByRole('navigation', { name: 'Bereiche der Einstellungen' }).getByRole('link', { name: 'Sicherheit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Abgemeldet' });
    await dialog.getByText('Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.').waitFor();
    await page.screenshot({ path: screenshotPath('accounts-6011-dialog'), fullPage: true });
    await expectAccessible(page, 'session-expired-dialog');
    await dialog.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByText('Deine Sitzung ist abgelaufen. Melde dich erneut an').waitFor();
    await submitLogin(page, mail);
    // The held call is replayed with the new session and the page goes on where it was.
    await page.waitForURL(`${session.url}/settings/account/secure`);
    await page.getByTestId('totp-status').waitFor();
    expect(held).toEqual(['401', '200']);
  });
});
