import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AuthKeys } from './account-secrets';
import { sameSecret } from './account-secrets';

// The `state` of a `{ mode: '2fa' }` login answer: who passed the password check, on which
// device, until when — signed, so `POST /v5/auth/secure` needs no server-side storage.
export const LOGIN_CHALLENGE_SECONDS = 300;

const payloadSchema = z.object({
  u: z.uuid(),
  d: z.string().min(6).max(64),
  n: z.string().max(15),
  exp: z.number().int(),
  nonce: z.string(),
});

export interface LoginChallenge {
  userId: string;
  deviceId: string;
  deviceName: string;
  expiresAt: Date;
  nonce: string;
}

function sign(keys: AuthKeys, payload: string): string {
  return createHmac('sha256', keys.challengeKey).update(payload, 'utf8').digest('base64url');
}

export function signLoginChallenge(keys: AuthKeys, input: { userId: string; deviceId: string; deviceName: string }, now: Date): string {
  const payload = Buffer.from(JSON.stringify({
    u: input.userId, d: input.deviceId, n: input.deviceName,
    exp: Math.floor(now.getTime() / 1000) + LOGIN_CHALLENGE_SECONDS,
    nonce: randomBytes(16).toString('base64url'),
  }), 'utf8').toString('base64url');
  return `${payload}.${sign(keys, payload)}`;
}

/** The challenge when the signature holds and it has not expired; otherwise null. */
export function verifyLoginChallenge(keys: AuthKeys, state: string, now: Date): LoginChallenge | null {
  const [payload, signature, ...rest] = state.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  if (!sameSecret(sign(keys, payload), signature)) return null;
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
  if (parsed.exp * 1000 <= now.getTime()) return null;
  return { userId: parsed.u, deviceId: parsed.d, deviceName: parsed.n, expiresAt: new Date(parsed.exp * 1000), nonce: parsed.nonce };
}
