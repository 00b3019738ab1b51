import { createHash, randomBytes } from 'node:crypto';
import { generateSync, verifySync } from '@otplib/totp';
import { generateTOTP } from '@otplib/uri';
import { base32Plugin, nodeCryptoPlugin } from './otp-plugins';
import type { EnteredCode } from './decide/second-factor.decider';

// RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30 s.
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

// Crockford's base32 without I, L, O, U: readable on paper, 5 bits per character.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RECOVERY_CODE_LENGTH = 16; // 80 random bits

/** A new random seed (20 bytes, base32) for an authenticator app. */
export function newTotpSecret(): string {
  return base32Plugin.encode(randomBytes(20));
}

/** The otpauth:// URL an authenticator app reads from the QR code. */
export function totpUrl(secret: string, issuer: string, label: string): string {
  return generateTOTP({ issuer, label, secret });
}

/** The code of `at` (what the authenticator app shows then). */
export function totpCodeAt(secret: string, at: Date): string {
  return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000), crypto: nodeCryptoPlugin, base32: base32Plugin });
}

/**
 * The time step a 6-digit code belongs to when it is valid within ±1 step of `now`, else null.
 * Pure: the time comes in, nothing is remembered here (reuse is the decider's rule).
 */
export function matchTotpCode(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    // In seconds: one period either side is exactly the previous and the next step.
    epochTolerance: TOTP_PERIOD_SECONDS,
    crypto: nodeCryptoPlugin,
    base32: base32Plugin,
  });
  return result.valid ? result.timeStep : null;
}

/** The decider's view of a code entered at `now`. */
export function enteredCode(code: string, now: Date): EnteredCode {
  return {
    totpStep: (secret) => matchTotpCode(secret, code, now),
    recoveryHash: isRecoveryCodeShape(code) ? hashRecoveryCode(code) : null,
  };
}

export function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

export function isRecoveryCodeShape(code: string): boolean {
  const normalised = normaliseRecoveryCode(code);
  return normalised.length === RECOVERY_CODE_LENGTH && [...normalised].every((c) => ALPHABET.includes(c));
}

// SHA-256 suffices: a recovery code has 80 random bits, so there is nothing to guess offline.
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code), 'utf8').digest('hex');
}

/** Ten fresh recovery codes, `XXXX-XXXX-XXXX-XXXX`, shown to the person once. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(RECOVERY_CODE_LENGTH);
    // 256 is a multiple of 32: `byte % 32` is uniform.
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    return chars.match(/.{4}/g)?.join('-') ?? chars;
  });
}
