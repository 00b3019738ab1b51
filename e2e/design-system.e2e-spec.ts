/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { screenshotPath } from './support/browser';
import { consoleApi, logIn, PASSWORD } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';
import { horizontalOverflow } from './support/layout';

jest.setTimeout(600_000);

// Issue 14, design system: the item dialog's date and time fields (react-aria) give the API its
// texts whether typed or picked, the calendar starts on Monday; the editor with the open calendar,
// the fill-rate chart and the activity chart in all four themes at 1366 and 390 px, without
// sideways overflow. Screenshots: e2e/screenshots/design/.

const { activatedAccount, sessionToken, call, headers } = consoleApi('DesignE201');

interface Fixture {
  mail: string;
  token: string;
  teamId: string;
  teamLink: string;
  projectId: string;
  link: string;
  listId: string;
  itemId: string;
}

async function makeFixture(url: string): Promise<Fixture> {
  const mail = await activatedAccount(url, 'Dora', 'Design');
  const token = await sessionToken(url, mail);
  const teamLink = `design-${Date.now() % 100000}`;
  const { teamId } = await call<{ teamId: string }>(url, 'POST', 'team', token, { name: 'Chor am See', link: teamLink, type: 'club' });
  const link = `konzert-${Date.now() % 100000}`;
  const project = `team/${teamId}/project`;
  const { projectId } = await call<{ projectId: string }>(url, 'POST', project, token, { link, name: 'Sommerkonzert', colour: 6, startDate: '2031-07-05' });
  const base = `${project}/${projectId}`;
  const { phaseId } = await call<{ phaseId: string }>(url, 'POST', `${base}/phase`, token, { name: 'Konzerttag' });
  const { listId } = await call<{ listId: string }>(url, 'POST', `${base}/phase/${phaseId}/list`, token, { name: 'Helfende', settings: { allowAnonymous: true } });
  const { itemId } = await call<{ itemId: string }>(url, 'POST', `${base}/list/${listId}/item`, token, { name: 'Kasse', capacity: 2, date: '2031-07-05', time: { from: '11:00', to: '14:00' } });
  await call(url, 'POST', `${base}/list/${listId}/item`, token, { name: 'Aufbau der Bühne', capacity: 4, date: '2031-07-05' });
  await call(url, 'PUT', `${base}/status`, token, { status: 1 });
  const signUp = (name: string) => fetch(`${url}/v5/project/${projectId}/list/${listId}/signup`, { method: 'POST', headers, body: JSON.stringify({ itemId, name }) });
  expect((await signUp('Anna')).status).toBe(201);
  return { mail, token, teamId, teamLink, projectId, link, listId, itemId };
}

const segments = (page: Page, label: string) => page.getByRole('dialog', { name: 'Eintrag bearbeiten' }).getByRole('group', { name: label }).getByRole('spinbutton');

async function openItemDialog(page: Page, url: string, fixture: Fixture): Promise<void> {
  await page.goto(`${url}/manage/${fixture.teamLink}/project/${fixture.projectId}`);
  await page.getByRole('button', { name: 'Aktionen für Eintrag Kasse' }).click();
  await page.getByRole('menuitem', { name: 'Bearbeiten' }).click();
  await segments(page, 'Datum').first().waitFor();
}

const THEMES = ['default', 'dark', 'dark-contrast', 'contrast'] as const;
const SIZES = [{ name: '1366', width: 1366, height: 900 }, { name: '390', width: 390, height: 844 }] as const;

describeWith('chromium', 'console: design system — date fields, charts and themes (Chromium against the embedded product)', () => {
  const session = useConsoleSession('e2e_design');
  let fixture: Fixture;

  beforeAll(async () => {
    fixture = await makeFixture(session.url);
  });

  it('edits an item: a day picked in the calendar (week from Monday) and typed times reach the API as its texts', async () => {
    const { page, url } = session;
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${url}/feedback`);
    await page.evaluate(() => {
      localStorage.clear();
      localStorage.setItem('planwerk.cookieConsent', '2');
    });
    await logIn(page, url, fixture.mail);
    await openItemDialog(page, url, fixture);
    expect(await segments(page, 'Datum').allTextContents()).toEqual(['05', '07', '2031']);
    expect(await segments(page, 'Von').allTextContents()).toEqual(['11', '00']);

    const dialog = page.getByRole('dialog', { name: 'Eintrag bearbeiten' });
    await dialog.getByRole('group', { name: 'Datum' }).getByRole('button').click();
    const grid = page.getByRole('grid');
    await grid.waitFor();
    // 7 July 2031 is a Monday: the first column.
    expect(await grid.getByText('7', { exact: true }).evaluate((cell) => (cell.closest('td') as HTMLTableCellElement).cellIndex)).toBe(0);
    await grid.getByText('12', { exact: true }).click();
    await grid.waitFor({ state: 'detached' });
    expect(await segments(page, 'Datum').allTextContents()).toEqual(['12', '07', '2031']);

    await segments(page, 'Von').first().click();
    await page.keyboard.type('0930');
    await segments(page, 'Bis').first().click();
    await page.keyboard.type('1245');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The project tree (the editor's read model, lists beside the phases), once the projector has the edit.
    const itemNow = async () => {
      const tree = await call<{ lists: { items: { itemId: string; date: string | null; time: { from: string; to: string } | null }[] }[] }>(
        url, 'GET', `team/${fixture.teamId}/project/${fixture.projectId}`, fixture.token,
      );
      return tree.lists.flatMap((list) => list.items).find((entry) => entry.itemId === fixture.itemId);
    };
    let item = await itemNow();
    for (let tries = 0; tries < 20 && item?.date !== '2031-07-12'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      item = await itemNow();
    }
    expect(item).toMatchObject({ date: '2031-07-12', time: { from: '09:30', to: '12:45' } });
  });

  for (const theme of THEMES) {
    it(`${theme}: the item dialog with its calendar, the fill-rate chart and the activity chart fit 1366 and 390 px`, async () => {
      const { page, url } = session;
      await page.goto(`${url}/feedback`);
      await page.evaluate((chosen) => {
        localStorage.clear();
        localStorage.setItem('planwerk.cookieConsent', '2');
        localStorage.setItem('planwerk.preferences', JSON.stringify({ theme: chosen }));
      }, theme);
      // The account's design setting follows the person: saved before the login that loads it.
      await saveTheme(url, fixture.mail, theme);
      await logIn(page, url, fixture.mail);
      const problems: string[] = [];
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        const check = async (label: string) => {
          const shown = await page.evaluate(() => document.documentElement.dataset.theme ?? '');
          if (shown !== theme) problems.push(`${label}: theme is "${shown}"`);
          const overflow = await horizontalOverflow(page);
          if (overflow.scroll > overflow.client || overflow.out.length > 0) problems.push(`${label}: ${overflow.scroll} px in ${overflow.client} px: ${overflow.out.join('; ')}`);
          await page.screenshot({ path: screenshotPath(`design/${label}-${size.name}-${theme}`), fullPage: true });
        };

        await openItemDialog(page, url, fixture);
        await page.getByRole('dialog', { name: 'Eintrag bearbeiten' }).getByRole('group', { name: 'Datum' }).getByRole('button').click();
        await page.getByRole('grid').waitFor();
        await check('item-dialog-calendar');
        await page.keyboard.press('Escape');

        await page.goto(`${url}/${fixture.link}/info/analyze`);
        await page.getByTestId('fill-chart').getByRole('img', { name: /Auslastung der Listen/ }).waitFor();
        await page.locator('[data-testid="fill-chart"] canvas').waitFor();
        await check('chart-fill-rate');

        await page.goto(`${url}/manage/${fixture.teamLink}/activity`);
        await page.getByTestId('activity-chart').getByRole('img', { name: /Aktivität pro Tag/ }).waitFor();
        await page.locator('[data-testid="activity-chart"] canvas').waitFor();
        await page.getByTestId('activity-chart').getByText('Werte als Tabelle').click();
        await check('chart-activity');
      }
      expect(problems).toEqual([]);
    });
  }
});

async function saveTheme(url: string, mail: string, theme: string): Promise<void> {
  const login = await fetch(`${url}/v5/auth`, { method: 'PUT', headers, body: JSON.stringify({ mail, pass: PASSWORD, device: 'DesignE201' }) });
  const { token, user } = ((await login.json()) as { body: { token: string; user: { uid: string } } }).body;
  await call(url, 'PUT', `user/${user.uid}/ui`, token, { mode: 'settings', data: { theme } });
}
