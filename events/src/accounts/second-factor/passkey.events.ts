import { z } from 'zod';
import { defineEvent } from '../../catalogue/event-definition';

// Streams `passkeys-<userId>` (the account's WebAuthn credentials) and
// `webauthn-challenge-<challengeId>` (one server-generated, single-use, expiring challenge).
const userId = z.string().min(1);
const isoTime = z.iso.datetime();
const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/);

const passkey = (credentialId: string) => ({ kind: 'passkey', id: credentialId });
const noProject = { projectId: null, listId: null } as const;

export const PasskeyRegistered = defineEvent({
  type: 'PasskeyRegistered',
  feature: 'accounts',
  schemaVersion: 1,
  // The label is chosen by the person ("Laptop von Anna"): personal.
  personalFields: ['name'],
  schema: z.object({
    userId,
    credentialId: base64url,
    publicKey: base64url,
    counter: z.number().int().nonnegative(),
    transports: z.array(z.string().max(32)).max(10),
    deviceType: z.enum(['singleDevice', 'multiDevice']),
    backedUp: z.boolean(),
    name: z.string().max(100),
    registeredAt: isoTime,
  }),
  describe: (data) => ({ object: passkey(data.credentialId), ...noProject, action: 'accounts.passkeyRegistered', fields: { userId: data.userId } }),
});

export const PasskeyUsed = defineEvent({
  type: 'PasskeyUsed',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, credentialId: base64url, counter: z.number().int().nonnegative(), usedAt: isoTime }),
  describe: (data) => ({ object: passkey(data.credentialId), ...noProject, action: 'accounts.passkeyUsed', fields: {} }),
});

export const PasskeyRemoved = defineEvent({
  type: 'PasskeyRemoved',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, credentialId: base64url, removedAt: isoTime }),
  describe: (data) => ({ object: passkey(data.credentialId), ...noProject, action: 'accounts.passkeyRemoved', fields: {}, removesObject: true }),
});

export const webAuthnPurposeSchema = z.enum(['register', 'login']);

export const WebAuthnChallengeIssued = defineEvent({
  type: 'WebAuthnChallengeIssued',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({
    challengeId: z.uuid(),
    purpose: webAuthnPurposeSchema,
    challenge: base64url,
    // Registration belongs to the signed-in user; a passwordless login challenge to nobody yet.
    userId: userId.nullable(),
    expiresAt: isoTime,
  }),
  describe: (data) => ({ object: { kind: 'webauthn-challenge', id: data.challengeId }, ...noProject, action: 'accounts.webAuthnChallengeIssued', fields: { purpose: data.purpose } }),
});

export const WebAuthnChallengeConsumed = defineEvent({
  type: 'WebAuthnChallengeConsumed',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ challengeId: z.uuid(), consumedAt: isoTime }),
  describe: (data) => ({ object: { kind: 'webauthn-challenge', id: data.challengeId }, ...noProject, action: 'accounts.webAuthnChallengeConsumed', fields: {}, removesObject: true }),
});

export type WebAuthnPurpose = z.infer<typeof webAuthnPurposeSchema>;

export type PasskeyEvent =
  | { type: 'PasskeyRegistered'; data: z.infer<typeof PasskeyRegistered.schema> }
  | { type: 'PasskeyUsed'; data: z.infer<typeof PasskeyUsed.schema> }
  | { type: 'PasskeyRemoved'; data: z.infer<typeof PasskeyRemoved.schema> };

export type WebAuthnChallengeEvent =
  | { type: 'WebAuthnChallengeIssued'; data: z.infer<typeof WebAuthnChallengeIssued.schema> }
  | { type: 'WebAuthnChallengeConsumed'; data: z.infer<typeof WebAuthnChallengeConsumed.schema> };

export const passkeyEvents = [PasskeyRegistered, PasskeyUsed, PasskeyRemoved, WebAuthnChallengeIssued, WebAuthnChallengeConsumed] as const;
