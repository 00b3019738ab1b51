/// <reference lib="dom" />
import type { WebSocket as PageSocket } from 'playwright-core';
import { describeWith } from '../scripts/testing/components';
import { useConsoleSession } from './support/console-session';

jest.setTimeout(120_000);

interface SentLog {
  type: string;
  meta: { extras?: { feature?: string; path?: string } };
}

// Navigation guard step 3 (spec section 2): each route records the tab's route trace and, per
// section entered, a feature log message on the log socket — never a link's secret.
describeWith('chromium', 'route trace and feature log (real browser)', () => {
  const session = useConsoleSession('planwerk_e2e_trace');

  it('records the routes of the tab with parameter names instead of values and logs each section once', async () => {
    const { page, url } = session;
    const sent: SentLog[] = [];
    page.on('websocket', (socket: PageSocket) => {
      if (!socket.url().includes('channel=log')) return;
      socket.on('framesent', ({ payload }) => {
        const parsed = JSON.parse(String(payload)) as SentLog | SentLog[];
        sent.push(...(Array.isArray(parsed) ? parsed : [parsed]));
      });
    });
    // A full page load replaces the tab's log socket: a feature message still cached while the
    // socket opened goes with the page, so each load waits for its section's message first.
    const featureSent = async (count: number) => {
      const deadline = Date.now() + 10_000;
      while (sent.filter((message) => message.type === 'feature').length < count && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const secret = 'Zq4Xc2Vb7Nm1Lk9Jh3Gf5Ds8Ap0Wo6Ei2Ur4Ty1Qx3Cz';
    await page.goto(`${url}/login`);
    await page.locator('#main').getByRole('link', { name: 'Registrieren', exact: true }).waitFor();
    await featureSent(1);
    await page.goto(`${url}/account/activate/${secret}`);
    await page.getByRole('heading').first().waitFor();
    await featureSent(2);
    await page.goto(`${url}/login`);
    await page.locator('#main').getByRole('link', { name: 'Registrieren', exact: true }).click();
    await page.waitForURL(/\/signup$/);
    await page.waitForFunction(() => (sessionStorage.getItem('planwerk.routeTrace') ?? '').includes('"signup"'));

    const trace = await page.evaluate(() => JSON.parse(sessionStorage.getItem('planwerk.routeTrace') ?? '[]') as { name: string; path: string }[]);
    expect(trace.map((entry) => [entry.name, entry.path])).toEqual([
      ['login', '/login'],
      ['account-activate', '/account/activate/:data'],
      ['login', '/login'],
      ['signup', '/signup'],
    ]);
    expect(JSON.stringify(trace)).not.toContain(secret);

    // Feature log: delivered on the log socket (cached while it opens), one message per section.
    await featureSent(4);
    const features = sent.filter((message) => message.type === 'feature').map((message) => message.meta.extras);
    expect(features.map((extras) => extras?.feature)).toEqual(['login', 'account-activate', 'login', 'signup']);
    expect(JSON.stringify(sent)).not.toContain(secret);
  });
});
