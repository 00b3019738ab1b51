import { z } from 'zod';
import { defineEvent, type EventDataOf } from '../catalogue/event-definition';
import { shortcutSchema, userPreferencesSchema } from './user-preferences.schema';

// Events of the account stream `account-<userId>` and the address reservation stream
// `account-email-<emailKey>` (ADR 0004). E-mail, names and the parent's e-mail are personal
// fields: encrypted per person (metadata.personId = userId) and never in the activity log.

const userId = z.uuid();
const tokenHash = z.string().regex(/^[0-9a-f]{64}$/);
const instant = z.iso.datetime({ offset: true });
const language = z.enum(['de', 'en', 'fr', 'it']);

const account = (id: string) => ({ kind: 'account', id });
const noContext = { projectId: null, listId: null } as const;

export const AccountEmailReserved = defineEvent({
  type: 'AccountEmailReserved',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ emailKey: z.string().regex(/^[0-9a-f]{64}$/), userId }),
  describe: (data) => ({ object: account(data.userId), ...noContext, action: 'accounts.emailReserved', fields: {} }),
});

export const AccountRegistered = defineEvent({
  type: 'AccountRegistered',
  feature: 'accounts',
  schemaVersion: 1,
  personalFields: ['email', 'firstName', 'lastName', 'parentEmail'],
  schema: z.object({
    userId,
    emailKey: z.string().regex(/^[0-9a-f]{64}$/),
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    parentEmail: z.string().nullable(),
    passwordHash: z.string(),
    language,
    /** Age confirmation of at least 16 (spec section 5); otherwise a parent confirms. */
    adult: z.boolean(),
    acceptedTerms: z.literal(true),
    acceptedPrivacy: z.literal(true),
    acceptedCookies: z.literal(true),
    activationTokenHash: tokenHash,
    activationExpiresAt: instant,
    registeredAt: instant,
  }),
  describe: (data) => ({
    object: account(data.userId), ...noContext, action: 'accounts.registered',
    fields: { adult: data.adult, language: data.language },
  }),
});

// An account created from a verified social identity (ADR 0004, social login): no password,
// active at once (the provider vouched for the address), keyed by the identity, not by e-mail.
export const SocialAccountRegistered = defineEvent({
  type: 'SocialAccountRegistered',
  feature: 'accounts',
  schemaVersion: 1,
  personalFields: ['email', 'firstName', 'lastName'],
  schema: z.object({
    userId,
    emailKey: z.string().regex(/^[0-9a-f]{64}$/),
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    provider: z.string().min(1).max(40),
    language,
    registeredAt: instant,
  }),
  describe: (data) => ({
    object: account(data.userId), ...noContext, action: 'accounts.socialRegistered',
    fields: { provider: data.provider, language: data.language },
  }),
});

export const ParentConfirmationRequested = defineEvent({
  type: 'ParentConfirmationRequested',
  feature: 'accounts',
  schemaVersion: 1,
  personalFields: ['parentEmail'],
  schema: z.object({ userId, parentEmail: z.string().nullable(), tokenHash, expiresAt: instant }),
  describe: (data) => ({ object: account(data.userId), ...noContext, action: 'accounts.parentConfirmationRequested', fields: {} }),
});

export const ActivationMailRequested = defineEvent({
  type: 'ActivationMailRequested',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, tokenHash, expiresAt: instant, requestedAt: instant }),
  describe: (data) => ({ object: account(data.userId), ...noContext, action: 'accounts.activationMailRequested', fields: {} }),
});

export const AccountActivated = defineEvent({
  type: 'AccountActivated',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, tokenHash, activatedAt: instant }),
  describe: (data) => ({ object: account(data.userId), ...noContext, action: 'accounts.activated', fields: { activated: true } }),
});

export const ParentConsentGiven = defineEvent({
  type: 'ParentConsentGiven',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, tokenHash, confirmedAt: instant }),
  describe: (data) => ({ object: account(data.userId), ...noContext, action: 'accounts.parentConsentGiven', fields: { parentConsent: true } }),
});

export const SessionStarted = defineEvent({
  type: 'SessionStarted',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({
    userId,
    sessionId: z.uuid(),
    tokenHash,
    deviceId: z.string().min(6).max(64),
    deviceName: z.string().max(15),
    method: z.enum(['password', 'second-factor', 'passkey', 'social']),
    startedAt: instant,
    idleExpiresAt: instant,
    absoluteExpiresAt: instant,
  }),
  describe: (data) => ({
    object: account(data.userId), ...noContext, action: 'accounts.sessionStarted',
    fields: { sessionId: data.sessionId, deviceName: data.deviceName, method: data.method },
  }),
});

export const NewDeviceLoggedIn = defineEvent({
  type: 'NewDeviceLoggedIn',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, deviceId: z.string().min(6).max(64), deviceName: z.string().max(15), loggedInAt: instant }),
  describe: (data) => ({ object: account(data.userId), ...noContext, action: 'accounts.newDevice', fields: { deviceName: data.deviceName } }),
});

export const SessionEnded = defineEvent({
  type: 'SessionEnded',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, sessionId: z.uuid(), reason: z.enum(['logout', 'ended-by-user', 'password-changed', 'account-erased']), endedAt: instant }),
  describe: (data) => ({
    object: account(data.userId), ...noContext, action: 'accounts.sessionEnded',
    fields: { sessionId: data.sessionId, reason: data.reason },
  }),
});

// Support operators' decisions about an account.
export const AccountLocked = defineEvent({
  type: 'AccountLocked',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, lockedAt: instant }),
  describe: (data) => ({ object: account(data.userId), ...noContext, action: 'accounts.locked', fields: { locked: true } }),
});

export const AccountUnlocked = defineEvent({
  type: 'AccountUnlocked',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, unlockedAt: instant }),
  describe: (data) => ({ object: account(data.userId), ...noContext, action: 'accounts.unlocked', fields: { locked: false } }),
});

export const PasswordResetRequired = defineEvent({
  type: 'PasswordResetRequired',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, requiredAt: instant }),
  describe: (data) => ({ object: account(data.userId), ...noContext, action: 'accounts.passwordResetRequired', fields: { resetRequired: true } }),
});

export const BetaAccessApproved = defineEvent({
  type: 'BetaAccessApproved',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, approvedAt: instant }),
  describe: (data) => ({ object: account(data.userId), ...noContext, action: 'accounts.betaApproved', fields: { beta: true } }),
});

export const PasswordResetRequested = defineEvent({
  type: 'PasswordResetRequested',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, tokenHash, expiresAt: instant, requestedAt: instant }),
  describe: (data) => ({ object: account(data.userId), ...noContext, action: 'accounts.passwordResetRequested', fields: {} }),
});

export const PasswordChanged = defineEvent({
  type: 'PasswordChanged',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, passwordHash: z.string(), via: z.enum(['reset', 'settings']), tokenHash: tokenHash.nullable(), changedAt: instant }),
  describe: (data) => ({ object: account(data.userId), ...noContext, action: 'accounts.passwordChanged', fields: { via: data.via } }),
});

// Erasure (crypto-shredding, ADR 0002 and 0008): the person's key is destroyed; this event
// records it on the account stream. Carries no personal field.
export const AccountErased = defineEvent({
  type: 'AccountErased',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, erasedAt: instant }),
  describe: (data) => ({ object: account(data.userId), ...noContext, action: 'accounts.erased', fields: { erased: true } }),
});

// On `account-email-<emailKey>`: the address is free again, so it can register anew.
export const AccountEmailReleased = defineEvent({
  type: 'AccountEmailReleased',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ emailKey: z.string().regex(/^[0-9a-f]{64}$/), userId, releasedAt: instant }),
  describe: (data) => ({ object: account(data.userId), ...noContext, action: 'accounts.emailReleased', fields: {} }),
});

// Stream `user-preferences-<userId>` (spec section 7, PUT user/{uid}/ui).
export const UserPreferencesChanged = defineEvent({
  type: 'UserPreferencesChanged',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, preferences: userPreferencesSchema, changedAt: instant }),
  describe: (data) => ({
    object: account(data.userId), ...noContext, action: 'accounts.preferencesChanged',
    fields: { theme: data.preferences.theme, sidebar: data.preferences.sidebar, viewOpt: data.preferences.viewOpt, shortcuts: data.preferences.shortcut.length },
  }),
});

// `mode: link_del`: a saved link leaves the shortcut list.
export const SavedLinkRemoved = defineEvent({
  type: 'SavedLinkRemoved',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({ userId, link: shortcutSchema, removedAt: instant }),
  describe: (data) => ({ object: account(data.userId), ...noContext, action: 'accounts.savedLinkRemoved', fields: { linkType: data.link.type } }),
});

export const accountEvents = [
  AccountEmailReserved, AccountRegistered, SocialAccountRegistered, ParentConfirmationRequested, ActivationMailRequested, AccountActivated,
  ParentConsentGiven, SessionStarted, NewDeviceLoggedIn, SessionEnded,
  AccountLocked, AccountUnlocked, PasswordResetRequired, BetaAccessApproved, PasswordResetRequested, PasswordChanged,
  AccountErased, AccountEmailReleased, UserPreferencesChanged, SavedLinkRemoved,
] as const;

type Definitions = (typeof accountEvents)[number];

/** Every account event as `{ type, data }`, a discriminated union on `type`. */
export type AccountEvent = {
  [D in Definitions as D['type']]: { type: D['type']; data: EventDataOf<D> };
}[Definitions['type']];

export type AccountEventType = AccountEvent['type'];

export const accountSchemaVersions = Object.fromEntries(accountEvents.map((e) => [e.type, e.schemaVersion])) as Record<AccountEventType, number>;
