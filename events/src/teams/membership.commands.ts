import { z } from 'zod';
import { memberAccessMapSchema, grantableLevelSchema } from './membership.events';

// Bodies of the membership commands (ADR 0005, T2). Strict: only the fields the action allows.

export const inviteMemberBody = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('mail'), email: z.string().trim().email().max(254), level: grantableLevelSchema, access: memberAccessMapSchema.default({}) }).strict(),
  z.object({ channel: z.literal('link'), level: grantableLevelSchema, access: memberAccessMapSchema.default({}) }).strict(),
]);
export type InviteMemberBody = z.input<typeof inviteMemberBody>;

// `/account/invite/{data}`: data is the link's token, 32 random bytes base64url.
export const acceptInviteLinkBody = z.object({ data: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }).strict();

export const changeMemberLevelBody = z.object({ level: grantableLevelSchema }).strict();
export const changeMemberAccessBody = z.object({ access: memberAccessMapSchema }).strict();
export const decideApplicationBody = z.object({ accept: z.boolean() }).strict();
