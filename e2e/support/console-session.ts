import type { Page } from 'playwright-core';
import { startPlanwerk, type RunningPlanwerk } from '@planwerk/embedded';
import { startSmtpTestServer, type SmtpTestServer } from '../../command-service/src/mail/testing/smtp-test-server';
import { createTestDatabase, type TestDatabase } from '../../scripts/testing/database';
import { ensureConsoleBuilt, launchBrowser, type Browser } from './browser';

export interface ConsoleSession {
  /** The product's origin (console and /v5). */
  readonly url: string;
  /** A fresh page for the current test, closed after it. */
  readonly page: Page;
  /** With `{ smtp: true }`: the test SMTP server every mail of the product goes to. */
  readonly smtp: SmtpTestServer;
}

export interface ConsoleSessionOptions {
  /** Send the product's mail to a test SMTP server (read with `smtp.received`) instead of the dev mailbox. */
  smtp?: boolean;
}

/**
 * Registers the hooks every browser suite needs: the whole product on a fresh database,
 * one Chromium for the suite and a new page per test. Call inside a `describe`.
 */
export function useConsoleSession(databasePrefix: string, options: ConsoleSessionOptions = {}): ConsoleSession {
  let database: TestDatabase;
  let smtp: SmtpTestServer | undefined;
  let planwerk: RunningPlanwerk;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ensureConsoleBuilt();
    database = await createTestDatabase(databasePrefix);
    if (options.smtp) smtp = await startSmtpTestServer();
    planwerk = await startPlanwerk({ port: 0, host: '127.0.0.1', databaseUrl: database.url, smtpUrl: smtp?.url });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await planwerk?.stop();
    await smtp?.close();
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
    get smtp() {
      if (!smtp) throw new Error('useConsoleSession: this suite sends no mail over SMTP (pass { smtp: true })');
      return smtp;
    },
  };
}
