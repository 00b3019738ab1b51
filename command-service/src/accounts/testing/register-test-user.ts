import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { linkTokenFor, parseAccountsConfig } from '@planwerk/platform';
import type { Pool } from 'pg';

export interface TestUser {
  userId: string;
  mail: string;
  password: string;
  deviceId: string;
  /** `<token>.<device>`, ready for the `authorization` header. */
  authorization: string;
}

/** The token of a mail link, as the mail job computes it: from the id of the event that asked for it. */
export async function linkTokenOf(pool: Pool, type: string, userId: string): Promise<string> {
  const rows = await pool.query<{ event_id: string }>(
    'SELECT event_id::text FROM events WHERE type = $1 AND stream_id = $2 ORDER BY stream_position DESC LIMIT 1',
    [type, `account-${userId}`],
  );
  if (!rows.rows[0]) throw new Error(`No ${type} event for ${userId}`);
  return linkTokenFor(parseAccountsConfig(process.env).keys, rows.rows[0].event_id);
}

/**
 * Signs up, activates and logs in through the HTTP API of a command service (under
 * NODE_ENV=test, where service and test derive the same keys). For tests of other features.
 */
export async function registerTestUser(
  app: NestFastifyApplication,
  pool: Pool,
  overrides: { mail?: string; password?: string; deviceId?: string; vorname?: string; nachname?: string } = {},
): Promise<TestUser> {
  const mail = overrides.mail ?? `user-${Math.random().toString(36).slice(2, 10)}@planwerk-test.de`;
  const password = overrides.password ?? 'ein sicherer Satz 42';
  const deviceId = overrides.deviceId ?? 'TestDev001';
  const registered = await app.inject({
    method: 'POST', url: '/v5/auth',
    payload: { mail, vorname: overrides.vorname ?? 'Test', nachname: overrides.nachname ?? 'User', pass: password, pass2: password, terms: true, privacy: true, cookies: true, age: true },
  });
  if (registered.statusCode !== 201) throw new Error(`registration failed: ${registered.body}`);
  const userId: string = registered.json().body.uid;
  const token = await linkTokenOf(pool, 'AccountRegistered', userId);
  const activation = await app.inject({ method: 'POST', url: '/v5/auth/activate', payload: { token } });
  if (activation.statusCode !== 200) throw new Error(`activation failed: ${activation.body}`);
  const login = await app.inject({ method: 'PUT', url: '/v5/auth', payload: { mail, pass: password, device: deviceId, name: 'Jest' } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { userId, mail, password, deviceId, authorization: login.json().body.token };
}
