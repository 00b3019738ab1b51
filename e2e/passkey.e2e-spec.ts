import type { CDPSession, Page } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { screenshotPath, waitForPath } from './support/browser';
import { consoleApi, logIn } from './support/console-accounts';
import { useConsoleSession } from './support/console-session';

jest.setTimeout(180_000);

// Passkeys in the console (spec section 4, login session): a signed-in user adds a passkey in
// the security settings, signs out and signs in again with it from the login page, without a
// password. Chromium's virtual authenticator (CDP WebAuthn domain) plays the device: a
// platform authenticator with resident keys that verifies the user (like a fingerprint).

const { activatedAccount } = consoleApi('PassE2e001');

interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId: string;
  userHandle?: string;
  signCount: number;
}

/** A virtual platform authenticator for this page: resident keys, user verification passes. */
async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

async function credentialsOf(cdp: CDPSession, authenticatorId: string): Promise<VirtualCredential[]> {
  return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as VirtualCredential[];
}

async function openSecuritySettings(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/settings/account`);
  await page.getByRole('navigation', { name: 'Bereiche der Einstellungen' }).getByRole('link', { name: 'Sicherheit' }).click();
  await waitForPath(page, '/settings/account/secure');
  await page.getByRole('heading', { name: 'Passkeys', level: 2 }).waitFor();
}

async function logOut(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await waitForPath(page, '/login');
  await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();
  expect(await page.getByTestId('signed-in-user').count()).toBe(0);
}

describeWith('chromium', 'console: passkeys (Chromium with a virtual authenticator against the embedded product)', () => {
  const session = useConsoleSession('e2e_passkey');

  it('adds a passkey in the security settings and signs in with it after logging out', async () => {
    const { url, page } = session;
    const mail = await activatedAccount(url, 'Paula', 'Passkey');
    await page.goto(`${url}/feedback`);
    await page.evaluate('localStorage.clear()');
    const { cdp, authenticatorId } = await addAuthenticator(page);
    await logIn(page, url, mail);

    await openSecuritySettings(page, url);
    await page.getByText('Noch keine Passkeys.').waitFor();
    await page.getByLabel('Name des Passkeys (optional)').fill('Laptop');
    await page.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    const passkeys = page.getByRole('table', { name: 'Passkeys' });
    const laptop = passkeys.getByRole('row').filter({ hasText: 'Laptop' });
    await laptop.waitFor();
    expect(await laptop.getByRole('cell', { name: 'nie', exact: true }).count()).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    // The device holds one discoverable credential, for this site.
    const stored = await credentialsOf(cdp, authenticatorId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ isResidentCredential: true, rpId: new URL(url).hostname });
    await page.screenshot({ path: screenshotPath('passkey-registered'), fullPage: true });

    await logOut(page, url);
    // No e-mail, no password: the browser offers the site's passkey and the device verifies.
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await page.getByTestId('signed-in-user').filter({ hasText: 'Paula Passkey' }).waitFor();
    await waitForPath(page, /^(?!\/login$)/);
    expect((await credentialsOf(cdp, authenticatorId))[0]?.signCount).toBeGreaterThan(stored[0]?.signCount ?? 0);
    await page.screenshot({ path: screenshotPath('passkey-signed-in'), fullPage: true });

    // The settings show the passkey as used now.
    await openSecuritySettings(page, url);
    await laptop.waitFor();
    expect(await laptop.getByRole('cell', { name: 'nie', exact: true }).count()).toBe(0);
    await cdp.detach();
  });

  it('refuses a passkey removed in the settings, and one the device cannot verify, leaving the user signed out', async () => {
    const { url, page } = session;
    const mail = await activatedAccount(url, 'Rolf', 'Passkey');
    await page.goto(`${url}/feedback`);
    await page.evaluate('localStorage.clear()');
    const { cdp, authenticatorId } = await addAuthenticator(page);
    await logIn(page, url, mail);

    await openSecuritySettings(page, url);
    await page.getByLabel('Name des Passkeys (optional)').fill('Telefon');
    await page.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    await page.getByRole('table', { name: 'Passkeys' }).getByRole('row').filter({ hasText: 'Telefon' }).waitFor();

    // Removed from the account; the device still holds the credential and offers it.
    await page.getByRole('button', { name: 'Entfernen: Telefon' }).click();
    await page.getByText('Noch keine Passkeys.').waitFor();
    expect(await credentialsOf(cdp, authenticatorId)).toHaveLength(1);

    await logOut(page, url);
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await page.getByRole('alert').filter({ hasText: 'Der Passkey konnte nicht bestätigt werden.' }).waitFor();
    expect(await page.getByTestId('signed-in-user').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.screenshot({ path: screenshotPath('passkey-removed-refused'), fullPage: true });

    // The device holds the credential but cannot verify the person (say, a wrong fingerprint):
    // the browser refuses, the page says so, and the earlier refusal no longer shows beside it.
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Die Anmeldung mit dem Passkey wurde abgebrochen oder ist fehlgeschlagen.' });
    await refused.waitFor();
    expect(await page.getByRole('alert').allTextContents()).toEqual(['Die Anmeldung mit dem Passkey wurde abgebrochen oder ist fehlgeschlagen.']);
    expect(await page.getByTestId('signed-in-user').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    await cdp.detach();
  });
});
