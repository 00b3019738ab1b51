import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { normalizeEmail } from '@planwerk/events';

/** Keys derived from the one AUTH_SECRET (ADR 0004); each purpose has its own key. */
export interface AuthKeys {
  readonly emailKey: Buffer;
  readonly linkKey: Buffer;
  readonly challengeKey: Buffer;
}

const SALT = Buffer.from('planwerk-accounts-v1', 'utf8');

function derive(secret: Buffer, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, Buffer.from(info, 'utf8'), 32));
}

export function deriveAuthKeys(secret: Buffer): AuthKeys {
  if (secret.length < 32) throw new RangeError('AUTH_SECRET must hold at least 32 bytes');
  return {
    emailKey: derive(secret, 'email-key'),
    linkKey: derive(secret, 'link-token'),
    challengeKey: derive(secret, 'login-challenge'),
  };
}

/** The address's pseudonym for stream ids and table keys; the address itself never appears there. */
export function emailKeyFor(keys: AuthKeys, mail: string): string {
  return createHmac('sha256', keys.emailKey).update(normalizeEmail(mail), 'utf8').digest('hex');
}

/**
 * The token of a mail link (activation, parent confirmation, reset), recomputed from the id of
 * the event that asked for the mail; the event itself keeps only its hash.
 */
export function linkTokenFor(keys: AuthKeys, eventId: string): string {
  return createHmac('sha256', keys.linkKey).update(eventId.toLowerCase(), 'utf8').digest('base64url');
}

/** SHA-256 of a token, hex: what events and tables store instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
