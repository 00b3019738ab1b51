import { copyFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startPlanwerk, type RunningPlanwerk } from '@planwerk/embedded';
import { createTestDatabase, type TestDatabase } from '../../scripts/testing/database';
import { ensureConsoleBuilt, launchBrowser, screenshotPath, type Browser } from './browser';
import { expectNoHorizontalOverflow } from './layout';

/**
 * The whole product on a fresh database with the built console and a Chromium of its own, for
 * one describe block: started before its tests, stopped after. Call inside the describe.
 */
export function useEmbeddedConsole(databaseName: string): { url(): string; browser(): Browser } {
  let database: TestDatabase | undefined;
  let planwerk: RunningPlanwerk | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    ensureConsoleBuilt();
    database = await createTestDatabase(databaseName);
    planwerk = await startPlanwerk({ port: 0, host: '127.0.0.1', databaseUrl: database.url });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await planwerk?.stop();
    await database?.drop();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started (useEmbeddedConsole runs in beforeAll)`);
    return value;
  };
  return { url: () => started(planwerk, 'the product').url, browser: () => started(browser, 'the browser') };
}

/**
 * A screenshot of the whole page, kept under e2e/screenshots/ and copied to /tmp where a reviewer
 * looks first — after checking that nothing sticks out sideways.
 */
export async function shootPage(page: Page, name: string): Promise<void> {
  await expectNoHorizontalOverflow(page, name);
  const path = screenshotPath(name);
  await page.screenshot({ path, fullPage: true });
  copyFileSync(path, `/tmp/${name}.png`);
}
