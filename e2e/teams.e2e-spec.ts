import type { Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { launchBrowser, screenshotPath, type Browser } from './support/browser';
import { consoleApi, logIn } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';

jest.setTimeout(180_000);

const INVITATION_SUBJECT = 'Einladung in ein Team bei Planwerk';
const { waitForMail, activatedAccount } = consoleApi('TeamE2e001');

describeWith('chromium', 'console: teams (Chromium against the embedded product)', () => {
  const session = useConsoleSession('e2e_teams');
  let page: Page;
  let second: Browser | undefined;

  beforeEach(async () => {
    page = session.page;
    await page.goto(`${session.url}/feedback`);
    await page.evaluate('localStorage.clear()');
  });

  afterAll(async () => {
    await second?.close();
  });

  it('creates a team, invites by mail, the invited person accepts in another browser, the owner sees the member', async () => {
    const ownerMail = await activatedAccount(session.url, 'Olga', 'Team');
    const memberMail = await activatedAccount(session.url, 'Max', 'Team');
    const teamName = `Chor Nord ${Date.now() % 100000}`;

    await logIn(page, session.url, ownerMail);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Team erstellen' }).click();
    await page.getByRole('heading', { name: 'Team erstellen', level: 1 }).waitFor();
    await page.getByLabel('Name des Teams').fill(teamName);
    const link = await page.getByLabel('Team-Link').inputValue();
    expect(link).toMatch(/^chor-nord-\d+$/);
    await page.getByLabel('Art des Teams').selectOption('club');
    await page.screenshot({ path: screenshotPath('teams-create'), fullPage: true });
    await page.getByRole('main').getByRole('button', { name: 'Team erstellen' }).click();

    // The owner opens team management (spec section 6).
    await page.waitForURL(`${session.url}/team/${link}/manage`);
    await page.getByRole('heading', { name: teamName, level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: teamName }).waitFor();
    await page.screenshot({ path: screenshotPath('teams-manage'), fullPage: true });

    await page.getByRole('navigation', { name: 'Bereiche des Teams' }).getByRole('link', { name: 'Mitglieder' }).click();
    const members = page.getByRole('table', { name: 'Mitglieder' });
    await members.getByRole('row').nth(1).waitFor();
    expect(await members.getByTestId('team-member').count()).toBe(1);
    // The owner by name, marked as themselves (issue 14: not a bare "Du").
    await members.getByRole('cell', { name: 'Olga Team (du)', exact: true }).waitFor();
    await page.getByLabel('E-Mail-Adresse').fill(memberMail);
    await page.getByRole('button', { name: 'Einladung senden' }).click();
    await page.getByText('Die Einladung wurde verschickt.').waitFor();
    await page.getByRole('table', { name: 'Offene Einladungen' }).getByRole('cell', { name: 'E-Mail' }).waitFor();
    await page.screenshot({ path: screenshotPath('teams-invited'), fullPage: true });

    // The invited person, in a browser of their own, follows the mail link.
    const inviteLink = /https?:\/\/\S+\/invite\/[0-9a-f-]{36}/.exec((await waitForMail(session.url, memberMail, INVITATION_SUBJECT)).text)?.[0];
    expect(inviteLink).toBeDefined();
    second = await launchBrowser();
    const invited = await second.context.newPage();
    await invited.goto(inviteLink ?? '');
    // Not signed in: error-login, then the login returns to the invitation (last route).
    await invited.waitForURL(`${session.url}/error/login`);
    await invited.getByRole('main').getByRole('link', { name: 'Anmelden', exact: true }).click();
    await logIn(invited, null, memberMail);
    await invited.waitForURL(inviteLink ?? '');
    await invited.getByRole('heading', { name: 'Einladung in ein Team', level: 1 }).waitFor();
    await invited.getByRole('button', { name: 'Annehmen' }).click();
    await invited.getByText(`Du wurdest mit ${teamName} verbunden`).first().waitFor();
    await invited.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: teamName }).waitFor();
    await invited.screenshot({ path: screenshotPath('teams-invitation-accepted'), fullPage: true });
    await expectAccessible(invited, 'invitation-accepted');

    await invited.getByRole('link', { name: 'Zum Team' }).click();
    await invited.waitForURL(`${session.url}/team/${link}/details`);
    await invited.getByText('Mitglied', { exact: true }).first().waitFor();
    // A plain member has no management tab and cannot open it.
    expect(await invited.getByRole('navigation', { name: 'Bereiche des Teams' }).getByRole('link', { name: 'Verwalten' }).count()).toBe(0);
    await invited.goto(`${session.url}/team/${link}/manage`);
    await invited.waitForURL(`${session.url}/error/access`);

    // The owner sees the new member.
    await page.reload();
    await members.getByTestId('team-member').nth(1).waitFor();
    expect(await members.getByTestId('team-member').count()).toBe(2);
    // By the name from the account, the user id as the cell's title.
    expect(await members.getByRole('cell', { name: 'Max Team', exact: true }).getAttribute('title')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await members.getByRole('combobox').count()).toBe(1);
    await page.screenshot({ path: screenshotPath('teams-members'), fullPage: true });
    await expectAccessible(page, 'team-members');
  });
});
