import type { Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { screenshotPath } from './support/browser';
import { useConsoleSession } from './support/console-session';

jest.setTimeout(120_000);

interface VersionInfo {
  version: { web: string; android: string; ios: string };
}

// The meta tag the server injects into index.html: base64 of the version JSON.
async function versionFromMetaTag(url: string): Promise<VersionInfo> {
  const html = await (await fetch(url)).text();
  const match = /<meta name="planwerk-version" content="([^"]+)"/.exec(html);
  if (!match) throw new Error(`index.html carries no planwerk-version meta tag:\n${html}`);
  return JSON.parse(Buffer.from(match[1], 'base64').toString('utf8')) as VersionInfo;
}

async function heading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

describeWith('chromium', 'console: feedback, versions, 404 (Chromium against the embedded product)', () => {
  const session = useConsoleSession('e2e_feedback');
  let page: Page;

  beforeEach(() => {
    page = session.page;
  });

  it('sends a bug report only after a vote, with the spec headers, and thanks the user', async () => {
    await page.goto(`${session.url}/feedback`);
    await heading(page, 'Feedback');
    const send = page.getByRole('button', { name: 'Senden' });
    expect(await send.isDisabled()).toBe(true);
    expect(await page.getByLabel('Kommentar (optional)').count()).toBe(0);

    const bug = page.getByRole('button', { name: 'Fehler gefunden' });
    await bug.click();
    expect(await bug.getAttribute('aria-pressed')).toBe('true');
    expect(await send.isEnabled()).toBe(true);
    await page.getByLabel('Kommentar (optional)').fill('Die Liste lädt nicht, wenn ich filtere.');

    const requestSeen = page.waitForRequest((request) => request.url().endsWith('/v5/feedback/vote'));
    const answerSeen = page.waitForResponse((response) => response.url().endsWith('/v5/feedback/vote'));
    await send.click();
    const request = await requestSeen;
    const answer = await answerSeen;

    await page.getByRole('status').filter({ hasText: 'Danke für dein Feedback' }).waitFor();
    await page.screenshot({ path: screenshotPath('feedback-sent'), fullPage: true });
    await expectAccessible(page, 'feedback-sent');

    expect(answer.status()).toBeLessThan(300);
    const body = request.postDataJSON() as { vote: number; text: string; meta: Record<string, string> };
    expect(body.vote).toBe(2);
    expect(body.text).toBe('Die Liste lädt nicht, wenn ich filtere.');
    expect(body.meta).toMatchObject({ app_version: '2025.4.0', href: `${session.url}/feedback`, lang: 'de' });
    expect(body.meta.agent).toContain('Chrome');
    const headers = await request.allHeaders();
    expect(headers['x-api-version']).toBe('5.0.1');
    expect(headers['x-device-id']).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(headers['x-session-id']).toMatch(/^[0-9a-f]{8}(?:-[0-9a-f]{8}){3}$/);
    expect(headers.authorization).toBeUndefined();
  });

  it('shows the error text of a failed vote and keeps the form', async () => {
    await page.route('**/v5/feedback/vote', (route) => route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ body: null, status: 400, error: { status: 400, intern: 4000, text: 'Text ist zu lang' } }),
    }));
    await page.goto(`${session.url}/feedback`);
    await page.getByRole('button', { name: 'Gefällt mir' }).click();
    await page.getByRole('button', { name: 'Senden' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Text ist zu lang');
    expect(await page.getByRole('button', { name: 'Senden' }).isEnabled()).toBe(true);
  });

  it('shows in the help the version from the page meta tag before any API answer', async () => {
    const fromMeta = await versionFromMetaTag(`${session.url}/`);
    // Block the API so only the meta tag can supply the version.
    await page.route('**/v5/update/version', (route) => route.abort());
    await page.goto(`${session.url}/`);
    await heading(page, 'Willkommen bei Planwerk');
    // The versions moved from the home page to the help (issue 14).
    await page.getByRole('button', { name: 'Hilfe' }).click();
    const web = page.getByRole('dialog', { name: 'Hilfe' }).getByTestId('web-version');
    await web.filter({ hasText: fromMeta.version.web }).waitFor();
    expect(await web.textContent()).toBe(fromMeta.version.web);
    expect(await page.getByTestId('client-version').textContent()).toBe('2025.4.0');
    expect(await page.getByRole('navigation', { name: 'Hauptnavigation' }).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('start'), fullPage: true });
  });

  it('offers "Neu laden" when the server announces a newer web version', async () => {
    await page.route('**/v5/update/version', (route) => route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        body: { version: { web: '2099.1.0', android: '2025.4.0', ios: '2025.4.0' }, social: null, conf: null, action: [] },
        error: null,
        status: 200,
      }),
    }));
    await page.goto(`${session.url}/`);
    const dialog = page.getByRole('dialog', { name: 'Update verfügbar' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Neu laden' }).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('update-available') });
    await expectAccessible(page, 'update-dialog');
  });

  it('shows the 404 page for an unknown route and matches routes case-insensitively', async () => {
    await page.goto(`${session.url}/gibt-es-nicht`);
    await heading(page, 'Seite nicht gefunden');
    expect(await page.getByText('/gibt-es-nicht').count()).toBe(1);
    await page.screenshot({ path: screenshotPath('not-found') });

    await page.goto(`${session.url}/FeedBack`);
    await heading(page, 'Feedback');
    expect(await page.getByRole('heading', { name: 'Funktion bewerten' }).count()).toBe(1);
  });

  it('switches language and theme', async () => {
    await page.goto(`${session.url}/feedback`);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Rate this feature' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.screenshot({ path: screenshotPath('feedback-en-dark'), fullPage: true });
    await expectAccessible(page, 'feedback-en-dark');
  });
});
