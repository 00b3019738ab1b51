import type { Page } from 'playwright-core';

// Accounts for the browser suites, made through the API of the embedded product (the UI path
// of sign-up and activation is tested once, in accounts.e2e-spec.ts).

export const ACTIVATION_SUBJECT = 'Bitte bestätige deine E-Mail-Adresse für Planwerk';
export const PASSWORD = 'ein langer Satz für Planwerk 2025';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The API calls of one suite, all sent with the suite's own device id. */
export interface ConsoleApi {
  /** Headers of every call: JSON, the device id and the API version. */
  readonly headers: Record<string, string>;
  /** Polls the local mailbox (embedded mode without SMTP_URL: /v5/dev/mailbox) for a mail. */
  waitForMail(url: string, to: string, subject: string): Promise<Mail>;
  /** Registers and activates an account; returns its mail `<vorname in lower case>-<time>@planwerk-test.de`. */
  activatedAccount(url: string, vorname: string, nachname: string): Promise<string>;
  /** Logs the account in on the suite's device (PUT /v5/auth); returns the session token. */
  sessionToken(url: string, mail: string): Promise<string>;
  /** An authorised call of /v5/{path}; throws on a status of 300 or above, returns the body. */
  call<T>(url: string, method: string, path: string, token: string, body?: unknown): Promise<T>;
}

export function consoleApi(device: string): ConsoleApi {
  const headers = { 'content-type': 'application/json', 'x-device-id': device, 'x-api-version': '5.0.1' };

  async function waitForMail(url: string, to: string, subject: string): Promise<Mail> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const response = await fetch(`${url}/v5/dev/mailbox`, { headers });
      const mails = ((await response.json()) as { body: { mails: Mail[] } }).body.mails;
      const found = mails.find((mail) => mail.to === to && mail.subject === subject);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`no mail "${subject}" to ${to} within 60 s`);
  }

  return {
    headers,
    waitForMail,

    async activatedAccount(url, vorname, nachname) {
      const mail = `${vorname.toLowerCase()}-${Date.now()}@planwerk-test.de`;
      const registered = await fetch(`${url}/v5/auth`, {
        method: 'POST', headers,
        body: JSON.stringify({ mail, vorname, nachname, pass: PASSWORD, pass2: PASSWORD, terms: true, privacy: true, cookies: true, age: true }),
      });
      expect(registered.status).toBe(201);
      const token = /\/account\/activate\/([A-Za-z0-9_-]{43})/.exec((await waitForMail(url, mail, ACTIVATION_SUBJECT)).text)?.[1];
      const activated = await fetch(`${url}/v5/auth/activate`, { method: 'POST', headers, body: JSON.stringify({ token }) });
      expect(activated.status).toBe(200);
      return mail;
    },

    async sessionToken(url, mail) {
      const login = await fetch(`${url}/v5/auth`, { method: 'PUT', headers, body: JSON.stringify({ mail, pass: PASSWORD, device }) });
      return ((await login.json()) as { body: { token: string } }).body.token;
    },

    async call<T>(url: string, method: string, path: string, token: string, body?: unknown): Promise<T> {
      const response = await fetch(`${url}/v5/${path}`, {
        method, headers: { ...headers, authorization: token }, body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return (JSON.parse(text) as { body: T }).body;
    },
  };
}

/** The first link in the mail's text that contains `path`. */
export function linkIn(mail: Mail, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path}[^\\s]*`).exec(mail.text);
  if (!match) throw new Error(`mail has no ${path} link:\n${mail.text}`);
  return match[0];
}

/** Fills and submits the login form the page already shows; does not wait for the outcome. */
export async function submitLogin(page: Page, mail: string, password = PASSWORD): Promise<void> {
  await page.getByRole('heading', { name: 'Anmelden', level: 1 }).waitFor();
  await page.getByLabel('E-Mail-Adresse').fill(mail);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Anmelden', exact: true }).click();
}

/**
 * Logs in through the console and waits until the user is signed in. With `url` the page
 * opens `/login` first; without, it must already show the login form (e.g. after a redirect
 * that is to return to the last route).
 */
export async function logIn(page: Page, url: string | null, mail: string, password = PASSWORD): Promise<void> {
  if (url !== null) await page.goto(`${url}/login`);
  await submitLogin(page, mail, password);
  await page.getByTestId('signed-in-user').waitFor();
}
