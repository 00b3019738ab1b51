import { z } from 'zod';
import { defineEvent } from '../../catalogue/event-definition';

// A social identity is keyed by (issuer, subject), never by e-mail alone
// (security-and-reliability.md, "Social login"). Its stream is `social-identity-<identityId>`.
export const SocialIdentityLinked = defineEvent({
  type: 'SocialIdentityLinked',
  feature: 'accounts',
  schemaVersion: 1,
  personalFields: ['subject', 'email'],
  schema: z.object({
    identityId: z.string().regex(/^[0-9a-f]{64}$/),
    provider: z.string().min(1).max(40),
    issuer: z.string().url(),
    subject: z.string().min(1).max(255),
    userId: z.string().uuid(),
    email: z.string().max(320),
  }),
  describe: (data) => ({
    object: { kind: 'user', id: data.userId },
    projectId: null,
    listId: null,
    action: 'accounts.socialIdentityLinked',
    fields: { provider: data.provider },
  }),
});

export const SocialIdentitySignedIn = defineEvent({
  type: 'SocialIdentitySignedIn',
  feature: 'accounts',
  schemaVersion: 1,
  schema: z.object({
    identityId: z.string().regex(/^[0-9a-f]{64}$/),
    provider: z.string().min(1).max(40),
    userId: z.string().uuid(),
    deviceId: z.string().max(10),
  }),
  describe: (data) => ({
    object: { kind: 'user', id: data.userId },
    projectId: null,
    listId: null,
    action: 'accounts.socialSignedIn',
    fields: { provider: data.provider, deviceId: data.deviceId },
  }),
});

export type SocialEvent =
  | { type: 'SocialIdentityLinked'; data: z.infer<typeof SocialIdentityLinked.schema> }
  | { type: 'SocialIdentitySignedIn'; data: z.infer<typeof SocialIdentitySignedIn.schema> };

export const socialEvents = [SocialIdentityLinked, SocialIdentitySignedIn] as const;

export function socialIdentityStreamId(identityId: string): string {
  return `social-identity-${identityId}`;
}
