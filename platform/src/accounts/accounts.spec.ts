import { randomBytes } from 'node:crypto';
import {
  createEventCatalogue,
  accountEvents,
  accountMailRequestSchema,
  accountMailRequests,
} from '@planwerk/events';
import { deriveAuthKeys, emailKeyFor, hashToken, linkTokenFor } from './account-secrets';
import { parseAccountsConfig } from './accounts.config';
import { signLoginChallenge, verifyLoginChallenge } from './login-challenge';
import { deviceNameOf, newSessionToken, parseAuthorization } from './session-token';

const keys = deriveAuthKeys(randomBytes(32));
const NOW = new Date('2026-11-22T10:00:00Z');

describe('account secrets', () => {
  it('keys an address by its normalised form, never showing it', () => {
    expect(emailKeyFor(keys, ' Ada@Example.DE ')).toBe(emailKeyFor(keys, 'ada@example.de'));
    expect(emailKeyFor(keys, 'ada@example.de')).toMatch(/^[0-9a-f]{64}$/);
    expect(emailKeyFor(deriveAuthKeys(randomBytes(32)), 'ada@example.de')).not.toBe(emailKeyFor(keys, 'ada@example.de'));
  });

  it('derives a 32-byte link token from the event id; events keep only its hash', () => {
    const token = linkTokenFor(keys, '22222222-2222-4222-8222-222222222222');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(linkTokenFor(keys, '22222222-2222-4222-8222-222222222222')).toBe(token);
    expect(hashToken(token)).not.toContain(token);
  });

  it('refuses a secret shorter than 32 bytes, and requires AUTH_SECRET outside tests', () => {
    expect(() => deriveAuthKeys(randomBytes(16))).toThrow(RangeError);
    expect(() => parseAccountsConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET: required/);
    expect(parseAccountsConfig({ AUTH_SECRET: randomBytes(32).toString('base64'), BETA_SITE: 'true' })).toMatchObject({ betaSite: true, sessionIdleSeconds: 30 * 86_400 });
  });
});

describe('session tokens (spec sections 5, 7 and 9)', () => {
  it('parses token.device with both parts longer than 5 characters', () => {
    expect(parseAuthorization('abcdef.Dev1ce0001')).toEqual({ token: 'abcdef', deviceId: 'Dev1ce0001' });
    expect(parseAuthorization('abcde.Dev1ce0001')).toBeNull();
    expect(parseAuthorization('abcdef.Dev12')).toBeNull();
    expect(parseAuthorization('nodevice')).toBeNull();
    expect(parseAuthorization(undefined)).toBeNull();
  });

  it('makes 256-bit tokens and 15-character device names', () => {
    expect(Buffer.from(newSessionToken(), 'base64url')).toHaveLength(32);
    expect(newSessionToken()).not.toBe(newSessionToken());
    expect(deviceNameOf('Mozilla/5.0 (X11; Linux x86_64)')).toBe('Mozilla/5.0 (X1');
  });
});

describe('login challenge', () => {
  const input = { userId: '11111111-1111-4111-8111-111111111111', deviceId: 'Dev1ce0001', deviceName: 'Firefox' };

  it('verifies its own signature until it expires', () => {
    const state = signLoginChallenge(keys, input, NOW);
    expect(verifyLoginChallenge(keys, state, NOW)).toMatchObject({ userId: input.userId, deviceId: 'Dev1ce0001' });
    expect(verifyLoginChallenge(keys, state, new Date(NOW.getTime() + 301_000))).toBeNull();
  });

  it('refuses a tampered state or another key', () => {
    const state = signLoginChallenge(keys, input, NOW);
    const [payload, signature] = state.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), u: '99999999-9999-4999-8999-999999999999' })).toString('base64url');
    expect(verifyLoginChallenge(keys, `${forged}.${signature}`, NOW)).toBeNull();
    expect(verifyLoginChallenge(deriveAuthKeys(randomBytes(32)), state, NOW)).toBeNull();
  });
});

describe('account events', () => {
  it('are in the catalogue, with e-mail and names personal and never in the activity fields', () => {
    const catalogue = createEventCatalogue();
    for (const definition of accountEvents) expect(catalogue.has(definition.type)).toBe(true);
    expect(catalogue.personalFields('AccountRegistered')).toEqual(['email', 'firstName', 'lastName', 'parentEmail']);
    const registered = accountEvents.find((e) => e.type === 'AccountRegistered');
    const description = registered?.describe({
      userId: '11111111-1111-4111-8111-111111111111', emailKey: 'e'.repeat(64), email: 'ada@example.de', firstName: 'Ada', lastName: 'L',
      parentEmail: null, passwordHash: '$argon2id$', language: 'de', adult: true, acceptedTerms: true, acceptedPrivacy: true,
      acceptedCookies: true, activationTokenHash: 'a'.repeat(64), activationExpiresAt: NOW.toISOString(), registeredAt: NOW.toISOString(),
    } as never);
    expect(JSON.stringify(description)).not.toMatch(/ada@example|Ada|argon/);
  });

  it('name a mail template for each mail-worthy event, and the request shape is checked', () => {
    expect(accountMailRequests).toMatchObject({ AccountRegistered: 'activation', ParentConfirmationRequested: 'parent-confirmation', PasswordResetRequested: 'password-reset', NewDeviceLoggedIn: 'new-device' });
    expect(accountMailRequestSchema.parse({ template: 'activation', to: 'ada@example.de', linkEventId: '22222222-2222-4222-8222-222222222222' })).toMatchObject({ language: 'de', params: {} });
    expect(accountMailRequestSchema.safeParse({ template: 'welcome', to: 'ada@example.de' }).success).toBe(false);
  });
});
