/// <reference lib="dom" />
import { describeWith } from '../scripts/testing/components';
import { expectAccessible } from './support/axe';
import { screenshotPath, waitForPath } from './support/browser';
import { consoleApi, logIn } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';
import { expectNoHorizontalOverflow } from './support/layout';

jest.setTimeout(240_000);

const { activatedAccount } = consoleApi('OnbrE2e001');

// The newcomer's first minutes (issue 14): a new account without a team meets no error toast
// on the team screens but an explanation, and the start page guides it: create a team → pick a
// template of the gallery → invite; the project from the template has its lists and items.
describeWith('chromium', 'console: onboarding with the template gallery (Chromium against the embedded product)', () => {
  const session = useConsoleSession('e2e_onboarding');

  it('takes a new account from no team to a project made from a template, at phone width', async () => {
    const { url, page } = session;
    const mail = await activatedAccount(url, 'Olga', 'Onboarding');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${url}/feedback`);
    await page.evaluate("localStorage.setItem('planwerk.cookieConsent', '2')");
    await logIn(page, url, mail);

    // Before a team exists the projects screen explains and offers instead of a red toast.
    await page.goto(`${url}/manage/0/project`);
    await page.getByRole('heading', { name: 'Noch kein Team' }).waitFor();
    expect(await page.getByText('Nicht ausreichende Berechtigung').count()).toBe(0);
    expect(await page.locator('.alert--danger, [data-tone="danger"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Einem Team beitreten' }).click();
    await page.getByLabel('Einladungslink').waitFor();
    await expectNoHorizontalOverflow(page, 'no team, 390 px');
    await page.screenshot({ path: screenshotPath('onboarding-no-team-390'), fullPage: true });

    // The guided start: step 1 of 3.
    await page.getByRole('link', { name: 'Team erstellen' }).click();
    await waitForPath(page, '/start/onboarding');
    const guide = page.getByRole('region', { name: 'Willkommen! In drei Schritten startklar' });
    await guide.waitFor();
    expect(await guide.locator('[aria-current="step"]').textContent()).toContain('Schritt 1 von 3: Team erstellen');
    await expectNoHorizontalOverflow(page, 'onboarding step 1, 390 px');
    await page.screenshot({ path: screenshotPath('onboarding-step1-390'), fullPage: true });
    await guide.getByLabel('Name des Teams').fill(`Turnverein Olga ${Date.now() % 100000}`);
    await guide.getByRole('button', { name: 'Team erstellen' }).click();

    // Step 2: the gallery.
    await guide.getByRole('list', { name: 'Vorlagen' }).waitFor();
    expect(await guide.locator('[aria-current="step"]').textContent()).toContain('Schritt 2 von 3: Vorlage wählen');
    expect(await guide.getByRole('heading', { level: 3 }).allTextContents()).toEqual(expect.arrayContaining([
      'Helferliste', 'Mitbring-Buffet', 'Turnier', 'Elternsprechtag', 'Schichtplan',
    ]));
    await expectNoHorizontalOverflow(page, 'template gallery, 390 px');
    await expectAccessible(page, 'onboarding gallery, 390 px');
    await page.screenshot({ path: screenshotPath('onboarding-gallery-390'), fullPage: true });
    await guide.getByRole('button', { name: 'Vorlage Helferliste verwenden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Projekt aus „Helferliste“' });
    await dialog.getByLabel('Datum').fill('2031-07-05');
    await dialog.getByLabel('Beginn').fill('14:00');
    expect(await dialog.getByLabel('Gleich freigeben, damit sich andere eintragen können').isChecked()).toBe(true);
    await expectNoHorizontalOverflow(page, 'apply dialog, 390 px');
    await page.screenshot({ path: screenshotPath('onboarding-apply-390') });
    const link = await dialog.getByLabel('Projekt-Link').inputValue();
    await dialog.getByRole('button', { name: 'Projekt erstellen' }).click();

    // Step 3: invite, then the project with its lists and items.
    await guide.getByText('„Helferliste“ ist bereit').waitFor();
    expect(await guide.locator('[aria-current="step"]').textContent()).toContain('Schritt 3 von 3: Einladen');
    await guide.getByRole('button', { name: 'Leute einladen' }).click();
    await page.getByRole('dialog', { name: 'Zum Projekt einladen' }).waitFor();
    await page.screenshot({ path: screenshotPath('onboarding-invite-390') });
    await page.keyboard.press('Escape');
    await guide.getByRole('button', { name: 'Fertig' }).click();
    await waitForPath(page, /^\/manage\/[^/]+\/project\/[0-9a-f-]{36}$/);
    for (const name of ['Aufbau', 'Während des Festes', 'Abbau']) await page.getByText(name, { exact: true }).first().waitFor();
    for (const name of ['Kasse', 'Grill', 'Dekoration']) await page.getByText(name, { exact: true }).first().waitFor();
    await page.screenshot({ path: screenshotPath('onboarding-project-390'), fullPage: true });

    // Released at once: visitors see it at its link with the times from the chosen start.
    await page.goto(`${url}/${link}`);
    await page.getByText('Tische und Bänke aufstellen').waitFor();
    expect(await page.locator('body').textContent()).toContain('12:00');

    // The start page no longer shows the guide; the gallery stays reachable from the projects.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(url);
    await page.getByRole('heading', { name: 'Willkommen bei Planwerk' }).waitFor();
    expect(await page.getByRole('region', { name: 'Willkommen! In drei Schritten startklar' }).count()).toBe(0);
    await page.goto(`${url}/manage/0/project`);
    await page.getByRole('link', { name: 'Aus Vorlagen-Galerie' }).click();
    await page.getByRole('heading', { name: 'Vorlagen-Galerie', level: 1 }).waitFor();
    await expectNoHorizontalOverflow(page, 'template gallery, 1366 px');
    await page.screenshot({ path: screenshotPath('templates-gallery-1366'), fullPage: true });
    await page.getByRole('button', { name: 'Dunkles Design' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { name: 'Vorlagen-Galerie', level: 1 }).waitFor();
    await expectNoHorizontalOverflow(page, 'template gallery, 390 px, dark');
    await expectAccessible(page, 'template gallery, 390 px, dark');
    await page.screenshot({ path: screenshotPath('templates-gallery-390-dark'), fullPage: true });
  });
});
