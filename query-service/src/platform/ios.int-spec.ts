import { setMaintenance } from '@planwerk/platform';
import { describeWith } from '../../../scripts/testing/components';
import { startQueryTestStack, type QueryTestStack } from '../testing/query-test-stack';

describeWith('postgres', 'POST /v5/ios and maintenance on the query service', () => {
  let stack: QueryTestStack;

  beforeAll(async () => {
    stack = await startQueryTestStack('qs_ios');
  });

  afterAll(async () => {
    await stack?.close();
  });

  const ios = (payload: unknown) => stack.app.inject({ method: 'POST', url: '/v5/ios', payload: payload as object });

  it('answers the flags for the published iOS version: no setup, no ads, no web switch', async () => {
    const response = await ios({ version: '2025.4.0' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ body: { ios: true, setup: false, web: false, ads: false }, error: null, status: 200 });
  });

  it('tells an older app to load the web version', async () => {
    expect((await ios({ version: '2024.1.0' })).json().body.web).toBe(true);
  });

  it('names `version` when it is missing or no version', async () => {
    for (const payload of [{}, { version: 'neu' }, { version: '1.2.3', extra: true }]) {
      const response = await ios(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ intern: 'validation_failed' });
    }
    expect((await ios({ version: 'neu' })).json().error.field).toBe('version');
  });

  it('answers 6950 during maintenance and the flags again afterwards (the switch is re-read within 2 s)', async () => {
    await setMaintenance(stack.pool, true);
    try {
      await waitFor(async () => (await ios({ version: '2025.4.0' })).statusCode === 503);
      const response = await ios({ version: '2025.4.0' });
      expect(response.json().error).toMatchObject({ status: 503, intern: 6950 });
      expect((await stack.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await setMaintenance(stack.pool, false);
    }
    await waitFor(async () => (await ios({ version: '2025.4.0' })).statusCode === 200);
  });
});

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not met within 5 s');
}
