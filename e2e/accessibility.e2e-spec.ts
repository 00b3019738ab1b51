/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { consoleApi, logIn } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';
import { expectKeyboardReachable } from './support/keyboard';

jest.setTimeout(300_000);

// Issue 7: every main screen of the console passes axe-core (no serious or critical violation)
// and every control on it is reachable with Tab. The other browser suites check the screens
// they reach in states that need their journeys (sign-up steps, invitations accepted, restores,
// the mobile layout); this suite covers the rest with data made through the API.

const { activatedAccount, sessionToken, call } = consoleApi('A11yE2e001');

interface Fixture {
  mail: string;
  teamLink: string;
  projectId: string;
  link: string;
  listId: string;
  presetId: string;
  invitedMail: string;
  inviteId: string;
}

/** An owner with a team, a released project (phase, list, item, two sign-ups), a preset and an open invitation. */
async function ownerWithProject(url: string): Promise<Fixture> {
  const mail = await activatedAccount(url, 'Ada', 'Zugang');
  const invitedMail = await activatedAccount(url, 'Ida', 'Zugang');
  const token = await sessionToken(url, mail);
  const teamLink = `zugang-verein-${Date.now() % 100000}`;
  const { teamId } = await call<{ teamId: string }>(url, 'POST', 'team', token, { name: 'Zugangsverein', link: teamLink, type: 'club' });
  const link = `zugangsfest-${Date.now() % 100000}`;
  const { projectId } = await call<{ projectId: string }>(url, 'POST', `team/${teamId}/project`, token, { link, name: 'Sommerfest', colour: 3 });
  const project = `team/${teamId}/project/${projectId}`;
  const { phaseId } = await call<{ phaseId: string }>(url, 'POST', `${project}/phase`, token, { name: 'Aufbau' });
  const { listId } = await call<{ listId: string }>(url, 'POST', `${project}/phase/${phaseId}/list`, token, { name: 'Helfer', settings: { allowAnonymous: true, waitlist: true } });
  const { itemId } = await call<{ itemId: string }>(url, 'POST', `${project}/list/${listId}/item`, token, { name: 'Grill', capacity: 3 });
  await call(url, 'PUT', `${project}/status`, token, { status: 1 });
  for (const name of ['Anna', 'Bert']) await call(url, 'POST', `project/${projectId}/list/${listId}/signup`, token, { itemId, name });
  const { projectId: presetId } = await call<{ projectId: string }>(url, 'POST', `${project}/copy`, token, { name: 'Vorlage Sommerfest', link: `${link}-vorlage`, asPreset: true });
  const { inviteId } = await call<{ inviteId: string }>(url, 'POST', `team/${teamId}/invitations`, token, { channel: 'mail', email: invitedMail, level: 'member' });
  return { mail, teamLink, projectId, link, listId, presetId, invitedMail, inviteId };
}

/** Opens `path`, waits for its heading and for `ready` (the screen's data), then checks it. */
async function checkScreen(page: Page, url: string, path: string, label: string, ready?: (page: Page) => Locator): Promise<void> {
  await page.goto(`${url}${path}`);
  try {
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    if (ready) await ready(page).first().waitFor();
  } catch (error) {
    throw new Error(`screen "${label}" did not show (now at ${page.url()}): ${String(error)}`);
  }
  await expectAccessible(page, label);
}

const theme = (page: Page) => page.locator('html').getAttribute('data-theme');

describeWith('chromium', 'console accessibility: axe-core and keyboard (Chromium against the embedded product)', () => {
  const session = useConsoleSession('e2e_a11y');
  let fixture: Fixture;

  beforeAll(async () => {
    fixture = await ownerWithProject(session.url);
  });

  describe('the checks themselves', () => {
    it('fails on an unlabelled button and an unlabelled field, and passes once they are named', async () => {
      const { page } = session;
      await page.setContent('<!doctype html><html lang="de"><head><title>Probe</title></head><body><main><h1>Probe</h1><button type="button"></button><input type="text"></main></body></html>');
      const failure = await expectAccessible(page, 'proof-unlabelled').then(() => null, (error: unknown) => error as Error);
      expect(failure?.message).toContain('button-name (critical)');
      expect(failure?.message).toContain('label (critical)');
      expect(failure?.message).toContain('<button type="button"></button>');

      await page.setContent('<!doctype html><html lang="de"><head><title>Probe</title></head><body><main><h1>Probe</h1><button type="button">Speichern</button><label>Name <input type="text"></label></main></body></html>');
      expect(await expectAccessible(page, 'proof-labelled')).toEqual([]);
    });

    it('fails on too little contrast', async () => {
      const { page } = session;
      await page.setContent('<!doctype html><html lang="de"><head><title>Probe</title></head><body><main><h1>Probe</h1><p style="color:#aaa;background:#fff">Kaum lesbar</p></main></body></html>');
      await expect(expectAccessible(page, 'proof-contrast')).rejects.toThrow(/color-contrast \(serious\)/);
    });

    it('fails on a click handler on an element Tab cannot reach', async () => {
      const { page } = session;
      await page.setContent('<!doctype html><html lang="de"><body><main><h1>Probe</h1><button type="button">Erreichbar</button><span role="button" onclick="void 0">Nur mit der Maus</span></main></body></html>');
      const failure = await expectKeyboardReachable(page, 'proof-keyboard').then(() => null, (error: unknown) => error as Error);
      expect(failure?.message).toContain('1 of 2 controls not reachable with Tab\n- <span> "Nur mit der Maus"');
      await page.setContent('<!doctype html><html lang="de"><body><main><h1>Probe</h1><button type="button">Erreichbar</button><span role="button" tabindex="0">Auch erreichbar</span></main></body></html>');
      expect(await expectKeyboardReachable(page, 'proof-keyboard-ok')).toBe(2);
    });
  });

  describe('signed out', () => {
    beforeEach(async () => {
      await session.page.goto(`${session.url}/feedback`);
      await session.page.evaluate('localStorage.clear()');
    });

    it('start with the cookie banner, login, sign-up, reset, error-login, privacy and 404', async () => {
      const { page, url } = session;
      await page.goto(`${url}/`);
      await page.getByRole('region', { name: 'Cookies' }).waitFor();
      await page.locator('#boot-loader').waitFor({ state: 'detached' });
      await expectAccessible(page, 'start-cookie-banner');
      await expectKeyboardReachable(page, 'start-cookie-banner');

      await checkScreen(page, url, '/login', 'login', (p) => p.getByLabel('E-Mail-Adresse'));
      await expectKeyboardReachable(page, 'login');
      await checkScreen(page, url, '/signup', 'signup', (p) => p.getByLabel('Vorname'));
      await expectKeyboardReachable(page, 'signup');
      await checkScreen(page, url, '/account/reset', 'reset', (p) => p.getByLabel('E-Mail-Adresse'));
      await expectKeyboardReachable(page, 'reset');
      await checkScreen(page, url, '/error/login', 'error-login');
      await checkScreen(page, url, '/account/privacy', 'privacy');
      await checkScreen(page, url, '/gibt-es-nicht', 'not-found', (p) => p.getByText('/gibt-es-nicht'));
      await expectKeyboardReachable(page, 'not-found');
    });

    it('the help, search and message dialogs, and the login and sign-up in all four themes', async () => {
      const { page, url } = session;
      // A message layer from the second socket (service event msg, spec section 4).
      await page.routeWebSocket(/channel=second/, (socket) => {
        socket.onMessage(() => undefined);
        setTimeout(() => socket.send(JSON.stringify({
          event: 'msg', sub_type: 'service', sub_id: null,
          data: { title: 'Wartung', text: 'Heute Abend ist Planwerk kurz nicht erreichbar.', exit_text: 'Verstanden', design: 'warning' },
        })), 300);
      });
      await page.goto(`${url}/feedback`);
      const message = page.getByRole('dialog', { name: 'Wartung' });
      await message.getByText('Heute Abend ist Planwerk kurz nicht erreichbar.').waitFor();
      await expectAccessible(page, 'message-dialog');
      await expectKeyboardReachable(page, 'message-dialog');
      await message.getByRole('button', { name: 'Verstanden' }).click();
      await message.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Hilfe' }).click();
      await page.getByRole('dialog', { name: 'Hilfe' }).waitFor();
      await expectAccessible(page, 'help-dialog');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+Space');
      await page.getByRole('dialog', { name: 'Suche' }).waitFor();
      await expectAccessible(page, 'search-dialog');
      await page.keyboard.press('Escape');

      for (const [key, name] of [['Control+2', 'dark'], ['Control+3', 'dark-contrast'], ['Control+4', 'contrast']] as const) {
        await page.keyboard.press(key);
        expect(await theme(page)).toBe(name);
        await checkScreen(page, url, '/login', `login-${name}`, (p) => p.getByLabel('E-Mail-Adresse'));
        await checkScreen(page, url, '/signup', `signup-${name}`, (p) => p.getByLabel('Vorname'));
      }
      await page.keyboard.press('Control+1');
      expect(await theme(page)).toBe('default');
    });
  });

  describe('signed in as a team owner', () => {
    let page: Page;

    beforeEach(async () => {
      page = session.page;
      await page.goto(`${session.url}/feedback`);
      await page.evaluate("localStorage.clear(); localStorage.setItem('planwerk.cookieConsent', '2')");
      await logIn(page, session.url, fixture.mail);
    });

    it('start, team, settings and account screens', async () => {
      const { url } = session;
      const { teamLink } = fixture;
      await checkScreen(page, url, '/', 'home');
      await expectKeyboardReachable(page, 'home');
      await checkScreen(page, url, '/team-erstellen', 'team-create', (p) => p.getByLabel('Name des Teams'));
      await expectKeyboardReachable(page, 'team-create');
      await checkScreen(page, url, `/team/${teamLink}/details`, 'team-details');
      await checkScreen(page, url, `/team/${teamLink}/manage`, 'team-manage');
      await expectKeyboardReachable(page, 'team-manage');
      await checkScreen(page, url, `/team/${teamLink}/user`, 'team-user', (p) => p.getByRole('table', { name: 'Offene Einladungen' }).getByRole('row').nth(1));
      await expectKeyboardReachable(page, 'team-user');
      await checkScreen(page, url, '/settings/account', 'settings-account');
      await expectKeyboardReachable(page, 'settings-account');
      await checkScreen(page, url, '/settings/account/secure', 'settings-secure', (p) => p.getByTestId('totp-status'));
      await expectKeyboardReachable(page, 'settings-secure');
      await checkScreen(page, url, '/settings/login', 'settings-login', (p) => p.getByText('Diese Sitzung'));
      await expectKeyboardReachable(page, 'settings-login');
      await checkScreen(page, url, '/settings/privacy', 'settings-privacy');
      await checkScreen(page, url, '/settings/delete', 'settings-delete');
      await checkScreen(page, url, '/settings/design', 'settings-design', (p) => p.getByRole('group', { name: 'Design' }));
      await expectKeyboardReachable(page, 'settings-design');
      await checkScreen(page, url, '/account/data', 'account-data');
    });

    it('projects, editor with its dialogs, presets, activity and backups', async () => {
      const { url } = session;
      const { teamLink, projectId, listId, presetId } = fixture;
      await checkScreen(page, url, `/manage/${teamLink}/project`, 'manage-projects', (p) => p.getByTestId('project-row'));
      await expectKeyboardReachable(page, 'manage-projects');
      await page.getByRole('button', { name: 'Neues Projekt' }).click();
      await page.getByRole('dialog', { name: 'Neues Projekt' }).getByLabel('Name des Projekts').waitFor();
      await expectAccessible(page, 'manage-projects-create-dialog');
      await expectKeyboardReachable(page, 'manage-projects-create-dialog');

      const item = (p: Page) => p.getByTestId('item').filter({ hasText: '2 / 3 belegt' });
      await checkScreen(page, url, `/manage/${teamLink}/project/${projectId}`, 'editor', item);
      await expectKeyboardReachable(page, 'editor');
      await page.getByRole('button', { name: 'Phase hinzufügen' }).click();
      await page.getByRole('dialog', { name: 'Neue Phase' }).getByLabel('Name').waitFor();
      await expectAccessible(page, 'editor-phase-dialog');
      await expectKeyboardReachable(page, 'editor-phase-dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Neue Phase' }).waitFor({ state: 'detached' });
      await page.getByTestId('list').getByRole('button', { name: 'Eintrag hinzufügen' }).click();
      await page.getByRole('dialog', { name: 'Neuer Eintrag in Helfer' }).getByLabel('Name', { exact: true }).waitFor();
      await expectAccessible(page, 'editor-item-dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Aktionen für Liste Helfer' }).click();
      await page.getByRole('menu', { name: 'Aktionen für Liste Helfer' }).waitFor();
      await expectAccessible(page, 'editor-list-menu');
      await page.keyboard.press('Escape');
      await page.getByTestId('changes-badge').click();
      await page.getByRole('dialog', { name: 'Was hat sich geändert, seit du zuletzt geschaut hast?' }).waitFor();
      await expectAccessible(page, 'editor-changes-dialog');
      await page.keyboard.press('Escape');

      await checkScreen(page, url, `/manage/${teamLink}/preset`, 'presets', (p) => p.getByText('Vorlage Sommerfest'));
      await expectKeyboardReachable(page, 'presets');
      await checkScreen(page, url, `/manage/${teamLink}/preset/${presetId}`, 'preset-details', (p) => p.getByText('Helfer'));
      await checkScreen(page, url, `/manage/${teamLink}/activity`, 'activity', (p) => p.getByTestId('activity-entry'));
      await expectKeyboardReachable(page, 'activity');
      await checkScreen(page, url, `/manage/${teamLink}/backup`, 'backups');
      const day = new Date().toISOString().slice(0, 10);
      await checkScreen(page, url, `/manage/${teamLink}/backup/${day}/now/${listId}?project=${projectId}`, 'backups-list', (p) => p.getByTestId('backup-signup'));
      await expectKeyboardReachable(page, 'backups-list');
    });

    it('the public project view, its views and the sign-up dialog', async () => {
      const { url } = session;
      const { link } = fixture;
      const signupButton = (p: Page) => p.getByRole('button', { name: 'Für Grill eintragen' });
      await checkScreen(page, url, `/${link}`, 'project-view', signupButton);
      await expectKeyboardReachable(page, 'project-view');
      for (const view of ['task', 'calendar', 'filter', 'admin'] as const) {
        await checkScreen(page, url, `/${link}/${view}`, `project-view-${view}`);
      }
      await checkScreen(page, url, `/${link}/info/analyze`, 'project-view-analyze', (p) => p.getByTestId('fill-chart'));
      await checkScreen(page, url, `/${link}`, 'project-view', signupButton);
      await signupButton(page).click();
      await page.getByRole('dialog', { name: 'Eintragen: Grill' }).waitFor();
      await expectAccessible(page, 'project-view-signup-dialog');
      await expectKeyboardReachable(page, 'project-view-signup-dialog');
      await page.keyboard.press('Escape');
    });

    it('the main screens in the dark theme', async () => {
      const { url } = session;
      const { teamLink, projectId, link, listId } = fixture;
      // The account's design setting (saved with the account, so it holds across page loads).
      const design = async (label: 'Dunkel' | 'Hell', value: string) => {
        await page.goto(`${url}/settings/design`);
        await page.getByLabel(label, { exact: true }).check();
        await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, value);
        await page.getByRole('status').filter({ hasText: 'Gespeichert' }).waitFor();
      };
      await design('Dunkel', 'dark');
      try {
        await expectAccessible(page, 'dark-settings-design');
        await checkScreen(page, url, '/', 'dark-home');
        await checkScreen(page, url, `/team/${teamLink}/user`, 'dark-team-user', (p) => p.getByRole('table', { name: 'Offene Einladungen' }));
        await checkScreen(page, url, '/settings/account', 'dark-settings-account');
        await checkScreen(page, url, `/manage/${teamLink}/project`, 'dark-manage-projects', (p) => p.getByTestId('project-row'));
        await checkScreen(page, url, `/manage/${teamLink}/project/${projectId}`, 'dark-editor', (p) => p.getByTestId('item'));
        await page.getByRole('button', { name: 'Phase hinzufügen' }).click();
        await page.getByRole('dialog', { name: 'Neue Phase' }).getByLabel('Name').waitFor();
        await expectAccessible(page, 'dark-editor-phase-dialog');
        await page.keyboard.press('Escape');
        await checkScreen(page, url, `/manage/${teamLink}/activity`, 'dark-activity', (p) => p.getByTestId('activity-entry'));
        const day = new Date().toISOString().slice(0, 10);
        await checkScreen(page, url, `/manage/${teamLink}/backup/${day}/now/${listId}?project=${projectId}`, 'dark-backups-list', (p) => p.getByTestId('backup-signup'));
        await checkScreen(page, url, `/${link}`, 'dark-project-view', (p) => p.getByRole('button', { name: 'Für Grill eintragen' }));
        await page.getByRole('button', { name: 'Für Grill eintragen' }).click();
        await page.getByRole('dialog', { name: 'Eintragen: Grill' }).waitFor();
        await expectAccessible(page, 'dark-project-view-signup-dialog');
        await page.keyboard.press('Escape');
        expect(await theme(page)).toBe('dark');
      } finally {
        await design('Hell', 'default');
      }
    });
  });

  it('the invitation as the invited person sees it', async () => {
    const { page, url } = session;
    await page.goto(`${url}/feedback`);
    await page.evaluate("localStorage.clear(); localStorage.setItem('planwerk.cookieConsent', '2')");
    await logIn(page, url, fixture.invitedMail);
    await checkScreen(page, url, `/invite/${fixture.inviteId}`, 'invite', (p) => p.getByRole('button', { name: 'Annehmen' }));
    await expectKeyboardReachable(page, 'invite');
  });
});
