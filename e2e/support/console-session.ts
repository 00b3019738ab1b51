import type { Page } from 'playwright-core';
import { startPlanwerk, type RunningPlanwerk } from '@planwerk/embedded';
import { createTestDatabase, type TestDatabase } from '../../scripts/testing/database';
import { ensureConsoleBuilt, launchBrowser, type Browser } from './browser';

export interface ConsoleSession {
  /** The product's origin (console and /v5). */
  readonly url: string;
  /** A fresh page for the current test, closed after it. */
  readonly page: Page;
}

/**
 * Registers the hooks every browser suite needs: the whole product on a fresh database,
 * one Chromium for the suite and a new page per test. Call inside a `describe`.
 */
export function useConsoleSession(databasePrefix: string): ConsoleSession {
  let database: TestDatabase;
  let planwerk: RunningPlanwerk;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ensureConsoleBuilt();
    database = await createTestDatabase(databasePrefix);
    planwerk = await startPlanwerk({ port: 0, host: '127.0.0.1', databaseUrl: database.url });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await planwerk?.stop();
    await database?.drop();
  });

  beforeEach(async () => {
    page = await browser.context.newPage();
  });

  afterEach(async () => {
    await page.close();
  });

  return {
    get url() { return planwerk.url; },
    get page() { return page; },
  };
}
