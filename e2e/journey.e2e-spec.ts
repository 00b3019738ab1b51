import type { Locator, Page } from 'playwright-core';
import { ICAL } from '../command-service/src/mail/testing/ical';
import { attachmentsOf, type ReceivedMail, type SmtpTestServer } from '../command-service/src/mail/testing/smtp-test-server';
import { describeWith } from '../scripts/testing/components';
import { launchBrowser, screenshotPath, waitForPath, type Browser } from './support/browser';
import { consoleApi, linkIn, logIn, PASSWORD } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';

jest.setTimeout(300_000);

// The newcomer journey, one story through the console as a person who has never seen the
// product: sign up, activate from the mail, log in, create a team, build a project (phase,
// list, items), release it and share its link; a visitor in a browser of their own signs up
// with a name; the owner's open editor shows it live, the activity log lists it, and the
// backup screen takes the list back to before the sign-up and undoes that again.
// Run in German (the default) and in English (chosen with the language toggle by the owner,
// through the browser language by the visitor): every step asserts the texts of its language.

const { waitForMail } = consoleApi('JourE2e001');
/** How long a change made in another browser may take to show (a push, not a poll). */
const LIVE_WAIT_MS = 8_000;

const TEXTS = {
  de: {
    browserLocale: 'de-DE',
    person: { vorname: 'Mara', nachname: 'Neuling' },
    team: 'Chor Nord',
    teamType: 'Verein',
    project: 'Sommerfest',
    phase: 'Aufbau',
    list: 'Helfer',
    items: ['Grill', 'Kuchen'],
    visitor: 'Anna',
    welcome: 'Willkommen bei Planwerk',
    language: 'Sprache',
    cookiesNecessary: 'Nur notwendige',
    accountTools: 'Konto',
    registerLink: 'Registrieren',
    registerTitle: 'Konto erstellen',
    firstName: 'Vorname',
    lastName: 'Nachname',
    mail: 'E-Mail-Adresse',
    password: 'Passwort',
    password2: 'Passwort wiederholen',
    terms: 'Ich akzeptiere die Nutzungsbedingungen.',
    privacy: 'Ich habe die Datenschutzerklärung gelesen.',
    cookies: 'Ich akzeptiere die funktionalen Cookies, die Planwerk zum Betrieb braucht.',
    registerSubmit: 'Registrieren',
    registerDone: 'Fast geschafft!',
    registerSent: (mail: string) => `Wir haben dir eine E-Mail an ${mail} geschickt.`,
    activationSubject: 'Bitte bestätige deine E-Mail-Adresse für Planwerk',
    activateTitle: 'Konto aktivieren',
    activateButton: 'Konto aktivieren',
    activated: 'Dein Konto ist aktiv. Du kannst dich jetzt anmelden.',
    toLogin: 'Zur Anmeldung',
    loginTitle: 'Anmelden',
    loginSubmit: 'Anmelden',
    navigation: 'Hauptnavigation',
    createTeam: 'Team erstellen',
    teamName: 'Name des Teams',
    teamLink: 'Team-Link',
    teamTypeLabel: 'Art des Teams',
    projects: 'Projekte',
    newProject: 'Neues Projekt',
    projectName: 'Name des Projekts',
    projectLink: 'Projekt-Link',
    createProject: 'Projekt erstellen',
    projectCreated: 'Das Projekt wurde erstellt.',
    planning: 'In Planung',
    active: 'Aktiv',
    addPhase: 'Phase hinzufügen',
    newPhase: 'Neue Phase',
    name: 'Name',
    save: 'Speichern',
    addList: 'Liste hinzufügen',
    newList: (phase: string) => `Neue Liste in ${phase}`,
    anonymousAllowed: 'Eintragung ohne Anmeldung erlauben (mit Namen)',
    addItem: 'Eintrag hinzufügen',
    newItem: (list: string) => `Neuer Eintrag in ${list}`,
    capacity: 'Plätze (leer: unbegrenzt)',
    taken: (placed: number, capacity: number) => `${placed} / ${capacity} belegt`,
    release: 'Projekt freigeben',
    released: 'Das Projekt ist freigegeben.',
    projectMenu: (name: string) => `Aktionen für ${name}`,
    invite: 'Einladen',
    inviteTitle: 'Zum Projekt einladen',
    shareTab: 'Link teilen',
    copyLink: 'Link kopieren',
    copied: 'In die Zwischenablage kopiert.',
    signupFor: (item: string) => `Für ${item} eintragen`,
    signupDialog: (item: string) => `Eintragen: ${item}`,
    yourName: 'Dein Name',
    signupSubmit: 'Eintragen',
    signedUp: 'Du bist eingetragen.',
    placedStatus: 'Eingetragen',
    signedUpNames: 'Eingetragen',
    free: (count: number) => (count === 1 ? '1 Platz frei' : `${count} Plätze frei`),
    activity: 'Aktivität',
    activityList: 'Aktivitäten, neueste zuerst',
    anonymousActor: 'Anonyme Person',
    visitorSignedUp: (item: string) => `Anonyme Person hat sich für „${item}“ eingetragen`,
    backups: 'Sicherungen',
    backupProject: 'Projekt',
    slider: 'Zeitpunkt',
    newestPoint: 'Das ist der aktuelle Stand.',
    signupAddedBy: 'Änderung von einer Person ohne Konto: Eintragung hinzugefügt',
    statusChanged: 'Status geändert',
    addedSince: 'Seitdem hinzugefügt',
    restoreList: (list: string) => `Liste ${list} wiederherstellen`,
    restoreConfirm: 'Wiederherstellen',
    confirmList: (list: string) => `Die Liste „${list}“ mit ihren Einträgen und Eintragungen auf den Stand vom`,
    restored: 'Wiederhergestellt: 1 Änderung.',
    nothingChanged: 'Seitdem hat sich nichts geändert.',
    undoRestore: 'Wiederherstellung rückgängig machen',
    undone: 'Rückgängig gemacht.',
  },
  en: {
    browserLocale: 'en-GB',
    person: { vorname: 'Mary', nachname: 'Newcomer' },
    team: 'North Choir',
    teamType: 'Club',
    project: 'Summer party',
    phase: 'Set-up',
    list: 'Helpers',
    items: ['Barbecue', 'Cake'],
    visitor: 'Annie',
    welcome: 'Welcome to Planwerk',
    language: 'Language',
    cookiesNecessary: 'Necessary only',
    accountTools: 'Account',
    registerLink: 'Sign up',
    registerTitle: 'Create an account',
    firstName: 'First name',
    lastName: 'Last name',
    mail: 'E-mail address',
    password: 'Password',
    password2: 'Repeat password',
    terms: 'I accept the terms of use.',
    privacy: 'I have read the privacy policy.',
    cookies: 'I accept the functional cookies Planwerk needs to work.',
    registerSubmit: 'Sign up',
    registerDone: 'Almost done!',
    registerSent: (mail: string) => `We have sent an e-mail to ${mail}.`,
    activationSubject: 'Please confirm your email address for Planwerk',
    activateTitle: 'Activate account',
    activateButton: 'Activate account',
    activated: 'Your account is active. You can sign in now.',
    toLogin: 'Go to sign-in',
    loginTitle: 'Sign in',
    loginSubmit: 'Sign in',
    navigation: 'Main navigation',
    createTeam: 'Create team',
    teamName: 'Team name',
    teamLink: 'Team link',
    teamTypeLabel: 'Type of team',
    projects: 'Projects',
    newProject: 'New project',
    projectName: 'Project name',
    projectLink: 'Project link',
    createProject: 'Create project',
    projectCreated: 'The project has been created.',
    planning: 'Planning',
    active: 'Active',
    addPhase: 'Add phase',
    newPhase: 'New phase',
    name: 'Name',
    save: 'Save',
    addList: 'Add list',
    newList: (phase: string) => `New list in ${phase}`,
    anonymousAllowed: 'Allow sign-up without an account (with a name)',
    addItem: 'Add item',
    newItem: (list: string) => `New item in ${list}`,
    capacity: 'Places (empty: unlimited)',
    taken: (placed: number, capacity: number) => `${placed} / ${capacity} taken`,
    release: 'Release project',
    released: 'The project has been released.',
    projectMenu: (name: string) => `Actions for ${name}`,
    invite: 'Invite',
    inviteTitle: 'Invite to the project',
    shareTab: 'Share link',
    copyLink: 'Copy link',
    copied: 'Copied to the clipboard.',
    signupFor: (item: string) => `Sign up for ${item}`,
    signupDialog: (item: string) => `Sign up: ${item}`,
    yourName: 'Your name',
    signupSubmit: 'Sign up',
    signedUp: 'You are signed up.',
    placedStatus: 'Signed up',
    signedUpNames: 'Signed up',
    free: (count: number) => (count === 1 ? '1 place free' : `${count} places free`),
    activity: 'Activity',
    activityList: 'Activities, newest first',
    anonymousActor: 'Anonymous visitor',
    visitorSignedUp: (item: string) => `Anonymous visitor signed up for “${item}”`,
    backups: 'Backups',
    backupProject: 'Project',
    slider: 'Point in time',
    newestPoint: 'This is the current state.',
    signupAddedBy: 'Change by a person without an account: Sign-up added',
    statusChanged: 'Status changed',
    addedSince: 'Added since',
    restoreList: (list: string) => `Restore list ${list}`,
    restoreConfirm: 'Restore',
    confirmList: (list: string) => `Reset the list “${list}” with its items and sign-ups to the state of`,
    restored: 'Restored: 1 change.',
    nothingChanged: 'Nothing has changed since.',
    undoRestore: 'Undo restore',
    undone: 'Undone.',
  },
};
type Language = keyof typeof TEXTS;

/** Marks the loaded document; `stillSameDocument` fails if the page was reloaded or left since. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate('window.journeyMarker = "loaded once"');
}

async function stillSameDocument(page: Page): Promise<boolean> {
  return (await page.evaluate('window.journeyMarker')) === 'loaded once';
}

/** The popup message (role status) with this text. */
function popup(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

describeWith('chromium', 'console: the newcomer journey (Chromium against the embedded product)', () => {
  describe.each([['de'], ['en']] as Array<[Language]>)('in %s', (lang) => {
    const T = TEXTS[lang];
    const shot = (page: Page, screen: string) => page.screenshot({ path: screenshotPath(`journey-${lang}-${screen}`), fullPage: true });
    let visitor: Browser | undefined;
    // Declared before the session's hooks so it runs first: the visitor's open socket must be
    // gone before the product stops.
    afterAll(async () => {
      await visitor?.close();
    });
    const session = useConsoleSession(`e2e_journey_${lang}`);

    it('signs up, builds and shares a project, sees a visitor sign up live, finds it in the log and takes it back with a backup', async () => {
      const { url, page } = session;
      const { vorname, nachname } = T.person;
      const mail = `${vorname.toLowerCase()}-${lang}-${Date.now()}@planwerk-test.de`;
      const nav = page.getByRole('navigation', { name: T.navigation });

      // 1. The start page; the English newcomer switches the language with the toggle.
      await page.goto(`${url}/`);
      await page.getByRole('heading', { name: TEXTS.de.welcome, level: 1 }).waitFor();
      if (lang !== 'de') {
        await page.getByRole('group', { name: TEXTS.de.language }).getByRole('button', { name: 'English' }).click();
        await page.getByRole('heading', { name: T.welcome, level: 1 }).waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      }
      // A first visit asks about cookies; the newcomer allows the necessary ones only.
      await page.getByTestId('cookie-banner').getByRole('button', { name: T.cookiesNecessary }).click();
      await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
      await page.getByRole('group', { name: T.accountTools }).getByRole('link', { name: T.registerLink }).click();
      await waitForPath(page, '/signup');

      // Sign up.
      await page.getByRole('heading', { name: T.registerTitle, level: 1 }).waitFor();
      await page.getByLabel(T.firstName).fill(vorname);
      await page.getByLabel(T.lastName).fill(nachname);
      await page.getByLabel(T.mail).fill(mail);
      await page.getByLabel(T.password, { exact: true }).fill(PASSWORD);
      await page.getByLabel(T.password2).fill(PASSWORD);
      await page.getByLabel(T.terms).check();
      await page.getByLabel(T.privacy).check();
      await page.getByLabel(T.cookies).check();
      await shot(page, 'signup');
      await page.getByRole('main').getByRole('button', { name: T.registerSubmit }).click();
      await page.getByRole('heading', { name: T.registerDone, level: 1 }).waitFor();
      await page.getByRole('status').filter({ hasText: T.registerSent(mail) }).waitFor();

      // 2. Activate from the mail (in the language chosen at sign-up).
      const activation = linkIn(await waitForMail(url, mail, T.activationSubject), '/account/activate/');
      await page.goto(activation);
      await page.getByRole('heading', { name: T.activateTitle, level: 1 }).waitFor();
      await page.getByRole('button', { name: T.activateButton }).click();
      await page.getByText(T.activated).waitFor();
      await shot(page, 'activated');

      // 3. Log in.
      await page.getByRole('link', { name: T.toLogin }).click();
      await page.getByRole('heading', { name: T.loginTitle, level: 1 }).waitFor();
      await page.getByLabel(T.mail).fill(mail);
      await page.getByLabel(T.password, { exact: true }).fill(PASSWORD);
      await page.getByRole('main').getByRole('button', { name: T.loginSubmit, exact: true }).click();
      await page.getByTestId('signed-in-user').filter({ hasText: `${vorname} ${nachname}` }).waitFor();
      await waitForPath(page, '/');
      await page.getByRole('heading', { name: T.welcome, level: 1 }).waitFor();
      await shot(page, 'logged-in');

      // Create a team.
      await nav.getByRole('link', { name: T.createTeam }).click();
      await page.getByRole('heading', { name: T.createTeam, level: 1 }).waitFor();
      await page.getByLabel(T.teamName).fill(T.team);
      const teamLink = await page.getByLabel(T.teamLink).inputValue();
      expect(teamLink).toMatch(/^[a-z0-9-]+$/);
      await page.getByLabel(T.teamTypeLabel).selectOption({ label: T.teamType });
      await shot(page, 'team-create');
      await page.getByRole('main').getByRole('button', { name: T.createTeam }).click();
      await waitForPath(page, `/team/${teamLink}/manage`);
      await page.getByRole('heading', { name: T.team, level: 1 }).waitFor();
      await nav.getByRole('link', { name: T.team }).waitFor();

      // 4. A project with a phase, a list and two items.
      await nav.getByRole('link', { name: T.projects, exact: true }).click();
      await waitForPath(page, `/manage/${teamLink}/project`);
      await page.getByRole('heading', { name: T.projects, level: 1 }).waitFor();
      await page.getByRole('button', { name: T.newProject }).click();
      const create = page.getByRole('dialog', { name: T.newProject });
      await create.getByLabel(T.projectName).fill(T.project);
      expect(await create.getByLabel(T.projectLink).inputValue()).toMatch(/^[a-z0-9-]+$/);
      await create.getByRole('button', { name: T.createProject }).click();
      await popup(page, T.projectCreated).waitFor();
      await waitForPath(page, new RegExp(`^/manage/${teamLink}/project/[0-9a-f-]{36}$`));
      await page.getByRole('heading', { name: T.project, level: 1 }).waitFor();
      await page.getByTestId('project-status').filter({ hasText: T.planning }).waitFor();

      await page.getByRole('button', { name: T.addPhase }).click();
      const phaseDialog = page.getByRole('dialog', { name: T.newPhase });
      await phaseDialog.getByLabel(T.name).fill(T.phase);
      await phaseDialog.getByRole('button', { name: T.save }).click();
      await page.getByRole('heading', { name: T.phase, level: 2 }).waitFor();

      await page.getByTestId('phase').getByRole('button', { name: T.addList }).click();
      const listDialog = page.getByRole('dialog', { name: T.newList(T.phase) });
      await listDialog.getByLabel(T.name, { exact: true }).fill(T.list);
      expect(await listDialog.getByLabel(T.anonymousAllowed).isChecked()).toBe(true);
      await listDialog.getByRole('button', { name: T.save }).click();
      await page.getByRole('heading', { name: T.list, level: 4 }).waitFor();

      for (const item of T.items) {
        await page.getByTestId('list').getByRole('button', { name: T.addItem }).click();
        const itemDialog = page.getByRole('dialog', { name: T.newItem(T.list) });
        await itemDialog.getByLabel(T.name, { exact: true }).fill(item);
        await itemDialog.getByLabel(T.capacity).fill('3');
        await itemDialog.getByRole('button', { name: T.save }).click();
        await itemDialog.waitFor({ state: 'detached' });
        await page.getByTestId('item').filter({ hasText: item }).filter({ hasText: T.taken(0, 3) }).waitFor();
      }
      const [firstItem] = T.items;
      const ownerItem = page.getByTestId('item').filter({ hasText: firstItem });

      // Release it and share its public link.
      await page.getByRole('button', { name: T.release }).click();
      await popup(page, T.released).waitFor();
      await page.getByTestId('project-status').filter({ hasText: T.active }).waitFor();
      await shot(page, 'editor');

      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
      await page.getByRole('button', { name: T.projectMenu(T.project) }).click();
      await page.getByRole('menuitem', { name: T.invite }).click();
      const invite = page.getByRole('dialog', { name: T.inviteTitle });
      await invite.getByRole('tab', { name: T.shareTab }).click();
      await invite.getByRole('button', { name: T.copyLink }).first().click();
      await popup(page, T.copied).waitFor();
      const publicLink = await page.evaluate<string>('navigator.clipboard.readText()');
      expect(publicLink).toMatch(new RegExp(`^${url}/[a-z0-9-]+$`));
      // What was copied is the link the dialog shows.
      await invite.getByText(publicLink, { exact: true }).waitFor();
      await shot(page, 'share');
      await invite.press('Escape');
      await invite.waitFor({ state: 'detached' });
      await ownerItem.filter({ hasText: T.taken(0, 3) }).waitFor();
      await markDocument(page);

      // 5. An anonymous visitor, in a browser of their own, opens the link and signs up.
      visitor = await launchBrowser({ locale: T.browserLocale });
      const guest = await visitor.context.newPage();
      await guest.goto(publicLink);
      await guest.getByRole('heading', { name: T.project, level: 1 }).waitFor();
      // The visitor's console speaks the browser's language from the first visit.
      expect(await guest.locator('html').getAttribute('lang')).toBe(lang);
      await guest.getByTestId('cookie-banner').getByRole('button', { name: T.cookiesNecessary }).click();
      const guestItem = guest.getByTestId('public-item').filter({ hasText: firstItem });
      await guestItem.filter({ hasText: T.free(3) }).waitFor();
      await guest.getByRole('button', { name: T.signupFor(firstItem) }).click();
      const signupDialog = guest.getByRole('dialog', { name: T.signupDialog(firstItem) });
      await signupDialog.getByLabel(T.yourName).fill(T.visitor);
      await signupDialog.getByRole('button', { name: T.signupSubmit, exact: true }).click();
      await signupDialog.waitFor({ state: 'detached' });
      await popup(guest, T.signedUp).waitFor();
      const own = guest.getByTestId('own-signup');
      await own.getByTestId('own-signup-status').filter({ hasText: T.placedStatus }).waitFor();
      await guestItem.filter({ hasText: T.free(2) }).waitFor();
      await shot(guest, 'visitor-signed-up');

      // 6. The owner's open editor shows the sign-up without a reload.
      await ownerItem.filter({ hasText: T.taken(1, 3) }).waitFor({ timeout: LIVE_WAIT_MS });
      await ownerItem.getByText(T.visitor, { exact: true }).waitFor({ timeout: LIVE_WAIT_MS });
      expect(await stillSameDocument(page)).toBe(true);
      await shot(page, 'editor-live');

      // 7. The activity log lists it.
      await nav.getByRole('link', { name: T.activity }).click();
      await waitForPath(page, `/manage/${teamLink}/activity`);
      await page.getByRole('heading', { name: T.activity, level: 1 }).waitFor();
      const log = page.getByRole('region', { name: T.activityList });
      await log.getByTestId('activity-entry').filter({ hasText: T.visitorSignedUp(firstItem) }).waitFor();
      await shot(page, 'activity');

      // 8. The backup screen: the list as of before the sign-up, restored, then undone.
      await nav.getByRole('link', { name: T.backups }).click();
      await waitForPath(page, `/manage/${teamLink}/backup`);
      await page.getByRole('heading', { name: T.backups, level: 1 }).waitFor();
      await page.getByLabel(T.backupProject, { exact: true }).selectOption({ label: T.project });
      const point = page.getByTestId('backup-point');
      await point.filter({ hasText: T.signupAddedBy }).filter({ hasText: T.newestPoint }).waitFor();
      const slider = page.getByRole('slider', { name: T.slider });
      await slider.focus();
      await page.keyboard.press('ArrowLeft');
      await point.filter({ hasText: T.statusChanged }).waitFor();
      const diff = page.getByTestId('backup-diff');
      await diff.getByText(T.addedSince).waitFor();
      await diff.getByTestId('diff-added').filter({ hasText: `${T.visitor} (${firstItem})` }).waitFor();
      // The state as of then: the item without its sign-up.
      const state = page.getByTestId('backup-state');
      await state.getByTestId('backup-item').filter({ hasText: firstItem }).filter({ hasText: T.taken(0, 3) }).waitFor();
      expect(await state.getByTestId('backup-signup').count()).toBe(0);

      await state.getByRole('button', { name: T.restoreList(T.list) }).click();
      const confirm = page.getByRole('dialog', { name: T.restoreConfirm });
      await confirm.getByText(T.confirmList(T.list)).waitFor();
      await confirm.getByRole('button', { name: T.restoreConfirm }).click();
      const answer = page.getByTestId('restore-answer');
      await answer.getByText(T.restored).waitFor();
      await diff.getByText(T.nothingChanged).waitFor();
      // The sign-up is gone: the project is as it was then, and the visitor's open page shows it.
      await guestItem.filter({ hasText: T.free(3) }).waitFor({ timeout: LIVE_WAIT_MS });
      await own.waitFor({ state: 'detached', timeout: LIVE_WAIT_MS });
      expect(await guestItem.getByRole('list', { name: T.signedUpNames }).count()).toBe(0);
      await shot(page, 'backup-restored');

      await answer.getByRole('button', { name: T.undoRestore }).click();
      await popup(page, T.undone).waitFor();
      await answer.waitFor({ state: 'detached' });
      await diff.getByTestId('diff-added').filter({ hasText: `${T.visitor} (${firstItem})` }).waitFor();
      // The sign-up is back, among the names the visitor's page shows. (Their browser forgot it
      // as their own when it saw it cancelled, as for any cancel by an admin.)
      await guestItem.filter({ hasText: T.free(2) }).waitFor({ timeout: LIVE_WAIT_MS });
      await guestItem.getByRole('list', { name: T.signedUpNames }).getByText(T.visitor, { exact: true }).waitFor({ timeout: LIVE_WAIT_MS });
      await shot(page, 'backup-undone');
    });
  });
});

/** The first mail to `to` whose subject is `subject`, as the test SMTP server received it. */
async function mailTo(smtp: SmtpTestServer, to: string, subject: string): Promise<ReceivedMail> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const found = smtp.received.find((mail) => mail.envelopeTo.includes(to) && mail.subject === subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail "${subject}" to ${to} within 60 s; received: ${smtp.received.map((mail) => `${mail.envelopeTo.join(',')}: ${mail.subject}`).join(' | ')}`);
}

// The newcomer journey, second chapter (issue 14), with every mail read from a real SMTP
// server: a new person is guided from no team to a project made from a template and invites a
// neighbour by mail; the neighbour opens the invitation on a phone, signs up with an e-mail
// address and gets the confirmation with a calendar entry (parsed with ical.js); on a laptop —
// a browser that never saw the sign-up — the private link from that mail changes it; the
// organiser, who asked for a mail per sign-up, is told, and sees the change.
describeWith('chromium', 'console: the newcomer journey, from a template to the mails (Chromium, test SMTP server)', () => {
  const browsers: Browser[] = [];
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
  });
  const session = useConsoleSession('e2e_journey_mail', { smtp: true });
  const { headers } = consoleApi('JourE2e002');

  it('onboards with a template, invites by mail, confirms the visitor with an .ics and a private link, and tells the organiser', async () => {
    const { url, page, smtp } = session;
    const stamp = Date.now();
    const owner = `mara-${stamp}@planwerk-test.de`;
    const neighbour = `nora-${stamp}@planwerk-test.de`;
    const shot = (target: Page, name: string) => target.screenshot({ path: screenshotPath(`journey-mail-${name}`), fullPage: true });

    // Registered (the first chapter does it on screen), activated from the mail.
    const registered = await fetch(`${url}/v5/auth`, {
      method: 'POST', headers,
      body: JSON.stringify({ mail: owner, vorname: 'Mara', nachname: 'Neuling', pass: PASSWORD, pass2: PASSWORD, terms: true, privacy: true, cookies: true, age: true }),
    });
    expect(registered.status).toBe(201);
    const activation = await mailTo(smtp, owner, 'Bitte bestätige deine E-Mail-Adresse für Planwerk');
    await page.goto(`${url}/feedback`);
    await page.evaluate("localStorage.setItem('planwerk.cookieConsent', '2')");
    await page.goto(linkIn({ to: owner, subject: activation.subject, text: activation.text }, '/account/activate/'));
    await page.getByRole('button', { name: 'Konto aktivieren' }).click();
    await page.getByText('Dein Konto ist aktiv. Du kannst dich jetzt anmelden.').waitFor();
    await logIn(page, url, owner);

    // The start page guides: team, template, invite.
    await page.goto(url);
    const guide = page.getByRole('region', { name: 'Willkommen! In drei Schritten startklar' });
    await guide.waitFor();
    await guide.getByLabel('Name des Teams').fill('Nachbarschaft Lindenweg');
    await guide.getByRole('button', { name: 'Team erstellen' }).click();
    await guide.getByRole('button', { name: 'Vorlage Helferliste verwenden' }).click();
    const apply = page.getByRole('dialog', { name: 'Projekt aus „Helferliste“' });
    await apply.getByLabel('Datum').fill('2031-07-05');
    await apply.getByLabel('Beginn').fill('14:00');
    const link = await apply.getByLabel('Projekt-Link').inputValue();
    await apply.getByRole('button', { name: 'Projekt erstellen' }).click();
    await guide.getByText('„Helferliste“ ist bereit').waitFor();
    await shot(page, 'onboarding-invite-step');

    // Invite the neighbour by mail from the guide's last step.
    await guide.getByRole('button', { name: 'Leute einladen' }).click();
    const invite = page.getByRole('dialog', { name: 'Zum Projekt einladen' });
    await invite.getByLabel('E-Mail-Adressen').fill(neighbour);
    await invite.getByLabel('E-Mail-Adressen').press('Enter');
    await invite.getByRole('button', { name: 'Einladung senden' }).click();
    await invite.getByRole('status').filter({ hasText: 'Einladung an 1 Adresse verschickt.' }).waitFor();
    await page.keyboard.press('Escape');

    // The organiser wants a mail per new sign-up.
    await guide.getByRole('button', { name: 'Fertig' }).click();
    await waitForPath(page, /^\/manage\/[^/]+\/project\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Benachrichtigungen' }).click();
    const notifications = page.getByRole('dialog', { name: 'Benachrichtigungen zu Eintragungen' });
    await notifications.getByRole('radio', { name: 'Eine E-Mail pro neuer Eintragung' }).check();
    await notifications.getByRole('button', { name: 'Speichern' }).click();
    await notifications.waitFor({ state: 'detached' });

    // The neighbour's invitation arrives and opens on a phone.
    const invitation = await mailTo(smtp, neighbour, 'Einladung zu einem Projekt bei Planwerk');
    expect(invitation.text).toContain('Mara Neuling lädt dich zum Projekt „Helferliste“ bei Planwerk ein.');
    const invitationLink = new RegExp(`${url}/${link}#invite-[0-9a-f-]{36}`).exec(invitation.text)?.[0];
    expect(invitationLink).toBeDefined();
    const phone = await launchBrowser();
    browsers.push(phone);
    const visitor = await phone.context.newPage();
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.goto(`${url}/feedback`);
    await visitor.evaluate("localStorage.setItem('planwerk.cookieConsent', '2')");
    await visitor.goto(invitationLink ?? '');
    await visitor.getByRole('button', { name: 'Für Grill eintragen' }).click();
    const signup = visitor.getByRole('dialog', { name: 'Eintragen: Grill' });
    await signup.getByLabel('Dein Name').fill('Nora Nachbarin');
    await signup.getByLabel('E-Mail-Adresse (freiwillig)').fill(neighbour);
    await signup.getByRole('button', { name: 'Eintragen' }).click();
    await visitor.getByText(`Du bist eingetragen. Die Bestätigung geht an ${neighbour}.`).waitFor();
    await shot(visitor, 'visitor-signed-up-390');

    // The confirmation carries a calendar entry for the item's time on the chosen day.
    const confirmation = await mailTo(smtp, neighbour, 'Deine Eintragung ist bestätigt');
    expect(confirmation.text).toContain('du bist im Projekt „Helferliste“ für „Grill“ eingetragen.');
    const ics = attachmentsOf(confirmation).find((file) => file.filename?.endsWith('.ics'));
    expect(ics?.contentType).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(ics?.content ?? ''));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const entry = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(entry.summary).toBe('Grill – Helferliste');
    expect(entry.startDate.toString()).toBe('2031-07-05T14:00:00');
    expect(entry.endDate.toString()).toBe('2031-07-05T18:00:00');

    // The organiser is told.
    const told = await mailTo(smtp, owner, 'Neue Eintragung');
    expect(told.text).toContain('Nora Nachbarin hat sich im Projekt „Helferliste“ in der Liste „Während des Festes“ für „Grill“ eingetragen.');

    // On a laptop that never saw the sign-up, the private link from the mail changes it.
    const privateLink = new RegExp(`${url}/${link}/signup#[0-9a-f.-]+\\.[A-Za-z0-9_-]{43}`).exec(confirmation.text)?.[0];
    expect(privateLink).toBeDefined();
    const laptop = await launchBrowser();
    browsers.push(laptop);
    const other = await laptop.context.newPage();
    await other.goto(`${url}/feedback`);
    await other.evaluate("localStorage.setItem('planwerk.cookieConsent', '2')");
    await other.goto(privateLink ?? '');
    const mine = other.getByRole('region', { name: 'Deine Eintragung' });
    await mine.getByTestId('own-signup').filter({ hasText: 'Nora Nachbarin' }).waitFor();
    await mine.getByRole('button', { name: 'Ändern' }).click();
    const change = other.getByRole('dialog', { name: 'Eintragung ändern: Grill' });
    await change.getByLabel('Dein Name').fill('Nora N.');
    await change.getByRole('button', { name: 'Änderung speichern' }).click();
    await mine.getByTestId('own-signup').filter({ hasText: 'Nora N.' }).waitFor();
    await shot(other, 'private-link-changed-1366');

    // The organiser's table of sign-ups shows the changed name.
    await page.goto(`${url}/${link}/admin`);
    const table = page.getByRole('table', { name: 'Während des Festes' });
    await table.getByRole('cell', { name: 'Nora N.', exact: true }).waitFor();
    await shot(page, 'organiser-admin-view');
  });
});
