import type { Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { launchBrowser, screenshotPath, type Browser } from './support/browser';
import { consoleApi, logIn } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';

jest.setTimeout(240_000);

// Live updates in the console (ADR 0009): two visitors in browsers of their own look at the same
// public project and the owner has its editor open. A sign-up and a cancel made in one browser
// show in the others over the realtime socket, without a reload and well before the 30 s the
// screens used to poll.

const { activatedAccount, sessionToken, call } = consoleApi('LiveE2e001');
/** How long a change made elsewhere may take to show (a push, not a poll). */
const LIVE_WAIT_MS = 8_000;

interface Setup {
  mail: string;
  teamLink: string;
  projectId: string;
  link: string;
}

/** An activated owner, a team and a released project with one item of three places (through the API). */
async function releasedProject(url: string): Promise<Setup> {
  const mail = await activatedAccount(url, 'Lena', 'Live');
  const token = await sessionToken(url, mail);

  const teamLink = `live-verein-${Date.now() % 100000}`;
  const { teamId } = await call<{ teamId: string }>(url, 'POST', 'team', token, { name: 'Liveverein', link: teamLink, type: 'club' });
  const link = `sommerfest-live-${Date.now() % 100000}`;
  const { projectId } = await call<{ projectId: string }>(url, 'POST', `team/${teamId}/project`, token, { link, name: 'Sommerfest', colour: 3 });
  const project = `team/${teamId}/project/${projectId}`;
  const { phaseId } = await call<{ phaseId: string }>(url, 'POST', `${project}/phase`, token, { name: 'Aufbau' });
  const { listId } = await call<{ listId: string }>(url, 'POST', `${project}/phase/${phaseId}/list`, token, { name: 'Helfer', settings: { allowAnonymous: true } });
  await call(url, 'POST', `${project}/list/${listId}/item`, token, { name: 'Grill', capacity: 3 });
  await call(url, 'PUT', `${project}/status`, token, { status: 1 });
  return { mail, teamLink, projectId, link };
}

/** A visitor's page on the public project, with its realtime socket counted. */
async function openProject(browser: Browser, url: string, link: string): Promise<{ page: Page; sockets: string[] }> {
  const page = await browser.context.newPage();
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await page.goto(`${url}/${link}`);
  await page.getByRole('heading', { name: 'Sommerfest', level: 1 }).waitFor();
  await page.getByTestId('public-item').filter({ hasText: 'Grill' }).filter({ hasText: '3 Plätze frei' }).waitFor();
  return { page, sockets };
}

/** Marks the loaded document; `stillSameDocument` fails if the page was reloaded or left since. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveMarker: string }).liveMarker = 'loaded once';
  });
}

async function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker === 'loaded once');
}

describeWith('chromium', 'console: live updates (Chromium against the embedded product)', () => {
  const visitors: Browser[] = [];
  // Declared before the session's hooks so it runs first: the visitors' open sockets must be
  // gone before the product stops (an upgraded socket keeps the gateway from closing).
  afterAll(async () => {
    for (const visitor of visitors) await visitor.close();
  });
  const session = useConsoleSession('e2e_live');

  it('a sign-up and a cancel in one browser show in another and in the owner\'s editor without a reload', async () => {
    const { url } = session;
    const owner = session.page;
    const { mail, teamLink, projectId, link } = await releasedProject(url);

    // The owner's editor.
    await owner.goto(`${url}/feedback`);
    await owner.evaluate('localStorage.clear()');
    await logIn(owner, url, mail);
    await owner.goto(`${url}/manage/${teamLink}/project/${projectId}`);
    await owner.getByRole('heading', { name: 'Sommerfest', level: 1 }).waitFor();
    const ownerItem = owner.getByTestId('item').filter({ hasText: 'Grill' });
    await ownerItem.filter({ hasText: '0 / 3 belegt' }).waitFor();

    // Two visitors, each in a browser of their own, on the same public project.
    const anna = await launchBrowser();
    visitors.push(anna);
    const bert = await launchBrowser();
    visitors.push(bert);
    const annaView = await openProject(anna, url, link);
    const bertView = await openProject(bert, url, link);
    const bertPage = bertView.page;
    expect(bertView.sockets.some((socket) => socket.includes('/v5/ws?channel=main'))).toBe(true);
    await markDocument(bertPage);
    await markDocument(owner);

    // Anna signs up.
    const annaPage = annaView.page;
    await annaPage.getByRole('button', { name: 'Für Grill eintragen' }).click();
    const dialog = annaPage.getByRole('dialog', { name: 'Eintragen: Grill' });
    await dialog.getByLabel('Dein Name').fill('Anna');
    await dialog.getByRole('button', { name: 'Eintragen', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await annaPage.getByTestId('own-signup').getByTestId('own-signup-status').filter({ hasText: 'Eingetragen' }).waitFor();

    // Bert sees it without a reload: one place fewer and Anna's name.
    const bertItem = bertPage.getByTestId('public-item').filter({ hasText: 'Grill' });
    await bertItem.filter({ hasText: '2 Plätze frei' }).waitFor({ timeout: LIVE_WAIT_MS });
    await bertItem.getByRole('list', { name: 'Eingetragen' }).getByText('Anna').waitFor({ timeout: LIVE_WAIT_MS });
    // The owner's editor shows the new count without a reload.
    await ownerItem.filter({ hasText: '1 / 3 belegt' }).waitFor({ timeout: LIVE_WAIT_MS });
    await bertPage.screenshot({ path: screenshotPath('live-other-visitor-sees-signup'), fullPage: true });
    await owner.screenshot({ path: screenshotPath('live-editor-count'), fullPage: true });

    // Anna cancels; Bert and the owner see that too.
    await annaPage.getByTestId('own-signup').getByRole('button', { name: 'Austragen' }).click();
    await annaPage.getByRole('dialog', { name: 'Austragen' }).getByRole('button', { name: 'Austragen' }).click();
    await annaPage.getByText('Du bist ausgetragen.').waitFor();
    await bertItem.filter({ hasText: '3 Plätze frei' }).waitFor({ timeout: LIVE_WAIT_MS });
    await bertItem.getByRole('list', { name: 'Eingetragen' }).waitFor({ state: 'detached', timeout: LIVE_WAIT_MS });
    await ownerItem.filter({ hasText: '0 / 3 belegt' }).waitFor({ timeout: LIVE_WAIT_MS });

    // Neither page was reloaded on the way.
    expect(await stillSameDocument(bertPage)).toBe(true);
    expect(await stillSameDocument(owner)).toBe(true);
  });
});
