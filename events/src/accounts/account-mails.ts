import { z } from 'zod';
import type { AccountEventType } from './account.events';

export const accountMailTemplates = ['activation', 'parent-confirmation', 'password-reset', 'new-device'] as const;
export type AccountMailTemplate = (typeof accountMailTemplates)[number];

/**
 * The account events that ask for a mail, with the template. The mail job finds the address in
 * the account stream (decrypted) and, for link mails, recomputes the token with
 * `linkTokenFor(keys, event.eventId)`.
 */
export const accountMailRequests: Readonly<Partial<Record<AccountEventType, AccountMailTemplate>>> = {
  AccountRegistered: 'activation',
  ActivationMailRequested: 'activation',
  ParentConfirmationRequested: 'parent-confirmation',
  PasswordResetRequested: 'password-reset',
  NewDeviceLoggedIn: 'new-device',
};

/** The front-end routes a link mail points to (spec section 2); the origin comes from configuration. */
export const accountLinkPaths: Readonly<Record<Exclude<AccountMailTemplate, 'new-device'>, string>> = {
  activation: '/account/activate/',
  'parent-confirmation': '/account/child/',
  'password-reset': '/account/reset/',
};

export const accountMailRequestSchema = z.object({
  template: z.enum(accountMailTemplates),
  /** Personal: the recipient's address. Never logged. */
  to: z.email(),
  language: z.enum(['de', 'en', 'fr', 'it']).default('de'),
  /** The event whose id the link token is computed from; absent for mails without a link. */
  linkEventId: z.uuid().optional(),
  params: z.record(z.string(), z.string()).default({}),
});

export type AccountMailRequest = z.infer<typeof accountMailRequestSchema>;
