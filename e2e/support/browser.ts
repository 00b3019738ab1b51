import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const repoRoot = resolve(__dirname, '..', '..');
export const artifactsDir = join(repoRoot, 'e2e', 'artifacts');
/** Screenshots of the main screens (issue 7): ignored by git, kept by CI as files. */
export const screenshotsDir = join(repoRoot, 'e2e', 'screenshots');

// Flags from toolchain.md: never --user-data-dir in args, never `playwright install`.
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A Chromium of its own; `locale` (default de-DE) is the browser language a first visit sees. */
export async function launchBrowser(options: { locale?: string } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'pw-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    locale: options.locale ?? 'de-DE',
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// The browser tests drive the built console; build it once when dist is missing.
export function ensureConsoleBuilt(): void {
  if (existsSync(join(repoRoot, 'frontend', 'dist', 'index.html'))) return;
  const build = spawnSync('npm', ['run', 'build', '-w', 'frontend'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build -w frontend failed; the browser tests need frontend/dist');
}

export function screenshotPath(name: string): string {
  mkdirSync(screenshotsDir, { recursive: true });
  return join(screenshotsDir, `${name}.png`);
}

/**
 * Waits until the page's path is `path` (or matches it), polled in the page: the console
 * navigates with the history API, which can race Playwright's navigation waiter.
 */
export async function waitForPath(page: Page, path: string | RegExp): Promise<void> {
  // A function with arguments, not a string: the console's Content-Security-Policy forbids
  // evaluating strings in the page (no 'unsafe-eval').
  const wanted = typeof path === 'string' ? { exact: path, source: '', flags: '' } : { exact: null, source: path.source, flags: path.flags };
  await page.waitForFunction((want) => {
    const current = (globalThis as unknown as { location: { pathname: string } }).location.pathname;
    return want.exact !== null ? current === want.exact : new RegExp(want.source, want.flags).test(current);
  }, wanted);
}
