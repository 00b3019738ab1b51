import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface OidcTestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  token_endpoint_auth_method?: string;
}

export interface OidcTestAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface OidcTestProvider {
  issuer: string;
  stop(): Promise<void>;
}

/** Starts oidc-provider in a child process (it is ESM-only) and waits for its issuer URL. */
export async function startOidcTestProvider(config: {
  clients: OidcTestClient[];
  accounts: Record<string, OidcTestAccount>;
}): Promise<OidcTestProvider> {
  const child = spawn(process.execPath, [join(__dirname, 'oidc-provider.mjs'), JSON.stringify(config)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`oidc-provider did not start in 20 s\n${stderr}`)), 20_000);
    child.once('exit', (code) => reject(new Error(`oidc-provider exited with ${code}\n${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^ready (\S+)$/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] ?? '');
      }
    });
  });
  return { issuer, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Plays the browser: follows the authorization URL through the provider's login and consent
 * pages (oidc-provider's dev interactions) with a cookie jar, and returns the query the
 * provider redirects to `redirectUri` with.
 */
export async function authorizeAs(authorizationUrl: string, accountId: string, redirectUri: string): Promise<URLSearchParams> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      body: form,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '') jar.delete(name);
      else jar.set(name, value);
    }
    form = undefined;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      if (url.href.startsWith(redirectUri)) return url.searchParams;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status} at ${url.pathname}: ${html.slice(0, 300)}`);
    // The page is either the login form or the consent form; both post back to the same URL.
    form = html.includes('name="prompt" value="login"')
      ? new URLSearchParams({ prompt: 'login', login: accountId, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('the authorization did not reach the redirect URI in 20 steps');
}
