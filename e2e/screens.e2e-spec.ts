/// <reference lib="dom" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { axeViolations, describeViolations, failingViolations } from './support/axe';
import { repoRoot, screenshotPath } from './support/browser';
import { consoleApi, logIn, PASSWORD } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';
import { horizontalOverflow } from './support/layout';

jest.setTimeout(900_000);

// Issue 14: every screen of the console, at 1366 px and at 390 px, in the light and the dark
// theme: nothing sticks out sideways, axe finds no serious or critical violation, and a
// screenshot of each is kept under e2e/screenshots/screens/ to look at. The walk is driven by
// the route table: a named route of the console that is neither walked here nor listed in
// NOT_A_SCREEN with its reason fails the first test, so a new screen cannot skip the walk.

const { activatedAccount, sessionToken, call, headers } = consoleApi('WalkE2e001');

interface Fixture {
  ownerMail: string;
  invitedMail: string;
  teamId: string;
  teamLink: string;
  projectId: string;
  link: string;
  shareHash: string;
  listId: string;
  presetId: string;
  inviteId: string;
  contactId: string;
}

type Who = 'visitor' | 'owner' | 'invited';

interface Screen {
  /** The route's name in the console's route table (routeHandle). */
  route: string;
  /** Names the screenshot; unique. */
  label: string;
  who: Who;
  path(fixture: Fixture): string;
  /** What shows once the screen's data is there, beyond its level-1 heading. */
  ready?(page: Page): Locator;
}

const day = () => new Date().toISOString().slice(0, 10);
// A link token of the right shape that matches nothing: the screen's "not valid" state.
const UNKNOWN_TOKEN = 'A'.repeat(43);

const SCREENS: Screen[] = [
  { route: 'start', label: 'start-signed-out', who: 'visitor', path: () => '/' },
  { route: 'login', label: 'login', who: 'visitor', path: () => '/login', ready: (p) => p.getByLabel('E-Mail-Adresse') },
  { route: 'signup', label: 'signup', who: 'visitor', path: () => '/signup', ready: (p) => p.getByLabel('Vorname') },
  { route: 'account-reset', label: 'account-reset', who: 'visitor', path: () => '/account/reset', ready: (p) => p.getByLabel('E-Mail-Adresse') },
  { route: 'account-reset', label: 'account-reset-link', who: 'visitor', path: () => `/account/reset/${UNKNOWN_TOKEN}` },
  { route: 'account-activate', label: 'account-activate', who: 'visitor', path: () => `/account/activate/${UNKNOWN_TOKEN}` },
  { route: 'account-child', label: 'account-child', who: 'visitor', path: () => `/account/child/${UNKNOWN_TOKEN}` },
  { route: 'account-privacy', label: 'account-privacy', who: 'visitor', path: () => '/account/privacy' },
  { route: 'error-login', label: 'error-login', who: 'visitor', path: () => '/error/login' },
  { route: 'error-access', label: 'error-access', who: 'visitor', path: () => '/error/access' },
  { route: 'error-team', label: 'error-team', who: 'visitor', path: () => '/error/team' },
  { route: 'feedback', label: 'feedback', who: 'visitor', path: () => '/feedback' },
  { route: 'not-found', label: 'not-found', who: 'visitor', path: () => '/gibt-es-nicht/auch-nicht', ready: (p) => p.getByText('/gibt-es-nicht/auch-nicht') },
  { route: 'project-view', label: 'project-view', who: 'visitor', path: (f) => `/${f.link}`, ready: (p) => p.getByRole('button', { name: 'Für Grill eintragen' }) },
  { route: 'project-view', label: 'project-view-task', who: 'visitor', path: (f) => `/${f.link}/task` },
  { route: 'project-view', label: 'project-view-calendar', who: 'visitor', path: (f) => `/${f.link}/calendar` },
  { route: 'project-view', label: 'project-view-filter', who: 'visitor', path: (f) => `/${f.link}/filter` },
  { route: 'project-view', label: 'private-signup-without-link', who: 'visitor', path: (f) => `/${f.link}/signup` },
  { route: 'project-embed', label: 'project-embed', who: 'visitor', path: (f) => `/embed/project/${f.shareHash}/info`, ready: (p) => p.getByRole('button', { name: 'Für Grill eintragen' }) },

  { route: 'start', label: 'home', who: 'owner', path: () => '/' },
  { route: 'task', label: 'my-signups', who: 'owner', path: () => '/task' },
  { route: 'team-create', label: 'team-create', who: 'owner', path: () => '/team-erstellen', ready: (p) => p.getByLabel('Name des Teams') },
  { route: 'team-setup', label: 'team-setup', who: 'owner', path: (f) => `/team-setup?team=${f.teamId}` },
  { route: 'team-details', label: 'team-details', who: 'owner', path: (f) => `/team/${f.teamLink}/details` },
  { route: 'team-manage', label: 'team-manage', who: 'owner', path: (f) => `/team/${f.teamLink}/manage` },
  { route: 'team-app', label: 'team-apps', who: 'owner', path: (f) => `/team/${f.teamLink}/apps` },
  { route: 'create', label: 'create', who: 'owner', path: () => '/create' },
  { route: 'create', label: 'create-item', who: 'owner', path: () => '/create/item' },
  { route: 'team-user', label: 'team-user', who: 'owner', path: (f) => `/team/${f.teamLink}/user`, ready: (p) => p.getByRole('table', { name: 'Offene Einladungen' }).getByRole('row').nth(1) },
  { route: 'settings-account', label: 'settings-account', who: 'owner', path: () => '/settings/account' },
  { route: 'settings-secure', label: 'settings-secure', who: 'owner', path: () => '/settings/account/secure', ready: (p) => p.getByTestId('totp-status') },
  { route: 'settings-login', label: 'settings-login', who: 'owner', path: () => '/settings/login', ready: (p) => p.getByText('Diese Sitzung') },
  { route: 'settings-privacy', label: 'settings-privacy', who: 'owner', path: () => '/settings/privacy' },
  { route: 'settings-delete', label: 'settings-delete', who: 'owner', path: () => '/settings/delete' },
  { route: 'settings-device', label: 'settings-device', who: 'owner', path: () => '/settings/device' },
  { route: 'settings-auth', label: 'settings-auth', who: 'owner', path: () => '/settings/auth' },
  { route: 'settings-backup', label: 'settings-backup', who: 'owner', path: () => '/settings/backup' },
  { route: 'settings-admin-contact', label: 'settings-admin-contact', who: 'owner', path: () => '/settings/admin/contact', ready: (p) => p.getByLabel('Betreff') },
  { route: 'settings-admin-team', label: 'settings-admin-team', who: 'owner', path: (f) => `/settings/admin/${f.teamLink}`, ready: (p) => p.getByRole('button', { name: 'Vertrag abschließen' }) },
  { route: 'onboarding', label: 'onboarding', who: 'owner', path: () => '/start/onboarding' },
  { route: 'manage-templates', label: 'templates', who: 'owner', path: (f) => `/manage/${f.teamLink}/templates` },
  { route: 'settings-design', label: 'settings-design', who: 'owner', path: () => '/settings/design', ready: (p) => p.getByRole('group', { name: 'Design' }) },
  { route: 'account-data', label: 'account-data', who: 'owner', path: () => '/account/data' },
  { route: 'manage-project', label: 'manage-projects', who: 'owner', path: (f) => `/manage/${f.teamLink}/project`, ready: (p) => p.getByTestId('project-row').first() },
  { route: 'manage-project', label: 'project-editor', who: 'owner', path: (f) => `/manage/${f.teamLink}/project/${f.projectId}`, ready: (p) => p.getByTestId('item').first() },
  { route: 'manage-preset', label: 'presets', who: 'owner', path: (f) => `/manage/${f.teamLink}/preset`, ready: (p) => p.getByText('Vorlage Sommerfest') },
  { route: 'manage-preset-details', label: 'preset-details', who: 'owner', path: (f) => `/manage/${f.teamLink}/preset/${f.presetId}`, ready: (p) => p.getByText('Helferinnen und Helfer').first() },
  { route: 'manage-contact', label: 'contacts', who: 'owner', path: (f) => `/manage/${f.teamLink}/contact`, ready: (p) => p.getByRole('link', { name: 'Friederike Ausführlich-Mustermann' }) },
  { route: 'manage-contact-new', label: 'contact-new', who: 'owner', path: (f) => `/manage/${f.teamLink}/contact/new`, ready: (p) => p.getByLabel('Nachname') },
  { route: 'manage-contact-user', label: 'contact', who: 'owner', path: (f) => `/manage/${f.teamLink}/contact/user/${f.contactId}`, ready: (p) => p.getByText('hat den Kontakt angelegt').first() },
  { route: 'manage-contact-group', label: 'contact-groups', who: 'owner', path: (f) => `/manage/${f.teamLink}/contact/group`, ready: (p) => p.getByRole('heading', { name: 'Vorstand und erweiterter Vorstand' }) },
  { route: 'manage-contact-import', label: 'contact-import', who: 'owner', path: (f) => `/manage/${f.teamLink}/contact/import`, ready: (p) => p.getByRole('button', { name: 'Datei lesen' }) },
  { route: 'manage-activity', label: 'activity', who: 'owner', path: (f) => `/manage/${f.teamLink}/activity`, ready: (p) => p.getByTestId('activity-entry').first() },
  { route: 'manage-backup', label: 'backups', who: 'owner', path: (f) => `/manage/${f.teamLink}/backup` },
  { route: 'manage-backup-date', label: 'backups-day', who: 'owner', path: (f) => `/manage/${f.teamLink}/backup/${day()}` },
  { route: 'manage-backup-point', label: 'backups-point', who: 'owner', path: (f) => `/manage/${f.teamLink}/backup/${day()}/now?project=${f.projectId}` },
  { route: 'manage-backup-list', label: 'backups-list', who: 'owner', path: (f) => `/manage/${f.teamLink}/backup/${day()}/now/${f.listId}?project=${f.projectId}`, ready: (p) => p.getByTestId('backup-signup').first() },
  { route: 'project-view', label: 'project-view-signed-in', who: 'owner', path: (f) => `/${f.link}`, ready: (p) => p.getByRole('button', { name: 'Für Grill eintragen' }) },
  { route: 'project-view', label: 'project-view-analyze', who: 'owner', path: (f) => `/${f.link}/info/analyze`, ready: (p) => p.getByTestId('fill-chart') },
  { route: 'project-view-admin', label: 'project-view-admin', who: 'owner', path: (f) => `/${f.link}/admin` },
  { route: 'dev', label: 'dev', who: 'owner', path: () => '/dev' },

  { route: 'team-apply', label: 'team-apply', who: 'invited', path: (f) => `/team/${f.teamLink}/apply` },
  { route: 'invite', label: 'invite', who: 'invited', path: (f) => `/invite/${f.inviteId}`, ready: (p) => p.getByRole('button', { name: 'Annehmen' }) },
];

/** Named routes that are not screens of their own, with the reason. */
const NOT_A_SCREEN: Record<string, string> = {
  singup: 'redirects to /signup',
  callback: 'the social-login return: exchanges the code and navigates on, shows only the loader',
  settings: 'the settings layout; /settings opens /settings/account, walked as settings-account',
  team: 'the team layout; its children (details, manage, user) are walked',
  'account-invite': 'a team invitation link; opens the invitation screen walked as invite',
};

/** The route names of the console's route modules (routeHandle({ name })), tests excluded. */
function routeNames(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const file = join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry) && !/\.spec\.tsx?$/.test(entry)) {
        for (const match of readFileSync(file, 'utf8').matchAll(/routeHandle\(\{\s*name:\s*'([^']+)'/g)) names.add(match[1]);
      }
    }
  };
  walk(join(repoRoot, 'frontend', 'src'));
  return [...names].sort();
}

/** An owner with a team, a released project with dated items and sign-ups, a preset and an open invitation. */
async function makeFixture(url: string): Promise<Fixture> {
  const ownerMail = await activatedAccount(url, 'Theresa', 'Weitläufig-Langenfeld');
  const invitedMail = await activatedAccount(url, 'Ida', 'Eingeladen');
  const token = await sessionToken(url, ownerMail);
  const teamLink = `tsv-musterstadt-${Date.now() % 100000}`;
  const { teamId } = await call<{ teamId: string }>(url, 'POST', 'team', token, { name: 'Turn- und Sportverein Musterstadt-Nord 1897', link: teamLink, type: 'club' });
  const link = `sommerfest-walk-${Date.now() % 100000}`;
  const project = `team/${teamId}/project`;
  const { projectId, shareHash } = await call<{ projectId: string; shareHash: string }>(url, 'POST', project, token, {
    link, name: 'Sommerfest mit Flohmarkt und Kinderprogramm', colour: 3, startDate: '2031-07-05',
    settings: { description: 'Unser Vereinsfest auf dem Sportgelände hinter der Turnhalle. Wer mithilft, isst umsonst.', place: 'Sportgelände am Wald, Lindenweg 3, 89073 Ulm' },
  });
  const base = `${project}/${projectId}`;
  const { phaseId } = await call<{ phaseId: string }>(url, 'POST', `${base}/phase`, token, { name: 'Am Festtag' });
  const { listId } = await call<{ listId: string }>(url, 'POST', `${base}/phase/${phaseId}/list`, token, {
    name: 'Helferinnen und Helfer', description: 'Bitte eine Viertelstunde vorher am Vereinsheim sein.',
    window: { opensAt: null, closesAt: '2031-07-04T18:00:00.000Z', endsAt: null }, settings: { waitlist: true, allowAnonymous: true },
  });
  const item = (body: object) => call<{ itemId: string }>(url, 'POST', `${base}/list/${listId}/item`, token, body);
  const grill = await item({ name: 'Grill', capacity: 2, date: '2031-07-05', time: { from: '11:00', to: '14:00' }, description: 'Würstchen, Gemüse und Halloumi' });
  const drinks = await item({ name: 'Getränkestand an der Hauptbühne (Ausschank und Kasse)', capacity: 4, date: '2031-07-05', time: { from: '14:00', to: '18:00' } });
  await call(url, 'PUT', `${base}/status`, token, { status: 1 });
  const signUp = async (itemId: string, name: string) => {
    const response = await fetch(`${url}/v5/project/${projectId}/list/${listId}/signup`, { method: 'POST', headers, body: JSON.stringify({ itemId, name }) });
    expect(response.status).toBe(201);
  };
  await signUp(grill.itemId, 'Anna');
  await signUp(drinks.itemId, 'Bartholomäus Schwarzenberger-Lindqvist');
  const { projectId: presetId } = await call<{ projectId: string }>(url, 'POST', `${base}/copy`, token, { name: 'Vorlage Sommerfest', link: `${link}-vorlage`, asPreset: true });
  const { inviteId } = await call<{ inviteId: string }>(url, 'POST', `team/${teamId}/invitations`, token, { channel: 'mail', email: invitedMail, level: 'member' });
  const { contactId } = await call<{ contactId: string }>(url, 'POST', `team/${teamId}/contact`, token, {
    type: 'member', details: { firstName: 'Friederike', lastName: 'Ausführlich-Mustermann', company: 'Bäckerei am Marktplatz GmbH & Co. KG', email: 'friederike.ausfuehrlich@verein.example', phone: '+49 711 1234567', city: 'Musterstadt', country: 'de', birthDate: '1984-05-17', note: 'Backt für jedes Sommerfest.' },
  });
  const { groupId } = await call<{ groupId: string }>(url, 'POST', `team/${teamId}/contact/group`, token, { name: 'Vorstand und erweiterter Vorstand', kind: 'department' });
  await call(url, 'PUT', `team/${teamId}/contact/group/${groupId}/members`, token, { add: [contactId] });
  return { ownerMail, invitedMail, teamId, teamLink, projectId, link, shareHash, listId, presetId, inviteId, contactId };
}

/** The account's design setting, as the design page saves it (it follows the account across devices). */
async function saveTheme(url: string, mail: string, theme: string): Promise<void> {
  const login = await fetch(`${url}/v5/auth`, { method: 'PUT', headers, body: JSON.stringify({ mail, pass: PASSWORD, device: 'WalkE2e001' }) });
  const { token, user } = ((await login.json()) as { body: { token: string; user: { uid: string } } }).body;
  await call(url, 'PUT', `user/${user.uid}/ui`, token, { mode: 'settings', data: { theme } });
}

// On a phone the bottom bar is fixed over the foot of the window (and the top bar sticks), and axe measures touch targets
// where the page stands: a checkbox scrolled half under the bar counts as too small, though the
// page's padding lets it scroll clear. So at 390 px the target-size rule runs once more with
// the fixed bars hidden, and the bars themselves are checked in the main run.
const TARGETS_UNDER_THE_BAR = 'checked separately with the fixed bars hidden (targetsWithoutFixedBars)';

async function targetsWithoutFixedBars(page: Page) {
  const hidden = await page.evaluate(() => {
    const bars = [...document.querySelectorAll<HTMLElement>('body *')].filter((element) => ['fixed', 'sticky'].includes(getComputedStyle(element).position) && !element.closest('[role="dialog"]'));
    for (const bar of bars) bar.dataset.walkHidden = bar.style.visibility || 'unset';
    for (const bar of bars) bar.style.visibility = 'hidden';
    return bars.length;
  });
  try {
    return await axeViolations(page, { onlyRules: ['target-size'] });
  } finally {
    if (hidden > 0) {
      await page.evaluate(() => {
        for (const bar of document.querySelectorAll<HTMLElement>('[data-walk-hidden]')) {
          bar.style.visibility = bar.dataset.walkHidden === 'unset' ? '' : (bar.dataset.walkHidden ?? '');
          delete bar.dataset.walkHidden;
        }
      });
    }
  }
}

const SIZES = [{ name: '1366', width: 1366, height: 900 }, { name: '390', width: 390, height: 844 }] as const;
const THEMES = [{ name: 'light', theme: 'default' }, { name: 'dark', theme: 'dark' }] as const;

describeWith('chromium', 'console: every screen at 1366 and 390 px, light and dark (Chromium against the embedded product)', () => {
  const session = useConsoleSession('e2e_screens');
  let fixture: Fixture;

  beforeAll(async () => {
    fixture = await makeFixture(session.url);
  });

  it('walks every named route of the console (or says why a route is not a screen)', () => {
    const walked = new Set(SCREENS.map((screen) => screen.route));
    const unwalked = routeNames().filter((name) => !walked.has(name) && !(name in NOT_A_SCREEN));
    expect(unwalked).toEqual([]);
    const stale = [...walked, ...Object.keys(NOT_A_SCREEN)].filter((name) => !routeNames().includes(name));
    expect(stale).toEqual([]);
  });

  it('finds overflow when an element is wider than the window, and none once it scrolls in its own box', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.setContent('<!doctype html><html lang="de"><body style="margin:0"><main><h1>Probe</h1><table class="breit" style="width:506px"><tr><td>Sommerfest</td></tr></table></main></body></html>');
    const wide = await horizontalOverflow(page);
    expect(wide.scroll).toBeGreaterThan(wide.client);
    expect(wide.out).toEqual(['table.breit "Sommerfest" (right edge 506 px)']);
    await page.setContent('<!doctype html><html lang="de"><body style="margin:0"><main><h1>Probe</h1><div style="overflow-x:auto"><table style="width:506px"><tr><td>Sommerfest</td></tr></table></div></main></body></html>');
    expect(await horizontalOverflow(page)).toEqual({ scroll: 390, client: 390, out: [] });
  });

  for (const theme of THEMES) {
    for (const size of SIZES) {
      it(`${size.name} px, ${theme.name}: no screen sticks out sideways and axe finds nothing serious`, async () => {
        const { page, url } = session;
        await page.setViewportSize({ width: size.width, height: size.height });
        await saveTheme(url, fixture.ownerMail, theme.theme);
        await saveTheme(url, fixture.invitedMail, theme.theme);
        const problems: string[] = [];
        let signedInAs: Who | null = null;

        for (const screen of SCREENS) {
          if (signedInAs !== screen.who) {
            await page.goto(`${url}/feedback`);
            await page.evaluate((chosen) => {
              localStorage.clear();
              localStorage.setItem('planwerk.cookieConsent', '2');
              localStorage.setItem('planwerk.preferences', JSON.stringify({ theme: chosen }));
            }, theme.theme);
            if (screen.who !== 'visitor') await logIn(page, url, screen.who === 'owner' ? fixture.ownerMail : fixture.invitedMail);
            signedInAs = screen.who;
          }
          const label = `${screen.label}-${size.name}-${theme.name}`;
          await page.goto(`${url}${screen.path(fixture)}`);
          try {
            await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
            if (screen.ready) await screen.ready(page).waitFor({ timeout: 15_000 });
            await page.locator('#boot-loader').waitFor({ state: 'detached', timeout: 15_000 });
          } catch (error) {
            problems.push(`${label}: did not show (at ${page.url()}): ${String(error).split('\n')[0]}`);
            await page.screenshot({ path: screenshotPath(`screens/${label}`), fullPage: true });
            continue;
          }
          const shown = await page.evaluate(() => document.documentElement.dataset.theme ?? '');
          if (shown !== theme.theme) problems.push(`${label}: theme is "${shown}", not "${theme.theme}"`);
          const overflow = await horizontalOverflow(page);
          if (overflow.scroll > overflow.client || overflow.out.length > 0) {
            problems.push(`${label}: ${overflow.scroll} px wide in a ${overflow.client} px window:\n  ${overflow.out.join('\n  ')}`);
          }
          const violations = failingViolations(await axeViolations(page, size.width < 600 ? { disabledRules: { 'target-size': TARGETS_UNDER_THE_BAR } } : {}));
          if (size.width < 600) violations.push(...failingViolations(await targetsWithoutFixedBars(page)));
          if (violations.length > 0) problems.push(`${label}: axe\n${describeViolations(violations)}`);
          await page.screenshot({ path: screenshotPath(`screens/${label}`), fullPage: true });
        }
        expect(problems).toEqual([]);
      });
    }
  }
});
