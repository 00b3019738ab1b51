/// <reference lib="dom" />
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { launchBrowser, screenshotPath } from './support/browser';
import { consoleApi, logIn } from './support/console-accounts';
import { shootPage, useEmbeddedConsole } from './support/embedded-console';

jest.setTimeout(300_000);

// The team's data-processing agreement (issue 14, spec section 2: /settings/admin/{ccLink} "and
// its agreement", owner or admin only), as a club's owner uses it: from the settings navigation
// to the team administration, read the agreement on a desktop and a phone, tick the box,
// conclude it, see who concluded it when, and find it in the team's activity log as a sentence.
// A plain member of the team is sent to the access error.

const { activatedAccount, sessionToken, call } = consoleApi('AgreementE');


describeWith('chromium', 'console: the team\'s data-processing agreement (Chromium against the embedded product)', () => {
  const product = useEmbeddedConsole('e2e_team_agreement');

  it('is read and concluded by the owner at 1366 and 390 px, shows who concluded it, and is logged as a sentence; a member gets no access', async () => {
    const url = product.url();
    const browser = product.browser();
    const ownerMail = await activatedAccount(url, 'Ada', 'Lovelace');
    const ownerToken = await sessionToken(url, ownerMail);
    const teamLink = `chor-${Date.now() % 100000}`;
    const { teamId } = await call<{ teamId: string }>(url, 'POST', 'team', ownerToken, { name: 'Kirchenchor St. Martin', link: teamLink, type: 'club' });

    const page = await browser.context.newPage();
    const failed = (error: unknown) => page.screenshot({ path: screenshotPath('team-agreement-failure'), fullPage: true }).catch(() => undefined).then(() => { throw error; });
    try {
      await page.setViewportSize({ width: 1366, height: 900 });
      await logIn(page, url, ownerMail);
      const banner = page.getByTestId('cookie-banner');
      if (await banner.count() > 0) await banner.getByRole('button', { name: 'Nur notwendige' }).click();

      // From the settings navigation to the team's administration.
      await page.goto(`${url}/settings/account`);
      await page.getByRole('navigation', { name: 'Bereiche der Einstellungen' }).getByRole('link', { name: 'Team-Verwaltung' }).click();
      await page.waitForURL(`${url}/settings/admin/${teamLink}`);
      await page.getByRole('heading', { name: 'Kirchenchor St. Martin', level: 2 }).waitFor();
      await page.getByText('Für euer Team ist noch kein Vertrag in der aktuellen Fassung (2026-11) abgeschlossen.').waitFor();
      const document = page.getByRole('article');
      await document.getByRole('heading', { name: 'Vertrag zur Auftragsverarbeitung nach Art. 28 DSGVO' }).waitFor();
      expect(await document.getByRole('listitem').count()).toBe(10);
      expect(await document.textContent()).toContain(`Planwerk-Installation unter ${url}`);
      await shootPage(page, 'team-agreement-open-1366');
      await expectAccessible(page, 'team-agreement-open');
      await page.setViewportSize({ width: 390, height: 844 });
      await shootPage(page, 'team-agreement-open-390');

      // Conclude it on the phone: the button waits for the box.
      const conclude = page.getByRole('button', { name: 'Vertrag abschließen' });
      expect(await conclude.isDisabled()).toBe(true);
      await page.getByLabel('Ich habe den Vertrag gelesen und bin berechtigt, ihn für Kirchenchor St. Martin abzuschließen.').check();
      await conclude.click();
      await page.getByText('Der Vertrag zur Auftragsverarbeitung ist abgeschlossen.').waitFor();
      const status = page.getByRole('status').filter({ hasText: 'Abgeschlossen am' });
      await status.waitFor();
      expect(await status.textContent()).toMatch(/Abgeschlossen am \d{1,2}\. \p{L}+ \d{4} um \d\d:\d\d von Ada Lovelace \(Fassung 2026-11\)\./u);
      await conclude.waitFor({ state: 'detached' });
      await shootPage(page, 'team-agreement-concluded-390');
      await page.setViewportSize({ width: 1366, height: 900 });
      await shootPage(page, 'team-agreement-concluded-1366');
      await expectAccessible(page, 'team-agreement-concluded');

      // The team's activity log tells it in a sentence a treasurer reads.
      await page.goto(`${url}/manage/${teamLink}/activity`);
      await page.getByText('Ada Lovelace hat den Vertrag zur Auftragsverarbeitung (Fassung 2026-11) für das Team abgeschlossen').first().waitFor();
    } catch (error) {
      await failed(error);
    } finally {
      await page.close();
    }

    // A plain member of the team: no entry in the navigation, and the address sends to the access error.
    const memberMail = await activatedAccount(url, 'Grace', 'Hopper');
    const memberToken = await sessionToken(url, memberMail);
    const invite = await call<{ path: string }>(url, 'POST', `team/${teamId}/invitations`, ownerToken, { channel: 'link', level: 'member' });
    await call(url, 'POST', 'account/invite', memberToken, { data: invite.path.split('/').pop() });
    // A browser of their own: the owner's session stays in the first one.
    const second = await launchBrowser();
    const member = await second.context.newPage();
    try {
      await logIn(member, url, memberMail);
      await member.goto(`${url}/settings/account`);
      await member.getByRole('navigation', { name: 'Bereiche der Einstellungen' }).waitFor();
      expect(await member.getByRole('link', { name: 'Team-Verwaltung' }).count()).toBe(0);
      await member.goto(`${url}/settings/admin/${teamLink}`);
      await member.waitForURL(`${url}/error/access`);
    } finally {
      await second.close();
    }
  });
});
