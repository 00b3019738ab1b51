/// <reference lib="dom" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { screenshotPath } from './support/browser';
import { useConsoleSession } from './support/console-session';

jest.setTimeout(180_000);

const ACTIVATION_SUBJECT = 'Bitte bestätige deine E-Mail-Adresse für Planwerk';
const PASSWORD = 'ein langer Satz für Planwerk 2025';
const DEVICE = 'ShellE2e01';
const headers = { 'content-type': 'application/json', 'x-device-id': DEVICE, 'x-api-version': '5.0.1' };
const TEAM_NAME = 'Sportverein Nordstadt Ost';

async function waitForMail(url: string, to: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${url}/v5/dev/mailbox`, { headers });
    const mails = ((await response.json()) as { body: { mails: { to: string; subject: string; text: string }[] } }).body.mails;
    const found = mails.find((mail) => mail.to === to && mail.subject === ACTIVATION_SUBJECT);
    if (found) return found.text;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no activation mail to ${to} within 30 s`);
}

/** An activated account owning a team with a long name and one project (through the API). */
async function ownerWithTeamAndProject(url: string): Promise<{ mail: string; teamLink: string }> {
  const mail = `shell-${Date.now()}@planwerk-test.de`;
  const registered = await fetch(`${url}/v5/auth`, {
    method: 'POST', headers,
    body: JSON.stringify({ mail, vorname: 'Sina', nachname: 'Schale', pass: PASSWORD, pass2: PASSWORD, terms: true, privacy: true, cookies: true, age: true }),
  });
  expect(registered.status).toBe(201);
  const token = /\/account\/activate\/([A-Za-z0-9_-]{43})/.exec(await waitForMail(url, mail))?.[1];
  expect((await fetch(`${url}/v5/auth/activate`, { method: 'POST', headers, body: JSON.stringify({ token }) })).status).toBe(200);
  const login = await fetch(`${url}/v5/auth`, { method: 'PUT', headers, body: JSON.stringify({ mail, pass: PASSWORD, device: DEVICE }) });
  const session = ((await login.json()) as { body: { token: string } }).body.token;
  const teamLink = `nordstadt-${Date.now() % 100000}`;
  const team = await fetch(`${url}/v5/team`, {
    method: 'POST', headers: { ...headers, authorization: session },
    body: JSON.stringify({ name: TEAM_NAME, link: teamLink, type: 'club' }),
  });
  expect(team.status).toBe(201);
  const { teamId } = ((await team.json()) as { body: { teamId: string } }).body;
  const project = await fetch(`${url}/v5/team/${teamId}/project`, {
    method: 'POST', headers: { ...headers, authorization: session },
    body: JSON.stringify({ link: `sommerfest-${Date.now() % 100000}`, name: 'Sommerfest am See' }),
  });
  expect(project.status).toBe(201);
  return { mail, teamLink };
}

async function logIn(page: Page, url: string, mail: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();
  await page.getByLabel('E-Mail-Adresse').fill(mail);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.getByTestId('signed-in-user').waitFor();
}

const sidebarMode = (page: Page) => page.locator('.shell').getAttribute('data-sidebar-mode');

describeWith('chromium', 'console shell: banners, keyboard, sidebar modes, fx, PWA (Chromium against the embedded product)', () => {
  const session = useConsoleSession('e2e_shell');
  let page: Page;

  beforeEach(() => {
    page = session.page;
  });

  it('shows the cookie banner at consent level 0 and keeps the choice on this device', async () => {
    await page.goto(`${session.url}/`);
    const banner = page.getByRole('region', { name: 'Cookies' });
    await banner.waitFor();
    // The start-up loader goes 150 ms after initialisation.
    await page.locator('#boot-loader').waitFor({ state: 'detached' });
    await page.screenshot({ path: screenshotPath('shell-cookie-banner') });
    await banner.getByRole('button', { name: 'Alle akzeptieren' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('planwerk.cookieConsent'))).toBe('2');
    await page.reload();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
    expect(await page.getByRole('region', { name: 'Cookies' }).count()).toBe(0);
  });

  it('sets the themes with Ctrl+1 to 4 and names the tab after the product and section', async () => {
    await page.goto(`${session.url}/feedback`);
    await page.getByRole('heading', { name: 'Feedback', level: 1 }).waitFor();
    expect(await page.title()).toBe('Feedback – Planwerk');
    const theme = () => page.locator('html').getAttribute('data-theme');
    await page.keyboard.press('Control+2');
    expect(await theme()).toBe('dark');
    await page.keyboard.press('Control+3');
    expect(await theme()).toBe('dark-contrast');
    await page.keyboard.press('Control+4');
    expect(await theme()).toBe('contrast');
    await page.keyboard.press('Control+1');
    expect(await theme()).toBe('default');
    await page.keyboard.press('Control+2');
    await page.reload();
    await page.getByRole('heading', { name: 'Feedback', level: 1 }).waitFor();
    expect(await theme()).toBe('dark');
  });

  it('opens the search with Ctrl+Space and Ctrl+F, closes layers with Escape in order, and back closes the top one first', async () => {
    await page.goto(`${session.url}/`);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Feedback' }).click();
    await page.getByRole('heading', { name: 'Feedback', level: 1 }).waitFor();

    await page.keyboard.press('Control+Space');
    const search = page.getByRole('dialog', { name: 'Suche' });
    await search.waitFor();
    await page.keyboard.press('Escape');
    await search.waitFor({ state: 'hidden' });

    await page.keyboard.press('Control+f');
    await search.waitFor();
    await page.keyboard.press('Escape');
    await search.waitFor({ state: 'hidden' });

    // Help over the page: Escape closes it.
    await page.getByRole('button', { name: 'Hilfe' }).click();
    const help = page.getByRole('dialog', { name: 'Hilfe' });
    await help.waitFor();
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });

    // Back with the help open closes it and stays on the page; the next back navigates.
    await page.getByRole('button', { name: 'Hilfe' }).click();
    await help.waitFor();
    await page.evaluate(() => history.back());
    await help.waitFor({ state: 'hidden' });
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/feedback');
    await page.evaluate(() => history.back());
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('pins the sidebar above 1000 px and hides it at 390 px behind a drawer, with the mobile sub-nav', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${session.url}/`);
    const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await sidebar.waitFor();
    expect(await sidebarMode(page)).toBe('1');
    expect(await page.getByRole('navigation', { name: 'Mobile Navigation' }).count()).toBe(0);

    // Mode 1 follows the route: the login page hides the sidebar; pinned (2) keeps it there.
    await page.goto(`${session.url}/login`);
    await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();
    expect(await sidebar.count()).toBe(0);
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('button', { name: 'Seitenleiste anheften' }).click();
    expect(await sidebarMode(page)).toBe('2');
    expect(await sidebar.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Seitenleiste anheften' }).getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();
    expect(await sidebarMode(page)).toBe('2');
    expect(await sidebar.isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('shell-pinned') });
    await expectAccessible(page, 'login-sidebar-pinned');

    // 390 px: no pinning, the sidebar is hidden and the mobile sub-nav shows.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('navigation', { name: 'Mobile Navigation' }).waitFor();
    expect(await sidebarMode(page)).toBe('0');
    expect(await sidebar.count()).toBe(0);
    const subNav = page.getByRole('navigation', { name: 'Mobile Navigation' });
    expect(await subNav.getByRole('button', { name: 'Zurück' }).isVisible()).toBe(true);
    expect(await subNav.getByRole('link', { name: 'Startseite' }).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('shell-mobile') });
    await expectAccessible(page, 'mobile-sub-nav');

    // The menu button opens the drawer; Escape closes it.
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await sidebar.waitFor();
    expect(await page.getByRole('button', { name: 'Seitenleiste anheften' }).count()).toBe(0);
    await expectAccessible(page, 'mobile-drawer');
    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'detached' });

    // Edge swipe: from under 25 px over more than 50 px opens, a left swipe over 50 px closes.
    const swipe = (fromX: number, toX: number) => page.evaluate(([from, to]) => {
      const touch = (x: number) => new Touch({ identifier: 1, target: document.body, clientX: x, clientY: 400 });
      document.body.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(from)], changedTouches: [touch(from)], bubbles: true }));
      document.body.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [touch(to)], bubbles: true }));
    }, [fromX, toX] as const);
    await swipe(60, 200);
    await page.waitForTimeout(200);
    expect(await sidebar.count()).toBe(0);
    await swipe(10, 80);
    await sidebar.waitFor();
    await swipe(300, 200);
    await sidebar.waitFor({ state: 'detached' });
  });

  it('shows message ids in fx, reachable only with Shift on the language toggle', async () => {
    await page.goto(`${session.url}/feedback`);
    await page.getByRole('heading', { name: 'Feedback', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'English' }).click({ modifiers: ['Shift'] });
    const idNav = page.getByRole('navigation', { name: 'app.sidebar.navigation' });
    await idNav.waitFor();
    expect(await idNav.getByRole('link', { name: 'app.sidebar.start' }).isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('data-language')).toBe('fx');
    await page.screenshot({ path: screenshotPath('shell-fx') });
    // A plain choice leaves fx.
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
    expect(await page.locator('html').getAttribute('data-language')).toBeNull();
  });

  it('shows the news banner of the version info with a "mehr" expander', async () => {
    await page.route('**/v5/update/version', (route) => route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        body: {
          version: { web: '2025.4.0', android: '2025.4.0', ios: '2025.4.0' }, social: {}, conf: {},
          action: [{ type: 'banner', design: 'info', title: 'Wartung am Sonntag', text: 'Von 6 bis 7 Uhr ist Planwerk nicht erreichbar.' }],
        },
        error: null,
        status: 200,
      }),
    }));
    await page.goto(`${session.url}/`);
    const banner = page.getByRole('region', { name: 'Hinweis' });
    await banner.getByText('Wartung am Sonntag').waitFor();
    const text = banner.getByText('Von 6 bis 7 Uhr ist Planwerk nicht erreichbar.');
    expect(await text.isVisible()).toBe(false);
    await banner.getByRole('button', { name: 'mehr' }).click();
    await text.waitFor();
    await expectAccessible(page, 'news-banner');
    await banner.getByRole('button', { name: 'Ausblenden' }).click();
    await banner.waitFor({ state: 'detached' });
  });

  it('searches the user\'s teams and projects, shows start / team cut at 16 / section, and saves a theme shortcut for the next login', async () => {
    const { mail, teamLink } = await ownerWithTeamAndProject(session.url);
    await logIn(page, session.url, mail);
    await page.getByRole('button', { name: 'Suchen', exact: true }).click();
    const search = page.getByRole('dialog', { name: 'Suche' });
    await search.getByLabel('Teams und Projekte durchsuchen').fill('sommer');
    const hit = search.getByRole('link', { name: /Sommerfest am See/ });
    await hit.waitFor();
    await search.getByLabel('Teams und Projekte durchsuchen').fill('nordstadt');
    await search.getByRole('link', { name: TEAM_NAME }).click();
    await page.waitForURL((url) => url.pathname === `/team/${teamLink}`);
    const crumb = page.getByRole('navigation', { name: 'Pfad' }).getByTestId('breadcrumb-team');
    await crumb.filter({ hasText: 'Sportverein Nord...' }).waitFor();
    expect(await crumb.textContent()).toBe('Sportverein Nord...');
    // Spec section 2: the section follows the team (issue 14: it used to say only "Start").
    const crumbs = page.getByRole('navigation', { name: 'Pfad' }).getByRole('listitem');
    await page.goto(`${session.url}/manage/${teamLink}/project`);
    await page.getByRole('heading', { name: 'Projekte', level: 1 }).waitFor();
    await crumbs.nth(2).filter({ hasText: 'Projekte' }).waitFor();
    expect(await crumbs.allTextContents()).toEqual(['Start', 'Sportverein Nord...', 'Projekte']);
    // German key names (Strg, not Ctrl).
    expect(await page.locator('.top-bar__kbd').textContent()).toBe('Strg+Leertaste');

    // Ctrl+2 is saved as the user's preference (issue 14): without this device's copy the
    // next start takes it from the server.
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/v5\/user\/[^/]+\/ui$/.test(new URL(response.url()).pathname));
    await page.keyboard.press('Control+2');
    expect((await saved).status()).toBe(200);
    await page.evaluate(() => localStorage.removeItem('planwerk.preferences'));
    await page.reload();
    await page.getByRole('heading', { name: 'Projekte', level: 1 }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.keyboard.press('Control+1');
  });

  it('serves the web manifest and its icons, and registers no service worker in an automated browser', async () => {
    const manifest = await fetch(`${session.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    const body = (await manifest.json()) as { name: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; type: string }[] };
    expect(body).toMatchObject({ name: 'Planwerk', start_url: '/', display: 'standalone', theme_color: '#1f6feb' });
    expect(body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of body.icons) {
      const response = await fetch(`${session.url}${icon.src}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(icon.type);
    }
    const worker = await fetch(`${session.url}/sw.js`);
    expect(worker.headers.get('content-type')).toContain('javascript');

    await page.goto(`${session.url}/`);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    await page.waitForTimeout(500);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  });

  it('registers the service worker in a browser that is not automated and starts offline from its cache', async () => {
    // Without the automation flag navigator.webdriver is false, as for a person's browser.
    const profile = mkdtempSync(join(tmpdir(), 'pw-sw-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage', '--disable-blink-features=AutomationControlled'],
      ignoreDefaultArgs: ['--enable-automation'],
      viewport: { width: 1280, height: 800 },
      locale: 'de-DE',
    });
    try {
      const human = await context.newPage();
      await human.goto(`${session.url}/`);
      expect(await human.evaluate(() => navigator.webdriver)).toBe(false);
      const scope = await human.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe(`${session.url}/`);
      // The app shell is cached, API answers are not.
      const cached = await human.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
        return urls;
      });
      expect(cached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest']));
      expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
      expect(cached.some((path) => path.startsWith('/v5'))).toBe(false);

      await context.setOffline(true);
      await human.reload();
      await human.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
