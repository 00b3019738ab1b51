/// <reference lib="dom" />
import { copyFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { Pool } from 'pg';
import { startPlanwerk, type RunningPlanwerk } from '@planwerk/embedded';
import { setMaintenance } from '@planwerk/platform';
import { describeWith } from '../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../scripts/testing/database';
import { expectAccessible } from './support/axe';
import { ensureConsoleBuilt, launchBrowser, screenshotPath, type Browser } from './support/browser';
import { consoleApi, logIn } from './support/console-accounts';
import { expectNoHorizontalOverflow } from './support/layout';

jest.setTimeout(300_000);

// The rest of the shell and settings (issue 14): this device, the signed-in devices, backups,
// create, the team's areas — each at 1366 and 390 px without horizontal overflow — and the
// maintenance switch: the console shows the maintenance screen while the API answers 6950 and
// comes back by itself when the operator turns it off.

const { activatedAccount, sessionToken, call } = consoleApi('SettingsE1');

async function shoot(page: Page, name: string): Promise<void> {
  await expectNoHorizontalOverflow(page, name);
  await page.locator('#boot-loader').waitFor({ state: 'detached' });
  const path = screenshotPath(name);
  await page.screenshot({ path, fullPage: true });
  copyFileSync(path, `/tmp/${name}.png`);
}

async function bothWidths(page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 900 });
  await ready();
  await shoot(page, `${name}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  await ready();
  await shoot(page, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 900 });
}

describeWith('chromium', 'console: settings, create, team areas and maintenance (Chromium against the embedded product)', () => {
  let database: TestDatabase;
  let planwerk: RunningPlanwerk;
  let browser: Browser;
  let pool: Pool;

  beforeAll(async () => {
    ensureConsoleBuilt();
    database = await createTestDatabase('e2e_settings_shell');
    planwerk = await startPlanwerk({ port: 0, host: '127.0.0.1', databaseUrl: database.url });
    browser = await launchBrowser();
    pool = new Pool({ connectionString: database.url, max: 2 });
    pool.on('error', () => undefined);
  });

  afterAll(async () => {
    await pool?.end();
    await browser?.close();
    await planwerk?.stop();
    await database?.drop();
  });

  it('walks the new settings, create and the team areas at 1366 and 390 px, and survives maintenance', async () => {
    const page = await browser.context.newPage();
    // A failure leaves the screen it failed on beside the others.
    const failed = (error: unknown) => page.screenshot({ path: screenshotPath('settings-shell-failure'), fullPage: true }).catch(() => undefined).then(() => { throw error; });
    await walk(page).catch(failed);
  });

  async function walk(page: Page): Promise<void> {
    const url = planwerk.url;
    const mail = await activatedAccount(url, 'Ada', 'Lovelace');
    // A second device: a session of its own, signed in through the API.
    const otherDevice = await sessionToken(url, mail);
    const teamLink = `chor-${Date.now() % 100000}`;
    const { teamId } = await call<{ teamId: string }>(url, 'POST', 'team', otherDevice, { name: 'Kirchenchor St. Martin', link: teamLink, type: 'club' });
    await call(url, 'POST', `team/${teamId}/project`, otherDevice, { link: `probe-${Date.now() % 100000}`, name: 'Probenplan', colour: 2 });

    await page.setViewportSize({ width: 1366, height: 900 });
    await logIn(page, url, mail);
    const banner = page.getByTestId('cookie-banner');
    if (await banner.count() > 0) await banner.getByRole('button', { name: 'Nur notwendige' }).click();

    // This device.
    await page.goto(`${url}/settings/device`);
    await page.getByRole('heading', { name: 'Dieses Gerät', level: 2 }).waitFor();
    expect(await page.getByRole('radio', { name: 'Nur notwendige Cookies' }).isChecked()).toBe(true);
    await page.getByText('Hier sind keine Einträge als Gast gespeichert.').waitFor();
    await bothWidths(page, 'settings-device', () => page.getByRole('heading', { name: 'App' }).waitFor());
    await expectAccessible(page, 'settings-device');

    // The signed-in devices: this one and the API's; sign the other one out.
    await page.getByRole('navigation', { name: 'Bereiche der Einstellungen' }).getByRole('link', { name: 'Geräte' }).click();
    const devices = page.getByRole('list', { name: 'Angemeldete Geräte' });
    await devices.getByText('Dieses Gerät').waitFor();
    expect(await devices.getByRole('listitem').count()).toBe(2);
    await bothWidths(page, 'settings-auth', () => devices.waitFor());
    await expectAccessible(page, 'settings-auth');
    await page.getByRole('button', { name: 'Alle anderen Geräte abmelden' }).click();
    await page.getByText('Nur dieses Gerät ist angemeldet.').waitFor();
    expect(await devices.getByRole('listitem').count()).toBe(1);
    const ended = await fetch(`${url}/v5/user/sessions`, { headers: { 'x-device-id': 'SettingsE1', 'x-api-version': '5.0.1', authorization: otherDevice } });
    expect((await ended.json() as { error: { intern: number } }).error.intern).toBe(6011);

    // Backups: the personal export and the team's restore points.
    await page.goto(`${url}/settings/backup`);
    const teamBackups = page.getByRole('link', { name: 'Sicherungen von Kirchenchor St. Martin' });
    await teamBackups.waitFor();
    expect(await teamBackups.getAttribute('href')).toBe(`/manage/${teamLink}/backup`);
    await bothWidths(page, 'settings-backup', () => teamBackups.waitFor());
    await expectAccessible(page, 'settings-backup');

    // Create: the three ways, then a new project straight into its editor.
    await page.goto(`${url}/create`);
    const choices = page.getByRole('list', { name: 'Möglichkeiten' });
    await choices.waitFor();
    await bothWidths(page, 'create', () => choices.waitFor());
    await expectAccessible(page, 'create');
    await choices.getByRole('link', { name: /Neues Projekt/ }).click();
    await page.getByLabel('Name des Projekts').fill('Sommerkonzert');
    await page.getByRole('button', { name: 'Projekt erstellen' }).click();
    await page.waitForURL(new RegExp(`/manage/${teamLink}/project/[0-9a-f-]{36}$`));

    // The team's areas with counts.
    // The project just created reaches the read model a moment later: look again until it counts.
    const areas = page.getByRole('list', { name: 'Bereiche des Teams' });
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await page.goto(`${url}/team/${teamLink}/apps`);
      await areas.getByText(/^\d+ Projekte?$/).waitFor();
      if (await areas.getByText('2 Projekte').count() > 0) break;
      await page.waitForTimeout(500);
    }
    await areas.getByText('2 Projekte').waitFor();
    await areas.getByText('1 Mitglied').waitFor();
    expect(await areas.getByRole('link').count()).toBe(6);
    await bothWidths(page, 'team-apps', () => areas.getByText('2 Projekte').waitFor());
    await expectAccessible(page, 'team-apps');

    // Maintenance: the operator turns it on; the next call shows the screen, health answers.
    await setMaintenance(pool, true);
    try {
      let answered = 0;
      for (let i = 0; i < 40 && answered !== 503; i += 1) {
        answered = (await fetch(`${url}/v5/update/version`)).status;
        if (answered !== 503) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(answered).toBe(503);
      expect((await fetch(`${url}/health/live`)).status).toBe(200);
      await page.reload();
      const screen = page.getByRole('alertdialog', { name: 'Wartungsarbeiten' });
      await screen.waitFor();
      await screen.getByText('Planwerk wird gerade gewartet. Bitte versuche es in ein paar Minuten erneut.').waitFor();
      await bothWidths(page, 'maintenance', () => screen.waitFor());
      await expectAccessible(page, 'maintenance');
      // Still on: asking again keeps the screen.
      await screen.getByRole('button', { name: 'Jetzt erneut versuchen' }).click();
      await screen.getByRole('button', { name: 'Jetzt erneut versuchen' }).waitFor();
    } finally {
      await setMaintenance(pool, false);
    }
    // Off: within the services' 2 s the API answers, and the console comes back where it was.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await page.getByRole('button', { name: 'Jetzt erneut versuchen' }).click();
    await page.getByRole('alertdialog', { name: 'Wartungsarbeiten' }).waitFor({ state: 'detached' });
    await areas.getByText('2 Projekte').waitFor();
    // Still signed in: maintenance signs nobody out.
    await page.getByText('Angemeldet als Ada Lovelace').waitFor();
    await page.close();
  }
});
