/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { launchBrowser, screenshotPath, type Browser } from './support/browser';
import { consoleApi, logIn } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';

jest.setTimeout(240_000);

const { headers, activatedAccount, sessionToken } = consoleApi('ProjE2e001');

/** An activated account and a team it owns (set up through the API; the journey is the console's). */
async function ownerWithTeam(url: string): Promise<{ mail: string; teamLink: string; teamId: string; session: string }> {
  const mail = await activatedAccount(url, 'Olga', 'Projekt');
  const session = await sessionToken(url, mail);
  const teamLink = `sommer-verein-${Date.now() % 100000}`;
  const team = await fetch(`${url}/v5/team`, {
    method: 'POST', headers: { ...headers, authorization: session },
    body: JSON.stringify({ name: 'Sommerverein', link: teamLink, type: 'club' }),
  });
  expect(team.status).toBe(201);
  return { mail, teamLink, teamId: ((await team.json()) as { body: { teamId: string } }).body.teamId, session };
}

/** A command through the API as the owner; the answer's body. */
async function asOwner(url: string, session: string, method: 'POST' | 'PUT', path: string, body: object): Promise<Record<string, string>> {
  const response = await fetch(`${url}${path}`, { method, headers: { ...headers, authorization: session }, body: JSON.stringify(body) });
  expect(response.status).toBeLessThan(300);
  return ((await response.json()) as { body: Record<string, string> }).body;
}

/**
 * An anonymous visitor signs up for the item with a name, in a browser of their own; `button`:
 * the label the item's button has (a full item with a waitlist offers the waitlist).
 */
async function signupAnonymously(visitor: Page, url: string, link: string, name: string, button = 'Für Grill eintragen'): Promise<void> {
  await visitor.goto(`${url}/${link}`);
  await visitor.getByRole('heading', { name: 'Sommerfest', level: 1 }).waitFor();
  await visitor.getByRole('button', { name: button }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Eintragen: Grill' });
  // The name field stops where the server does (SIGNUP_NAME_MAX, 100 characters).
  expect(await dialog.getByLabel('Dein Name').getAttribute('maxlength')).toBe('100');
  await dialog.getByLabel('Dein Name').fill(name);
  await dialog.getByRole('button', { name: 'Eintragen', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Reloads until the read model has caught up with a change made in another browser. */
async function reloadUntilVisible(page: Page, target: Locator): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    if (await target.isVisible()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await target.waitFor({ timeout: 1_000 });
}

describeWith('chromium', 'console: projects and sign-ups (Chromium against the embedded product)', () => {
  const session = useConsoleSession('e2e_projects');
  const visitors: Browser[] = [];

  afterAll(async () => {
    for (const visitor of visitors) await visitor.close();
  });

  it('owner builds and releases a project; visitors sign up, the waitlist moves up, the log shows it', async () => {
    const { url } = session;
    const page = session.page;
    const { mail, teamLink, teamId, session: ownerSession } = await ownerWithTeam(url);
    await page.goto(`${url}/feedback`);
    await page.evaluate('localStorage.clear()');
    await logIn(page, url, mail);

    // manage-project: create the project.
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Projekte' }).click();
    await page.waitForURL(`${url}/manage/${teamLink}/project`);
    await page.getByRole('heading', { name: 'Projekte', level: 1 }).waitFor();
    // A new team: the empty list offers the first project (the toolbar has the same button).
    await page.getByRole('region', { name: 'Noch keine Projekte' }).getByRole('button', { name: 'Neues Projekt' }).click();
    const create = page.getByRole('dialog', { name: 'Neues Projekt' });
    await create.getByLabel('Name des Projekts').fill('Sommerfest');
    const link = await create.getByLabel('Projekt-Link').inputValue();
    expect(link).toBe('sommerfest');
    await create.getByLabel('Farbe').selectOption({ label: 'Orange' });
    await page.screenshot({ path: screenshotPath('projects-create'), fullPage: true });
    await create.getByRole('button', { name: 'Projekt erstellen' }).click();
    await page.waitForURL(new RegExp(`/manage/${teamLink}/project/[0-9a-f-]{36}$`));
    const projectId = page.url().split('/').pop() ?? '';
    await page.getByRole('heading', { name: 'Sommerfest', level: 1 }).waitFor();
    await page.getByTestId('project-status').filter({ hasText: 'In Planung' }).waitFor();

    // A phase, a list with a waitlist, an item with one place.
    await page.getByRole('button', { name: 'Phase hinzufügen' }).click();
    const phaseDialog = page.getByRole('dialog', { name: 'Neue Phase' });
    await phaseDialog.getByLabel('Name').fill('Aufbau');
    await phaseDialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('heading', { name: 'Aufbau', level: 2 }).waitFor();

    await page.getByTestId('phase').getByRole('button', { name: 'Liste hinzufügen' }).click();
    const listDialog = page.getByRole('dialog', { name: 'Neue Liste in Aufbau' });
    await listDialog.getByLabel('Name', { exact: true }).fill('Helfer');
    await listDialog.getByLabel('Warteliste, wenn ein Eintrag voll ist').check();
    expect(await listDialog.getByLabel('Eintragung ohne Anmeldung erlauben (mit Namen)').isChecked()).toBe(true);
    await listDialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('heading', { name: 'Helfer', level: 4 }).waitFor();

    await page.getByTestId('list').getByRole('button', { name: 'Eintrag hinzufügen' }).click();
    const itemDialog = page.getByRole('dialog', { name: 'Neuer Eintrag in Helfer' });
    await itemDialog.getByLabel('Name', { exact: true }).fill('Grill');
    await itemDialog.getByLabel('Plätze (leer: unbegrenzt)').fill('1');
    // The date field (react-aria, issue 14): one segment per part, typed in German order.
    await itemDialog.getByRole('group', { name: 'Datum' }).getByRole('spinbutton').first().click();
    await page.keyboard.type('04072031');
    await itemDialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByTestId('item').filter({ hasText: 'Grill' }).filter({ hasText: '0 / 1 belegt' }).waitFor();

    // Release: planning → active (the owner).
    await page.getByRole('button', { name: 'Projekt freigeben' }).click();
    await page.getByTestId('project-status').filter({ hasText: 'Aktiv' }).waitFor();
    await page.screenshot({ path: screenshotPath('projects-editor'), fullPage: true });

    // Visitor Anna signs up without an account; the link cache keeps her sign-up after a reload.
    const anna = await launchBrowser();
    visitors.push(anna);
    const annaPage = await anna.context.newPage();
    await signupAnonymously(annaPage, url, link, 'Anna');
    const annaOwn = annaPage.getByTestId('own-signup');
    await annaOwn.getByTestId('own-signup-status').filter({ hasText: 'Eingetragen' }).waitFor();
    await annaPage.reload();
    await annaOwn.getByText('Anna').waitFor();
    await annaOwn.getByRole('button', { name: 'Austragen' }).waitFor();
    const cache = await annaPage.evaluate(() => JSON.parse(localStorage.getItem('planwerk.linkCache') ?? '[]') as { obj: string; type: string; item: { token: string }[] }[]);
    expect(cache).toHaveLength(1);
    expect(cache[0]).toMatchObject({ obj: 'link_cache', type: 'prj' });
    expect(cache[0]?.item[0]?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await annaPage.screenshot({ path: screenshotPath('projects-public-signed-up'), fullPage: true });
    await expectAccessible(annaPage, 'project-view-signed-up');

    // Visitor Bert finds the item full: its button offers the waitlist, where he lands; he
    // cannot cancel Anna's sign-up.
    const bert = await launchBrowser();
    visitors.push(bert);
    const bertPage = await bert.context.newPage();
    await signupAnonymously(bertPage, url, link, 'Bert', 'Grill: Voll — auf die Warteliste?');
    const bertOwn = bertPage.getByTestId('own-signup');
    await bertOwn.getByTestId('own-signup-status').filter({ hasText: 'Warteliste, Platz 1' }).waitFor();
    expect(await bertPage.getByTestId('own-signup').count()).toBe(1);
    await bertPage.screenshot({ path: screenshotPath('projects-public-waitlisted'), fullPage: true });
    await expectAccessible(bertPage, 'project-view-waitlisted');

    // A full item of a list without a waitlist says so, its button disabled (issue 12).
    const { phaseId } = await asOwner(url, ownerSession, 'POST', `/v5/team/${teamId}/project/${projectId}/phase`, { name: 'Abbau' });
    const { listId } = await asOwner(url, ownerSession, 'POST', `/v5/team/${teamId}/project/${projectId}/phase/${phaseId}/list`, { name: 'Kasse', settings: { allowAnonymous: true, waitlist: false } });
    const { itemId } = await asOwner(url, ownerSession, 'POST', `/v5/team/${teamId}/project/${projectId}/list/${listId}/item`, { name: 'Kassendienst', capacity: 1 });
    const taken = await fetch(`${url}/v5/project/${projectId}/list/${listId}/signup`, { method: 'POST', headers, body: JSON.stringify({ itemId, name: 'Clara' }) });
    expect(taken.status).toBe(201);
    const full = bertPage.getByRole('button', { name: 'Kassendienst ist voll' });
    await reloadUntilVisible(bertPage, full);
    expect(await full.isDisabled()).toBe(true);
    expect(await bertPage.getByRole('button', { name: 'Für Kassendienst eintragen' }).count()).toBe(0);

    // The visitor's page (issue 14): no console chrome for visitors; on a 390 px phone nothing
    // is wider than the screen and the buttons are at least 44 px high.
    expect(await bertPage.getByRole('navigation', { name: 'Hauptnavigation' }).count()).toBe(0);
    await bertPage.getByTestId('public-item').filter({ hasText: 'Kassendienst' }).getByText('Der Platz ist vergeben').waitFor();
    await bertPage.getByTestId('public-list').filter({ hasText: 'Helfer' }).getByTestId('window-note').filter({ hasText: 'Eintragung offen' }).waitFor();
    await bertPage.setViewportSize({ width: 390, height: 844 });
    await bertPage.getByRole('heading', { name: 'Sommerfest', level: 1 }).waitFor();
    const widths = await bertPage.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    for (const target of [full, bertPage.getByTestId('own-signup').getByRole('button', { name: 'Austragen' }), bertPage.getByRole('link', { name: 'Meine Eintragungen' })]) {
      expect((await target.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await bertPage.screenshot({ path: screenshotPath('projects-public-390'), fullPage: true });

    // Bert's answer gets lost: the server booked his sign-up, the network dropped the reply.
    // Pressing "Eintragen" again repeats the same sign-up (same Idempotency-Key) and books
    // nothing more (issue 12).
    const { itemId: drinksId } = await asOwner(url, ownerSession, 'POST', `/v5/team/${teamId}/project/${projectId}/list/${listId}/item`, { name: 'Getränke', capacity: 3 });
    await reloadUntilVisible(bertPage, bertPage.getByRole('button', { name: 'Für Getränke eintragen' }));
    const signups = '**/v5/project/*/list/*/signup';
    let dropped = 0;
    await bertPage.route(signups, async (route) => {
      if (route.request().method() !== 'POST' || dropped > 0) return route.continue();
      dropped += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await bertPage.getByRole('button', { name: 'Für Getränke eintragen' }).click();
    const drinks = bertPage.getByRole('dialog', { name: 'Eintragen: Getränke' });
    await drinks.getByLabel('Dein Name').fill('Bert');
    await drinks.getByRole('button', { name: 'Eintragen', exact: true }).click();
    await drinks.getByRole('alert').waitFor();
    await drinks.getByRole('button', { name: 'Eintragen', exact: true }).click();
    await drinks.waitFor({ state: 'detached' });
    await bertPage.unroute(signups);
    expect(dropped).toBe(1);
    // A change made after both requests: its checkpoint covers them, so the view read with it
    // shows every sign-up they booked.
    const { checkpoint } = await asOwner(url, ownerSession, 'PUT', `/v5/team/${teamId}/project/${projectId}/list/${listId}/item/${drinksId}`, { name: 'Getränke und Eis' });
    const view = await fetch(`${url}/v5/project/view/${link}?minCheckpoint=${encodeURIComponent(checkpoint)}`, { headers });
    expect(view.status).toBe(200);
    const drinksItem = ((await view.json()) as { body: { lists: { items: { itemId: string; placed: number }[] }[] } }).body
      .lists.flatMap((list) => list.items).find((item) => item.itemId === drinksId);
    expect(drinksItem?.placed).toBe(1);

    // A route word of the spec is never a project link: /pay and /meet are the 404 page of an
    // unknown route — not the project view's "no such project" (it asks for no project view).
    const viewRequests: string[] = [];
    bertPage.on('request', (request) => {
      if (/\/v5\/project\/view\/(pay|meet)\b/i.test(request.url())) viewRequests.push(request.url());
    });
    for (const word of ['pay', 'Meet']) {
      await bertPage.goto(`${url}/${word}`);
      await bertPage.getByRole('heading', { name: 'Seite nicht gefunden', level: 1 }).waitFor();
      expect(await bertPage.getByRole('status').filter({ hasText: /Projekt|Link/ }).count()).toBe(0);
    }
    expect(viewRequests).toEqual([]);
    await bertPage.goto(`${url}/${link}`);

    // Anna cancels; Bert moves up (seen after a reload).
    await annaOwn.getByRole('button', { name: 'Austragen' }).click();
    await annaPage.getByRole('dialog', { name: 'Austragen' }).getByRole('button', { name: 'Austragen' }).click();
    await annaPage.getByText('Du bist ausgetragen.').waitFor();
    await annaPage.getByTestId('own-signup').waitFor({ state: 'detached' });
    await reloadUntilVisible(bertPage, bertPage.getByRole('region', { name: 'Helfer' }).getByTestId('own-signup-status').filter({ hasText: 'Eingetragen' }));

    // The owner's editor shows what changed since they last looked (the visitors' sign-ups).
    await reloadUntilVisible(page, page.getByTestId('changes-badge').filter({ hasText: /[3-9] Änderungen/ }));
    await page.getByTestId('changes-badge').click();
    const changes = page.getByRole('dialog', { name: 'Was hat sich geändert, seit du zuletzt geschaut hast?' });
    await changes.getByText(/hat eine Eintragung für „.+“ von der Warteliste nachrücken lassen/).first().waitFor();
    await expectAccessible(page, 'editor-changes-dialog-with-changes');
    await changes.getByRole('button', { name: 'Als gesehen markieren' }).click();
    await page.getByTestId('changes-badge').filter({ hasText: 'Keine Änderungen' }).waitFor();

    // The owner sees it in the activity log.
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Aktivität' }).click();
    await page.waitForURL(`${url}/manage/${teamLink}/activity`);
    await page.getByRole('heading', { name: 'Aktivität', level: 1 }).waitFor();
    // Sentences in German with names, no keys or ids (issue 14); the day heading above them.
    const log = page.getByRole('region', { name: 'Aktivitäten, neueste zuerst' });
    await log.getByRole('heading', { name: 'Heute', level: 2 }).waitFor();
    const entries = log.getByTestId('activity-entry');
    await entries.filter({ hasText: /von der Warteliste nachrücken lassen/ }).first().waitFor();
    await entries.filter({ hasText: /hat eine Eintragung für „.+“ zurückgezogen/ }).first().waitFor();
    // Anna, Bert and Clara (on the full list without a waitlist), Bert once more for drinks.
    expect(await entries.filter({ hasText: /hat sich für „.+“ (auf die Warteliste )?eingetragen/ }).count()).toBe(4);
    // Anna's cancel erased her visitor key (crypto-shredding), recorded in the log.
    await entries.filter({ hasText: /hat die Daten von Gästen der Liste „.+“ gelöscht/ }).first().waitFor();
    await entries.filter({ hasText: /den Status des Projekts „.+“ von Planung auf Aktiv geändert/ }).first().waitFor();
    const shown = (await log.innerText()).replace(/\s+/g, ' ');
    expect(shown).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    expect(shown).not.toMatch(/\b[a-z]+\.[a-z][A-Za-z]+\b/);
    await page.screenshot({ path: screenshotPath('projects-activity'), fullPage: true });
  });
});
