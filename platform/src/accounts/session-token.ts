import { randomBytes } from 'node:crypto';
import { hashToken } from './account-secrets';

export interface SessionCredentials {
  token: string;
  deviceId: string;
}

/**
 * `authorization: <token>.<deviceId>` (spec section 7). Spec section 5: valid only when token
 * and device id are each longer than 5 characters. The device id is the part after the last dot.
 */
export function parseAuthorization(value: string | undefined | null): SessionCredentials | null {
  if (!value) return null;
  const trimmed = value.trim().replace(/^Bearer\s+/i, '');
  const dot = trimmed.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = trimmed.slice(0, dot);
  const deviceId = trimmed.slice(dot + 1);
  if (token.length <= 5 || deviceId.length <= 5) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(token) || !/^[A-Za-z0-9]+$/.test(deviceId)) return null;
  return { token, deviceId };
}

/** A new session token: 32 random bytes (256 bits), base64url. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sessionTokenHash(token: string): string {
  return hashToken(token);
}

/** Spec section 9: the device name is the first 15 characters of the browser identifier. */
export function deviceNameOf(browserIdentifier: string): string {
  return browserIdentifier.trim().slice(0, 15);
}
