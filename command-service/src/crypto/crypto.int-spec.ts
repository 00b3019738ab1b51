import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { open, wrapCryptoRequest, type EventStore } from '@planwerk/events';
import type { Pool } from 'pg';
import { describeWith } from '../../../scripts/testing/components';
import { startCommandServiceStack, type CommandServiceStack } from '../testing/command-service-stack';

const headers = { 'x-device-id': 'Cryp7o0001', 'x-api-version': '5.0.1' };
const vote = { vote: 1, text: 'Verschlüsselt gesendet' };

describeWith('postgres', 'GET and POST /v5/crypto (the encrypted wrapper, version 1.0)', () => {
  let pool: Pool;
  let store: EventStore;
  let stack: CommandServiceStack;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    stack = await startCommandServiceStack('cmd_crypto');
    ({ pool, store, app } = stack);
  });

  afterAll(async () => {
    await stack?.close();
  });

  async function serverKey(): Promise<{ key: string; keyId: string; version: string }> {
    const response = await app.inject({ method: 'GET', url: '/v5/crypto', headers });
    expect(response.statusCode).toBe(200);
    return response.json().body;
  }
  const post = (payload: unknown, extra: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/v5/crypto', headers: { ...headers, ...extra }, payload: payload as object });
  const votes = async () => Number((await pool.query("SELECT count(*) AS n FROM events WHERE type = 'FeedbackVoted'")).rows[0].n);

  it('publishes one P-256 key, the same on every ask (kept in the database)', async () => {
    const first = await serverKey();
    expect(first).toEqual({ version: '1.0', key: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/), keyId: expect.any(String) });
    expect(await serverKey()).toEqual(first);
  });

  it('runs the sealed call and answers its wrapper sealed under the same key', async () => {
    const { key, keyId } = await serverKey();
    const before = await votes();
    const { wrapper, key: aes } = await wrapCryptoRequest(key, { method: 'POST', path: '/v5/feedback/vote', body: vote });
    const response = await post({ ...wrapper, keyId });
    expect(response.statusCode).toBe(200);
    const body = response.json().body;
    expect(body).toEqual({ version: '1.0', iv: expect.any(String), data: expect.any(String) });
    // Nothing of the answer is readable without the key.
    expect(response.body).not.toContain('Danke');
    const inner = await open(aes, body) as { status: number; answer: { body: { text: string } } };
    expect(inner.status).toBe(200);
    expect(inner.answer.body.text).toBe('Danke für dein Feedback');
    expect(await votes()).toBe(before + 1);
  });

  it('answers 9000 for another encryption version and runs nothing', async () => {
    const { key } = await serverKey();
    const before = await votes();
    const { wrapper } = await wrapCryptoRequest(key, { method: 'POST', path: '/v5/feedback/vote', body: vote });
    const response = await post({ ...wrapper, version: '2.0' }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ status: 400, intern: 9000, field: 'version', text: 'The encryption is incompatible. Please update the app.' });
    expect(await votes()).toBe(before);
  });

  it('answers 9000 for a wrapper that does not open (changed data, another key id) and runs nothing', async () => {
    const { key } = await serverKey();
    const before = await votes();
    const { wrapper } = await wrapCryptoRequest(key, { method: 'POST', path: '/v5/feedback/vote', body: vote });
    const flipped = `${wrapper.data.slice(0, -2)}${wrapper.data.endsWith('AA') ? 'BB' : 'AA'}`;
    const tampered = await post({ ...wrapper, data: flipped });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error).toMatchObject({ intern: 9000, field: 'data', text: 'Die Verschlüsselung ist nicht kompatibel. Bitte aktualisiere die App.' });
    const otherKey = await post({ ...wrapper, keyId: 'rotated-away' });
    expect(otherKey.json().error).toMatchObject({ intern: 9000, field: 'keyId' });
    expect(await votes()).toBe(before);
  });

  it('refuses inner calls of the query side and the wrapper inside itself, naming `path`', async () => {
    const { key } = await serverKey();
    for (const inner of [{ method: 'POST' as const, path: '/v5/bundle', body: {} }, { method: 'POST' as const, path: '/v5/crypto', body: {} }]) {
      const { wrapper } = await wrapCryptoRequest(key, inner);
      const response = await post(wrapper);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ intern: 'validation_failed', field: 'path' });
    }
  });

  it('names the failing field of a malformed wrapper', async () => {
    const response = await post({ version: '1.0', key: 'not base64!', iv: 'AAAA', data: 'AAAA' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ intern: 'validation_failed', field: 'key' });
  });
});
