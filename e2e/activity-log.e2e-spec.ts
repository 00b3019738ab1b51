/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { screenshotPath } from './support/browser';
import { consoleApi, logIn } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';

jest.setTimeout(240_000);

// The activity log as an auditor reads it (issue 14): sentences with names in the reader's
// language, grouped by day, ids behind "Details", the person filter by name; at desktop and
// phone width without horizontal overflow.

const { headers, activatedAccount, sessionToken } = consoleApi('ActE2e0001');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ACTION_KEY = /\b[a-z]+\.[a-z][A-Za-z]+\b/;

async function call(url: string, session: string, method: 'POST' | 'PUT', path: string, body: object): Promise<Record<string, string>> {
  const response = await fetch(`${url}${path}`, { method, headers: { ...headers, authorization: session }, body: JSON.stringify(body) });
  expect({ path, status: response.status }).toEqual({ path, status: response.status < 300 ? response.status : 200 });
  return ((await response.json()) as { body: Record<string, string> }).body;
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describeWith('chromium', 'console: the activity log in sentences (Chromium against the embedded product)', () => {
  const session = useConsoleSession('e2e_activity');

  it('reads as sentences with names, by day, ids behind Details, filtered by a person picked by name, at 1366 and 390 px', async () => {
    const { url, page } = session;
    const mail = await activatedAccount(url, 'Lena', 'Lerche');
    const owner = await sessionToken(url, mail);
    const teamLink = `foerderverein-${Date.now() % 100000}`;
    const { teamId } = await call(url, owner, 'POST', '/v5/team', { name: 'Förderverein', link: teamLink, type: 'club' });
    const { projectId } = await call(url, owner, 'POST', `/v5/team/${teamId}/project`, { link: `fest-${Date.now() % 100000}`, name: 'Sommerfest', colour: 1, startDate: '2026-07-04' });
    const base = `/v5/team/${teamId}/project/${projectId}`;
    const { phaseId } = await call(url, owner, 'POST', `${base}/phase`, { name: 'Aufbau' });
    const { listId } = await call(url, owner, 'POST', `${base}/phase/${phaseId}/list`, { name: 'Helfer', settings: { allowAnonymous: true, waitlist: true } });
    const { itemId } = await call(url, owner, 'POST', `${base}/list/${listId}/item`, { name: 'Grill', capacity: 2, date: '2026-07-04', time: { from: '10:00', to: '14:00' } });
    await call(url, owner, 'PUT', `${base}/list/${listId}/item/${itemId}`, { capacity: 3 });
    await call(url, owner, 'PUT', base, { colour: 4 });
    await call(url, owner, 'PUT', `${base}/status`, { status: 1 });
    const { checkpoint } = await call(url, owner, 'POST', `/v5/project/${projectId}/list/${listId}/signup`, { itemId, name: 'Bert Beispiel' });

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${url}/feedback`);
    await page.evaluate('localStorage.clear()');
    await logIn(page, url, mail);
    await page.goto(`${url}/manage/${teamLink}/activity?minCheckpoint=${encodeURIComponent(checkpoint)}`);
    const log = page.getByRole('region', { name: 'Aktivitäten, neueste zuerst' });
    await log.getByRole('heading', { name: 'Heute', level: 2 }).waitFor();
    const entries = log.getByTestId('activity-entry');
    await entries.filter({ hasText: 'Lena Lerche hat jemanden für „Grill“ eingetragen' }).waitFor();
    await entries.filter({ hasText: 'Lena Lerche hat den Status des Projekts „Sommerfest“ von Planung auf Aktiv geändert' }).waitFor();
    await entries.filter({ hasText: 'Lena Lerche hat in der Liste „Helfer“ den Eintrag „Grill“ bearbeitet' }).filter({ hasText: 'Plätze: 2 → 3' }).waitFor();
    await entries.filter({ hasText: 'Lena Lerche hat das Projekt „Sommerfest“ bearbeitet' }).filter({ hasText: 'Farbe: Grün → Rot' }).waitFor();
    await entries.filter({ hasText: 'Lena Lerche hat die Liste „Helfer“ angelegt' }).waitFor();
    const shown = (await log.innerText()).replace(/\s+/g, ' ');
    expect(shown).not.toMatch(UUID);
    expect(shown).not.toMatch(ACTION_KEY);
    expect(shown).not.toMatch(/[{}[\]]/);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screenshotPath('activity-de-1366'), fullPage: true });
    await expectAccessible(page, 'activity-sentences');

    // The object's name leads to the project editor.
    expect(await entries.filter({ hasText: 'den Status des Projekts' }).getByRole('link', { name: '„Sommerfest“' }).getAttribute('href'))
      .toBe(`/manage/${teamLink}/project/${projectId}`);

    // Details show the ids and raw fields of one entry.
    const signup = entries.filter({ hasText: 'hat jemanden für „Grill“ eingetragen' });
    await signup.getByRole('button', { name: 'Details' }).click();
    const details = signup.getByLabel('Technische Angaben');
    await details.getByText('SignUpAdded').waitFor();
    expect(await details.innerText()).toContain(itemId);

    // The person filter takes a name from the people in the log.
    const person = page.getByRole('combobox', { name: 'Person' });
    await person.fill('Lena Lerche');
    await page.waitForURL(/[?&]person=/);
    expect(new URL(page.url()).searchParams.get('person')).toMatch(UUID);
    await entries.first().waitFor();
    await page.waitForFunction((name) => (document.getElementById('activity-person') as HTMLInputElement | null)?.value === name, 'Lena Lerche', { timeout: 5_000 });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${url}/manage/${teamLink}/activity`);
    await log.getByRole('heading', { name: 'Heute', level: 2 }).waitFor();
    await entries.first().getByRole('button', { name: 'Details' }).click();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screenshotPath('activity-de-390'), fullPage: true });
    const top = await log.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    await page.screenshot({ path: screenshotPath('activity-de-390-entries'), fullPage: true, clip: { x: 0, y: top - 16, width: 390, height: 1100 } });

    // In English, the same log in English sentences.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('group', { name: 'Sprache' }).getByRole('button', { name: 'English' }).click();
    const english = page.getByRole('region', { name: 'Activities, newest first' });
    await english.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
    await english.getByTestId('activity-entry').filter({ hasText: 'Lena Lerche changed the status of the project “Sommerfest” from Planning to Active' }).waitFor();
    await page.screenshot({ path: screenshotPath('activity-en-1366'), fullPage: true });
  });
});
