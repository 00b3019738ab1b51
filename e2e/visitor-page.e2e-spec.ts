/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { launchBrowser, screenshotPath, type Browser } from './support/browser';
import { consoleApi } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';
import { expectNoHorizontalOverflow } from './support/layout';

jest.setTimeout(240_000);

const { headers, activatedAccount, sessionToken, call } = consoleApi('VisiE2e001');

const SIZES = [{ name: '390', width: 390, height: 844 }, { name: '1366', width: 1366, height: 900 }] as const;
const THEMES = [{ name: 'light', theme: 'default' }, { name: 'dark', theme: 'dark' }] as const;

/** An anonymous sign-up through the API (another visitor's). */
async function signUp(url: string, projectId: string, listId: string, itemId: string, name: string): Promise<void> {
  const response = await fetch(`${url}/v5/project/${projectId}/list/${listId}/signup`, { method: 'POST', headers, body: JSON.stringify({ itemId, name }) });
  expect(response.status).toBe(201);
}

/** Visible buttons and links of the page lower than 44 px (touch targets), with their text. */
async function smallTargets(page: Page): Promise<string[]> {
  const small: string[] = [];
  for (const target of await page.locator('.visitor-page button, .visitor-page a').all()) {
    const box = await target.boundingBox();
    if (box !== null && box.height < 44) small.push(`${(await target.textContent()) ?? ''}: ${Math.round(box.height)} px`);
  }
  return small;
}

// The visitor's page of issue 14, as a visitor sees it on a phone and on a laptop, light and
// dark: the team's mark, the project's date, place and description, the sign-up windows in words, a
// full item with and without a waitlist and the remaining places; no console chrome.
describeWith('chromium', "console: the visitor's page (Chromium against the embedded product)", () => {
  const session = useConsoleSession('e2e_visitor');
  let visitor: Browser | undefined;

  afterAll(async () => {
    await visitor?.close();
  });

  it('reads well at 390 and 1366 px, light and dark, with a full item and a waitlist item', async () => {
    const { url } = session;
    const owner = await sessionToken(url, await activatedAccount(url, 'Vera', 'Verein'));
    const { teamId } = await call<{ teamId: string }>(url, 'POST', 'team', owner, { name: 'Sportverein Ulm', link: `sv-ulm-${Date.now() % 100000}`, type: 'club' });
    const project = `team/${teamId}/project`;
    const { projectId } = await call<{ projectId: string }>(url, 'POST', project, owner, {
      link: 'sommerfest-2031', name: 'Sommerfest 2031', colour: 3, startDate: '2031-07-05',
      settings: { description: 'Unser Vereinsfest auf dem Sportgelände. Wer mithilft, isst umsonst.', place: 'Sportgelände am Wald, Lindenweg 3, Ulm' },
    });
    const base = `${project}/${projectId}`;
    const { phaseId } = await call<{ phaseId: string }>(url, 'POST', `${base}/phase`, owner, { name: 'Am Festtag' });
    const helpers = await call<{ listId: string }>(url, 'POST', `${base}/phase/${phaseId}/list`, owner, {
      name: 'Helferinnen und Helfer', description: 'Bitte eine Viertelstunde vorher da sein.',
      window: { opensAt: null, closesAt: '2031-07-04T18:00:00.000Z', endsAt: null }, settings: { waitlist: true, allowAnonymous: true },
    });
    const cash = await call<{ listId: string }>(url, 'POST', `${base}/phase/${phaseId}/list`, owner, { name: 'Kasse', settings: { waitlist: false, allowAnonymous: true } });
    const later = await call<{ listId: string }>(url, 'POST', `${base}/phase/${phaseId}/list`, owner, {
      name: 'Abbau', window: { opensAt: '2031-06-01T08:00:00.000Z', closesAt: null, endsAt: null }, settings: { allowAnonymous: true },
    });
    const item = (listId: string, body: object) => call<{ itemId: string }>(url, 'POST', `${base}/list/${listId}/item`, owner, body);
    const grill = await item(helpers.listId, { name: 'Grill', capacity: 1, date: '2031-07-05', time: { from: '11:00', to: '14:00' }, description: 'Würstchen und Gemüse' });
    const drinks = await item(helpers.listId, { name: 'Getränkestand', capacity: 4, date: '2031-07-05', time: { from: '14:00', to: '18:00' } });
    const till = await item(cash.listId, { name: 'Kassendienst', capacity: 1 });
    await item(later.listId, { name: 'Zelte abbauen', capacity: 6 });
    await call(url, 'PUT', `${base}/status`, owner, { status: 1 });
    await signUp(url, projectId, helpers.listId, grill.itemId, 'Anna');
    await signUp(url, projectId, helpers.listId, grill.itemId, 'Bert');
    await signUp(url, projectId, helpers.listId, drinks.itemId, 'Clara');
    await signUp(url, projectId, cash.listId, till.itemId, 'Dora');

    visitor = await launchBrowser();
    const page = await visitor.context.newPage();
    await page.goto(`${url}/feedback`);
    await page.evaluate("localStorage.setItem('planwerk.cookieConsent', '2')");
    for (const { name: theme, theme: value } of THEMES) {
      await page.evaluate((chosen) => localStorage.setItem('planwerk.preferences', JSON.stringify({ theme: chosen })), value);
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto(`${url}/sommerfest-2031`);
        await page.getByRole('heading', { name: 'Sommerfest 2031', level: 1 }).waitFor();
        await page.waitForFunction((chosen) => document.documentElement.dataset.theme === chosen, value);
        const grillCard = page.getByTestId('public-item').filter({ hasText: 'Grill' });
        await grillCard.getByRole('button', { name: 'Grill: Voll — auf die Warteliste?' }).filter({ hasText: 'Voll — auf die Warteliste?' }).waitFor();
        const label = `visitor-${size.name}-${theme}`;
        await page.screenshot({ path: screenshotPath(label), fullPage: true });
        await expectNoHorizontalOverflow(page, label);
        if (size.name === '390') expect(await smallTargets(page)).toEqual([]);
        await expectAccessible(page, label);
      }
    }

    // What a visitor reads: who invites, when, what; the windows in words; the places.
    await page.getByText('SU', { exact: true }).waitFor();
    await page.getByText('Sportverein Ulm', { exact: true }).waitFor();
    await page.getByText('Samstag, 5. Juli 2031').waitFor();
    await page.getByText('Unser Vereinsfest auf dem Sportgelände. Wer mithilft, isst umsonst.').waitFor();
    expect(await page.locator('.visitor-head__place').innerText()).toContain('Sportgelände am Wald, Lindenweg 3, Ulm');
    await page.getByTestId('public-list').filter({ hasText: 'Helferinnen' }).getByTestId('window-note').filter({ hasText: /^Eintragung offen bis Fr\., 4\. Juli 2031/ }).waitFor();
    await page.getByTestId('public-list').filter({ hasText: 'Abbau' }).getByTestId('window-note').filter({ hasText: /^Eintragung ab So\., 1\. Juni 2031/ }).waitFor();
    const grillCard = page.getByTestId('public-item').filter({ hasText: 'Grill' });
    await grillCard.getByTestId('item-places').filter({ hasText: 'Der Platz ist vergeben · 1 auf der Warteliste' }).waitFor();
    await page.getByTestId('public-item').filter({ hasText: 'Getränkestand' }).getByTestId('item-places').filter({ hasText: 'Noch 3 Plätze frei' }).waitFor();
    const tillCard = page.getByTestId('public-item').filter({ hasText: 'Kassendienst' });
    expect(await tillCard.getByRole('button').count()).toBe(1);
    expect(await tillCard.getByRole('button', { name: 'Kassendienst ist voll' }).isDisabled()).toBe(true);
    // No console chrome for visitors.
    expect(await page.getByRole('navigation', { name: 'Hauptnavigation' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Zur Konsole' }).count()).toBe(0);
  });
});
