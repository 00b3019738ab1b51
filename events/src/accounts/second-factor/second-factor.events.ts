import { z } from 'zod';
import { defineEvent } from '../../catalogue/event-definition';

// Stream `second-factor-<userId>`: TOTP and recovery codes of one account (issue 3). The
// accounts core owns `account-<userId>`; a separate stream keeps the two deciders apart.
const userId = z.string().min(1);
const isoTime = z.iso.datetime();
// SHA-256 (hex) of a normalised recovery code; codes carry 80 random bits, so no slow hash.
const codeHash = z.string().regex(/^[0-9a-f]{64}$/);
const purpose = z.enum(['login', 'disable', 'regenerate', 'confirm']);

const account = (id: string) => ({ kind: 'account', id });
const noProject = { projectId: null, listId: null } as const;

export const TotpSetupStarted = defineEvent({
  type: 'TotpSetupStarted',
  feature: 'accounts',
  schemaVersion: 1,
  // The seed is a secret: encrypted with the person's key, gone when the person is erased.
  personalFields: ['secret'],
  schema: z.object({ userId, secret: z.string().min(26), startedAt: isoTime }),
  describe: (data) => ({ object: account(data.userId), ...noProject, action: 'accounts.totpSetupStarted', fields: {} }),
});

export const TotpEnabled = defineEvent({
  type: 'TotpEnabled',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, timeStep: z.number().int().nonnegative(), recoveryCodeHashes: z.array(codeHash), enabledAt: isoTime }),
  describe: (data) => ({ object: account(data.userId), ...noProject, action: 'accounts.totpEnabled', fields: { totp: true } }),
});

export const TotpDisabled = defineEvent({
  type: 'TotpDisabled',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, method: z.enum(['totp', 'recovery']), disabledAt: isoTime }),
  describe: (data) => ({ object: account(data.userId), ...noProject, action: 'accounts.totpDisabled', fields: { totp: false } }),
});

export const TotpCodeUsed = defineEvent({
  type: 'TotpCodeUsed',
  feature: 'accounts',
  schemaVersion: 1,
  // The time step is remembered so that a code is never accepted twice.
  schema: z.object({ userId, timeStep: z.number().int().nonnegative(), purpose, usedAt: isoTime }),
  describe: (data) => ({ object: account(data.userId), ...noProject, action: 'accounts.totpCodeUsed', fields: { purpose: data.purpose } }),
});

export const RecoveryCodeUsed = defineEvent({
  type: 'RecoveryCodeUsed',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, codeHash, purpose, usedAt: isoTime }),
  describe: (data) => ({ object: account(data.userId), ...noProject, action: 'accounts.recoveryCodeUsed', fields: { purpose: data.purpose } }),
});

export const RecoveryCodesRegenerated = defineEvent({
  type: 'RecoveryCodesRegenerated',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, recoveryCodeHashes: z.array(codeHash), regeneratedAt: isoTime }),
  describe: (data) => ({ object: account(data.userId), ...noProject, action: 'accounts.recoveryCodesRegenerated', fields: {} }),
});

export const SecondFactorCodeRejected = defineEvent({
  type: 'SecondFactorCodeRejected',
  feature: 'accounts',
  schemaVersion: 1,
  // Failures are counted per account; enough of them in a row lock code entry for a while.
  schema: z.object({ userId, purpose, rejectedAt: isoTime }),
  describe: (data) => ({ object: account(data.userId), ...noProject, action: 'accounts.secondFactorCodeRejected', fields: { purpose: data.purpose } }),
});

export type SecondFactorPurpose = z.infer<typeof purpose>;

export type SecondFactorEvent =
  | { type: 'TotpSetupStarted'; data: z.infer<typeof TotpSetupStarted.schema> }
  | { type: 'TotpEnabled'; data: z.infer<typeof TotpEnabled.schema> }
  | { type: 'TotpDisabled'; data: z.infer<typeof TotpDisabled.schema> }
  | { type: 'TotpCodeUsed'; data: z.infer<typeof TotpCodeUsed.schema> }
  | { type: 'RecoveryCodeUsed'; data: z.infer<typeof RecoveryCodeUsed.schema> }
  | { type: 'RecoveryCodesRegenerated'; data: z.infer<typeof RecoveryCodesRegenerated.schema> }
  | { type: 'SecondFactorCodeRejected'; data: z.infer<typeof SecondFactorCodeRejected.schema> };

export const secondFactorEvents = [
  TotpSetupStarted,
  TotpEnabled,
  TotpDisabled,
  TotpCodeUsed,
  RecoveryCodeUsed,
  RecoveryCodesRegenerated,
  SecondFactorCodeRejected,
] as const;
