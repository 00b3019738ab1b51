/// <reference lib="dom" />
import { copyFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { screenshotPath } from './support/browser';
import { consoleApi, logIn } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';

jest.setTimeout(240_000);

// Home and "my sign-ups" as people use them (issue 14): the organiser sees an application and
// what changed in her project; the helper sees his next sign-up and, on /task, every sign-up
// with its receipts (moved from the waitlist, cancelled). At 1366 and 390 px without overflow.

const { headers, activatedAccount, sessionToken } = consoleApi('HomeE2e001');

async function call(url: string, session: string, method: 'POST' | 'PUT' | 'DELETE', path: string, body?: object): Promise<Record<string, string>> {
  // Without a body, no JSON content type: an empty JSON body is refused as malformed.
  const { 'content-type': _json, ...bare } = headers;
  const response = await fetch(`${url}${path}`, body === undefined
    ? { method, headers: { ...bare, authorization: session } }
    : { method, headers: { ...headers, authorization: session }, body: JSON.stringify(body) });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (JSON.parse(text) as { body: Record<string, string> }).body;
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function shoot(page: Page, name: string): Promise<void> {
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  // The start-up loader leaves 150 ms after the console is ready (spec section 4).
  await page.locator('#boot-loader').waitFor({ state: 'detached' });
  const path = screenshotPath(name);
  await page.screenshot({ path, fullPage: true });
  // A copy where a reviewer looks first.
  copyFileSync(path, `/tmp/${name}.png`);
}

// The cookie question comes on a first visit; these screens are looked at without it.
async function answerCookies(page: Page): Promise<void> {
  const banner = page.getByTestId('cookie-banner');
  if (await banner.count() > 0) await banner.getByRole('button', { name: 'Nur notwendige' }).click();
}

describeWith('chromium', 'console: home and my sign-ups (Chromium against the embedded product)', () => {
  const session = useConsoleSession('e2e_home');

  it('shows the organiser what needs her and the helper his sign-ups with receipts, at 1366 and 390 px', async () => {
    const { url, page } = session;
    const lenaMail = await activatedAccount(url, 'Lena', 'Lerche');
    const maxMail = await activatedAccount(url, 'Max', 'Muster');
    const lena = await sessionToken(url, lenaMail);
    const max = await sessionToken(url, maxMail);
    const teamLink = `foerderverein-${Date.now() % 100000}`;
    const { teamId } = await call(url, lena, 'POST', '/v5/team', { name: 'Förderverein Grundschule', link: teamLink, type: 'club' });
    const projectLink = `sommerfest-${Date.now() % 100000}`;
    const { projectId } = await call(url, lena, 'POST', `/v5/team/${teamId}/project`, { link: projectLink, name: 'Sommerfest', colour: 1, startDate: '2099-07-04' });
    const base = `/v5/team/${teamId}/project/${projectId}`;
    const { phaseId } = await call(url, lena, 'POST', `${base}/phase`, { name: 'Festtag' });
    const { listId } = await call(url, lena, 'POST', `${base}/phase/${phaseId}/list`, { name: 'Helferdienste', settings: { allowAnonymous: true, waitlist: true } });
    const item = async (name: string, date: string, from: string, to: string, capacity: number) =>
      (await call(url, lena, 'POST', `${base}/list/${listId}/item`, { name, capacity, date, time: { from, to } })).itemId;
    const grill = await item('Grillstand', '2099-07-04', '14:00', '16:00', 1);
    const cake = await item('Kuchenbuffet', '2099-07-04', '10:00', '12:00', 4);
    const setup = await item('Aufbau', '2099-07-03', '17:00', '19:00', 6);
    await call(url, lena, 'PUT', `${base}/status`, { status: 1 });
    const signups = `/v5/project/${projectId}/list/${listId}/signup`;

    // Bert takes the grill's one place, Max waits and moves up when Bert's place is freed.
    const bert = await call(url, lena, 'POST', signups, { itemId: grill, name: 'Bert Beispiel' });
    await call(url, max, 'POST', signups, { itemId: grill });
    await call(url, lena, 'DELETE', `${signups}/${bert.signupId}`);
    await call(url, max, 'POST', signups, { itemId: setup });
    const cakeSignup = await call(url, max, 'POST', signups, { itemId: cake });
    const { checkpoint } = await call(url, max, 'DELETE', `${signups}/${cakeSignup.signupId}`);
    await call(url, max, 'POST', `/v5/team/${teamId}/applications`);

    // The helper: his next sign-ups on home; no team yet, so the way to one.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${url}/feedback`);
    await page.evaluate('localStorage.clear()');
    await logIn(page, url, maxMail);
    await answerCookies(page);
    await page.goto(`${url}/?minCheckpoint=${encodeURIComponent(checkpoint)}`);
    const next = page.getByRole('region', { name: 'Als Nächstes' });
    await next.getByRole('link', { name: 'Aufbau' }).waitFor();
    expect(await next.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Aufbau'), expect.stringContaining('Grillstand'),
    ]);
    await page.getByRole('heading', { name: 'Noch kein Team' }).waitFor();
    await shoot(page, 'home-helper-1366');
    await expectAccessible(page, 'home-helper');

    // His sign-ups with their receipts.
    await next.getByRole('link', { name: 'Alle meine Einträge' }).click();
    await page.getByRole('heading', { name: 'Meine Einträge', level: 1 }).waitFor();
    const grillCard = page.getByRole('region', { name: 'Demnächst' }).getByRole('article', { name: 'Grillstand' });
    await grillCard.getByText(/Von der Warteliste nachgerückt am/).waitFor();
    expect(await grillCard.getByRole('link', { name: 'Ändern oder absagen' }).getAttribute('href')).toBe(`/${projectLink}`);
    await page.getByRole('region', { name: 'Abgesagt' }).getByRole('article', { name: 'Kuchenbuffet' }).getByText(/Abgesagt am/).waitFor();
    await shoot(page, 'mysignups-1366');
    await expectAccessible(page, 'my-signups');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await grillCard.waitFor();
    await shoot(page, 'mysignups-390');
    await page.goto(`${url}/`);
    await next.getByRole('link', { name: 'Aufbau' }).waitFor();
    await shoot(page, 'home-helper-390');

    // The organiser: Max's application and what changed in her project since she last looked.
    await page.evaluate('localStorage.clear()');
    await page.setViewportSize({ width: 1366, height: 900 });
    await logIn(page, url, lenaMail);
    await answerCookies(page);
    await page.goto(`${url}/`);
    const needs = page.getByRole('list', { name: 'Wartet auf dich' });
    await needs.getByText('1 Person möchte Förderverein Grundschule beitreten.').waitFor();
    expect(await needs.getByRole('link', { name: 'Anträge ansehen' }).getAttribute('href')).toBe(`/team/${teamLink}/user`);
    const projects = page.getByRole('region', { name: 'Neu in deinen Projekten' });
    await projects.getByRole('listitem').filter({ hasText: 'Sommerfest' }).getByText(/neue Änderung/).waitFor();
    await page.getByRole('region', { name: 'Meine Teams' }).getByRole('link', { name: 'Förderverein Grundschule' }).waitFor();
    await shoot(page, 'home-1366');
    await expectAccessible(page, 'home-organiser');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await needs.getByText(/möchte/).waitFor();
    await projects.getByText(/neue Änderung/).waitFor();
    await shoot(page, 'home-390');
  });
});
