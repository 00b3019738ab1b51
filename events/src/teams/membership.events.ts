import { z } from 'zod';
import { defineEvent, type EventDataOf } from '../catalogue/event-definition';
import { ACCESS_AREAS } from '../constants/access.constants';

// Events of a team's membership stream `team-members-<teamId>` (ADR 0005, T2): invitations by
// mail and by link, applications, leaving, disconnecting, levels and access maps. The invited
// address is a personal field (encrypted with metadata.personId = inviteId) and never shown
// in the activity log; link tokens are stored only as SHA-256 hashes.

const teamId = z.uuid();
const userId = z.uuid();
const inviteId = z.uuid();
const applicationId = z.uuid();
const instant = z.iso.datetime({ offset: true });
const hash = z.string().regex(/^[0-9a-f]{64}$/);

// Levels a membership can be given; the owner is made by TeamCreated only.
export const GRANTABLE_LEVELS = ['admin', 'space', 'item', 'member'] as const;
export type GrantableLevel = (typeof GRANTABLE_LEVELS)[number];
export const grantableLevelSchema = z.enum(GRANTABLE_LEVELS);

export const memberAccessMapSchema = z.partialRecord(z.enum(ACCESS_AREAS), z.array(z.string().min(1).max(100)).max(1000));
export type MemberAccessMap = z.infer<typeof memberAccessMapSchema>;

export const INVITE_CHANNELS = ['mail', 'link'] as const;
export type InviteChannel = (typeof INVITE_CHANNELS)[number];

const member = (team: string, user: string) => ({ kind: 'team-member', id: `${team}:${user}` });
const invitation = (id: string) => ({ kind: 'team-invitation', id });
const application = (id: string) => ({ kind: 'team-application', id });
const noContext = { projectId: null, listId: null } as const;

export const MemberInvited = defineEvent({
  type: 'MemberInvited',
  feature: 'teams',
  schemaVersion: 1,
  personalFields: ['email'],
  schema: z.object({
    teamId, inviteId, channel: z.enum(INVITE_CHANNELS),
    /** mail: HMAC key of the invited address (only that account may accept); link: null. */
    emailKey: hash.nullable(),
    email: z.string().nullable(),
    /** link: SHA-256 of the shareable token; mail: null (the invitee is known by address). */
    tokenHash: hash.nullable(),
    level: grantableLevelSchema,
    access: memberAccessMapSchema,
    language: z.enum(['de', 'en', 'fr', 'it']),
    invitedBy: userId,
    invitedAt: instant,
    expiresAt: instant,
  }),
  describe: (d) => ({
    object: invitation(d.inviteId), ...noContext, action: 'teams.memberInvited',
    fields: { teamId: d.teamId, channel: d.channel, level: d.level, expiresAt: d.expiresAt },
  }),
});

export const InvitationRevoked = defineEvent({
  type: 'InvitationRevoked',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId, inviteId }),
  describe: (d) => ({ object: invitation(d.inviteId), ...noContext, action: 'teams.invitationRevoked', fields: {}, removesObject: true }),
});

export const InvitationAccepted = defineEvent({
  type: 'InvitationAccepted',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId, inviteId, userId, level: grantableLevelSchema, access: memberAccessMapSchema, acceptedAt: instant }),
  describe: (d) => ({ object: member(d.teamId, d.userId), ...noContext, action: 'teams.invitationAccepted', fields: { inviteId: d.inviteId, level: d.level } }),
});

export const InvitationDeclined = defineEvent({
  type: 'InvitationDeclined',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId, inviteId, userId }),
  describe: (d) => ({ object: invitation(d.inviteId), ...noContext, action: 'teams.invitationDeclined', fields: { userId: d.userId } }),
});

export const MembershipApplied = defineEvent({
  type: 'MembershipApplied',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId, applicationId, userId, appliedAt: instant }),
  describe: (d) => ({ object: application(d.applicationId), ...noContext, action: 'teams.membershipApplied', fields: { teamId: d.teamId, userId: d.userId } }),
});

export const MembershipApplicationAccepted = defineEvent({
  type: 'MembershipApplicationAccepted',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId, applicationId, userId, acceptedAt: instant }),
  describe: (d) => ({ object: application(d.applicationId), ...noContext, action: 'teams.membershipApplicationAccepted', fields: { userId: d.userId } }),
});

export const MembershipApplicationRejected = defineEvent({
  type: 'MembershipApplicationRejected',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId, applicationId, userId }),
  describe: (d) => ({ object: application(d.applicationId), ...noContext, action: 'teams.membershipApplicationRejected', fields: { userId: d.userId } }),
});

export const MemberLeft = defineEvent({
  type: 'MemberLeft',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId, userId }),
  describe: (d) => ({ object: member(d.teamId, d.userId), ...noContext, action: 'teams.memberLeft', fields: { status: 'left' } }),
});

export const MemberDisconnected = defineEvent({
  type: 'MemberDisconnected',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId, userId }),
  describe: (d) => ({ object: member(d.teamId, d.userId), ...noContext, action: 'teams.memberDisconnected', fields: { status: 'removed' } }),
});

export const MemberLevelChanged = defineEvent({
  type: 'MemberLevelChanged',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId, userId, level: grantableLevelSchema }),
  describe: (d) => ({ object: member(d.teamId, d.userId), ...noContext, action: 'teams.memberLevelChanged', fields: { level: d.level } }),
});

export const MemberAccessChanged = defineEvent({
  type: 'MemberAccessChanged',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId, userId, access: memberAccessMapSchema }),
  describe: (d) => ({ object: member(d.teamId, d.userId), ...noContext, action: 'teams.memberAccessChanged', fields: { access: d.access } }),
});

export const membershipEvents = [
  MemberInvited, InvitationRevoked, InvitationAccepted, InvitationDeclined, MembershipApplied,
  MembershipApplicationAccepted, MembershipApplicationRejected, MemberLeft, MemberDisconnected,
  MemberLevelChanged, MemberAccessChanged,
] as const;

type Defs = (typeof membershipEvents)[number];
export type MembershipEvent = { [D in Defs as D['type']]: { type: D['type']; data: EventDataOf<D> } }[Defs['type']];

export const membershipSchemaVersions = Object.fromEntries(membershipEvents.map((e) => [e.type, e.schemaVersion])) as Record<MembershipEvent['type'], number>;

export const membershipStreamId = (teamIdValue: string): string => `team-members-${teamIdValue}`;
