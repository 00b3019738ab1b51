import { randomUUID } from 'node:crypto';
import { linkTokenOf, type TestUser } from '../../../../command-service/src/accounts/testing/register-test-user';
import { wrapCryptoRequest } from '@planwerk/events';
import type { Answer } from './access-matrix.fixture';
import { everyone, MEMBERS, PUBLIC, self, type MatrixContext, type MatrixRow } from './access-matrix.rows';

// Rows of the access matrix for the calls that are not about a team: platform, feedback,
// accounts with second factor, passkeys and social login, developer tools and the bundle.

const PASS = 'ein sicherer Satz 42';
// Well-formed but unknown: the answer must be a validation or "not found" answer, never a denial.
const UNKNOWN_LINK_TOKEN = 'A'.repeat(43);
const B64 = 'AAAA';
const CODE = { code: '123456' };

const registerBody = (extra: Record<string, unknown> = {}) => ({
  mail: `signup-${randomUUID().slice(0, 8)}@planwerk-test.de`, vorname: 'Neu', nachname: 'Person', pass: PASS, pass2: PASS, terms: true, privacy: true, cookies: true, age: true, ...extra,
});
/** The link token a new sign-up got by mail (activation, or the parent's confirmation below 16). */
const registeredLinkToken = async (ctx: MatrixContext, type: string, extra: Record<string, unknown> = {}) => {
  const registered = await ctx.client.send(undefined, 'POST', '/v5/auth', registerBody(extra));
  return { token: await linkTokenOf(ctx.pool, type, registered.json.body.uid) };
};
const resetToken = async (ctx: MatrixContext, me: TestUser) => {
  await ctx.client.send(undefined, 'POST', '/v5/auth/reset', { mail: me.mail });
  return { token: await linkTokenOf(ctx.pool, 'PasswordResetRequested', me.userId), pass: 'ein neuer sicherer Satz 43', pass2: 'ein neuer sicherer Satz 43' };
};
const other = (ctx: MatrixContext) => ({ uid: ctx.client.users.get('target')?.userId ?? '' });
/** A bundle's HTTP answer is 200 with one answer per part: the part decides. */
const part = (name: string) => (answer: Answer): Answer => {
  const error = answer.json?.body?.bundle?.[name]?.error ?? null;
  return { status: error ? error.status : answer.status, json: { error } };
};

export const ACCOUNT_ROWS: readonly MatrixRow[] = [
  // Platform and feedback: open to everyone.
  { endpoint: 'GET /v5/update/version', expect: everyone(200) },
  { endpoint: 'POST /v5/feedback/vote', expect: everyone(200), body: () => ({ vote: 1, text: 'Matrix' }) },
  // The encrypted wrapper and the iOS flags (issue 14): open to everyone; the sealed call decides itself.
  { endpoint: 'GET /v5/crypto', expect: everyone(200) },
  { endpoint: 'POST /v5/crypto', expect: everyone(200), body: async (ctx) => {
    const { key } = (await ctx.client.send(undefined, 'GET', '/v5/crypto')).json.body;
    return (await wrapCryptoRequest(key, { method: 'POST', path: '/v5/feedback/vote', body: { vote: 1, text: 'Matrix' } })).wrapper;
  } },
  { endpoint: 'POST /v5/ios', expect: everyone(200), body: () => ({ version: '2025.4.0' }) },
  // Sign-up, activation, login: public; `me` of anonymous is an account whose mail and password the caller knows.
  { endpoint: 'POST /v5/auth', expect: everyone(201), body: () => registerBody() },
  { endpoint: 'POST /v5/auth/activate', expect: everyone(200), body: (ctx) => registeredLinkToken(ctx, 'AccountRegistered') },
  { endpoint: 'POST /v5/auth/parent-confirm', expect: everyone(200), body: (ctx) => registeredLinkToken(ctx, 'ParentConfirmationRequested', { age: false, parentMail: `parent-${randomUUID().slice(0, 8)}@planwerk-test.de` }) },
  { endpoint: 'PUT /v5/auth', expect: everyone(200), body: (_, __, me) => ({ mail: me.mail, pass: me.password, device: 'MatrixLogn', name: 'Matrix' }) },
  { endpoint: 'PUT /v5/auth/token', expect: everyone(200), body: (_, __, me) => ({ token: me.authorization }) },
  // Logout revokes the token in the body: a second session of the caller, so the role stays signed in.
  { endpoint: 'POST /v5/auth/logout', expect: everyone(200), body: async (ctx, _, me) => ({ token: (await ctx.client.secondSession(me)).token }) },
  { endpoint: 'GET /v5/auth/details', expect: everyone(200), query: (_, __, me) => ({ uid: me.userId, mail: me.mail }) },
  { endpoint: 'POST /v5/auth/reset', expect: everyone(200), body: (_, __, me) => ({ mail: me.mail }) },
  // The token of the mail is the proof; a new password ends other sessions, so fresh users.
  { endpoint: 'PUT /v5/auth/reset', expect: everyone(200), fresh: true, body: (ctx, _, me) => resetToken(ctx, me) },
  // One's own sessions, preferences, data and account.
  { endpoint: 'GET /v5/user/sessions', expect: self(200) },
  { endpoint: 'DELETE /v5/user/sessions/{sessionId}', expect: self(200), params: async (ctx, _, me) => ({ sessionId: (await ctx.client.secondSession(me)).sessionId }) },
  { endpoint: 'DELETE /v5/user/sessions', expect: self(200), query: () => ({ others: 'true' }) },
  { endpoint: 'GET /v5/user/{uid}/ui', label: 'own uid', expect: self(200), params: (_, __, me) => ({ uid: me.userId }) },
  { endpoint: 'GET /v5/user/{uid}/ui', label: "another user's uid", expect: everyone(6011), params: other },
  { endpoint: 'PUT /v5/user/{uid}/ui', label: 'own uid', expect: self(200), params: (_, __, me) => ({ uid: me.userId }), body: () => ({ mode: 'settings', data: { theme: 'dark' } }) },
  { endpoint: 'PUT /v5/user/{uid}/ui', label: "another user's uid", expect: everyone(6011), params: other, body: () => ({ mode: 'settings', data: { theme: 'dark' } }) },
  { endpoint: 'GET /v5/user/data', expect: self(200) },
  { endpoint: 'DELETE /v5/user', expect: self(200), fresh: true, body: (_, __, me) => ({ pass: me.password }) },
  // Passkey and social login: public; unknown challenges and states are answered, not denied.
  { endpoint: 'POST /v5/webauthn/login', expect: everyone(200) },
  { endpoint: 'PUT /v5/webauthn/login', expect: PUBLIC, body: () => ({ rawId: B64, clientDataJSON: B64, authenticatorData: B64, signature: B64, userHandle: B64, id: randomUUID() }) },
  { endpoint: 'POST /v5/auth/social/login', expect: PUBLIC, body: () => ({ provider: 'google', origin: 'http://127.0.0.1' }) },
  { endpoint: 'POST /v5/auth/social/state', expect: PUBLIC, body: () => ({ state: 'S'.repeat(32), device: 'MatrixDv01' }) },
  { endpoint: 'POST /v5/auth/secure', expect: PUBLIC, body: () => ({ mode: '2fa', code: '123456', state: 'S'.repeat(32) }) },
  // Second factor and passkey settings: the caller's own account; anonymous callers get 6011.
  { endpoint: 'GET /v5/auth/2fa', expect: self(200) },
  { endpoint: 'POST /v5/webauthn/register', expect: self(200) },
  { endpoint: 'PUT /v5/webauthn/register', expect: self('allowed'), body: () => ({ id: randomUUID(), credential: { id: B64, rawId: B64, type: 'public-key', response: { clientDataJSON: B64, attestationObject: B64 } } }) },
  { endpoint: 'DELETE /v5/webauthn/passkeys/{credentialId}', expect: self(404), params: () => ({ credentialId: B64 }) },
  // Last: a pending TOTP set-up stays on the shared role users.
  { endpoint: 'POST /v5/auth/2fa/setup', expect: self(200) },
  { endpoint: 'POST /v5/auth/2fa/confirm', expect: self('allowed'), body: () => CODE },
  { endpoint: 'POST /v5/auth/2fa/disable', expect: self('allowed'), body: () => CODE },
  { endpoint: 'POST /v5/auth/2fa/recovery', expect: self('allowed'), body: () => CODE },
  // Developer tools: the matrix product runs in development mode (startPlanwerk's default).
  { endpoint: 'GET /v5/dev/status', expect: everyone(200) },
  { endpoint: 'GET /v5/dev/mailbox', expect: everyone(200) },
  // The bundle answers 200; each part carries its own decision.
  { endpoint: 'POST /v5/bundle', label: 'user part', expect: self(200), body: () => ({ bundle: ['user'] }), observe: part('user') },
  { endpoint: 'POST /v5/bundle', label: 'links part', expect: self(200), body: () => ({ bundle: ['links'] }), observe: part('links') },
  { endpoint: 'POST /v5/bundle', label: "the team's client part", expect: { ...self(404), ...Object.fromEntries(MEMBERS.map((role) => [role, 200])) }, body: (ctx) => ({ header: { cc_id: ctx.teamId }, bundle: ['client'] }), observe: part('client') },
];
