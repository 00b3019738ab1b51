import { z } from 'zod';
import { defineEvent, type EventDataOf } from '../catalogue/event-definition';

// Members (spec section 2: manage/member and member-v1 with {memberId} and {memberId}/settings,
// manage_member, a full area). A member is a contact of the team (ADR 0016) with a membership:
// member number, entry and exit dates, fee category and status. The membership's events are on
// the contact's own stream, `contact-<contactId>`, so the contact's history tells them too; the
// member id is the contact id. None of these fields is personal data beyond what the contact
// already holds (a number, dates of the membership, a category), so they stay readable in the
// activity log.
//
// Member numbers are unique per team. They are handed out on the team's own number stream,
// `member-numbers-<teamId>` (`MemberNumberAssigned`, `MemberNumberReleased`), appended with the
// stream's expected version, so two admins who take the same number at the same moment cannot
// both succeed: the second is refused with the field memberNumber (ADR 0016). The team's
// member settings (fee categories, the next number) are the stream `member-settings-<teamId>`.

export const MEMBER_STATUSES = ['active', 'passive', 'honorary', 'left'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const FEE_INTERVALS = ['year', 'half_year', 'quarter', 'month'] as const;
export type FeeInterval = (typeof FEE_INTERVALS)[number];

export const MEMBER_NUMBER_MAX = 999_999_999;
export const FEE_CATEGORY_NAME_MAX = 60;
export const FEE_CATEGORIES_MAX = 30;
/** The largest fee: 100,000.00 in minor units. */
export const FEE_AMOUNT_MAX = 10_000_000;

export const memberNumberSchema = z.number().int().min(1).max(MEMBER_NUMBER_MAX);
const day = z.iso.date();

/** Money: an integer of minor units and an ISO 4217 code (architecture.md, "Money"). */
export const moneySchema = z.object({ amount: z.number().int().min(0).max(FEE_AMOUNT_MAX), currency: z.enum(['EUR', 'CHF']) }).strict();
export type Money = z.infer<typeof moneySchema>;

export const feeCategorySchema = z.object({
  categoryId: z.uuid(),
  name: z.string().trim().min(1).max(FEE_CATEGORY_NAME_MAX).regex(/^[^\r\n\t\u0000-\u001f]*$/, 'must be one line without control characters'),
  fee: moneySchema,
  interval: z.enum(FEE_INTERVALS),
}).strict();
export type FeeCategory = z.infer<typeof feeCategorySchema>;

export const memberNumbersStream = (teamId: string): string => `member-numbers-${teamId}`;
export const memberSettingsStream = (teamId: string): string => `member-settings-${teamId}`;

const member = (contactId: string) => ({ kind: 'member', id: contactId });

/** A contact becomes a member (its type becomes member). */
export const MembershipStarted = defineEvent({
  type: 'MembershipStarted',
  feature: 'members',
  schemaVersion: 1,
  schema: z.object({
    contactId: z.uuid(),
    teamId: z.uuid(),
    memberNumber: memberNumberSchema,
    entryDate: day,
    /** null: no fee category (honorary members, say). */
    feeCategoryId: z.uuid().nullable(),
    status: z.enum(MEMBER_STATUSES).exclude(['left']),
  }),
  describe: (d) => ({
    object: member(d.contactId), projectId: null, listId: null, action: 'members.started',
    fields: { memberNumber: d.memberNumber, entryDate: d.entryDate, memberStatus: d.status, feeCategoryId: d.feeCategoryId },
  }),
});

/** Only what changes; a number change goes with a new number on the team's number stream. */
export const MembershipChanged = defineEvent({
  type: 'MembershipChanged',
  feature: 'members',
  schemaVersion: 1,
  schema: z.object({
    contactId: z.uuid(),
    teamId: z.uuid(),
    memberNumber: memberNumberSchema.optional(),
    entryDate: day.optional(),
    feeCategoryId: z.uuid().nullable().optional(),
    status: z.enum(MEMBER_STATUSES).exclude(['left']).optional(),
  }),
  describe: (d) => ({
    object: member(d.contactId), projectId: null, listId: null, action: 'members.changed',
    fields: {
      ...(d.memberNumber !== undefined ? { memberNumber: d.memberNumber } : {}),
      ...(d.entryDate !== undefined ? { entryDate: d.entryDate } : {}),
      ...(d.feeCategoryId !== undefined ? { feeCategoryId: d.feeCategoryId } : {}),
      ...(d.status !== undefined ? { memberStatus: d.status } : {}),
    },
  }),
});

/** The member leaves on `exitDate` (status left); the number stays theirs in the records. */
export const MembershipEnded = defineEvent({
  type: 'MembershipEnded',
  feature: 'members',
  schemaVersion: 1,
  schema: z.object({ contactId: z.uuid(), teamId: z.uuid(), exitDate: day }),
  describe: (d) => ({
    object: member(d.contactId), projectId: null, listId: null, action: 'members.ended',
    fields: { exitDate: d.exitDate, memberStatus: 'left' },
  }),
});

/** On `member-numbers-<teamId>`: the number is the contact's from now on. */
export const MemberNumberAssigned = defineEvent({
  type: 'MemberNumberAssigned',
  feature: 'members',
  schemaVersion: 1,
  schema: z.object({ teamId: z.uuid(), memberNumber: memberNumberSchema, contactId: z.uuid() }),
  describe: (d) => ({
    object: member(d.contactId), projectId: null, listId: null, action: 'members.numberAssigned',
    fields: { memberNumber: d.memberNumber },
  }),
});

/** On `member-numbers-<teamId>`: the number is free again (the member got another one, or the contact was erased). */
export const MemberNumberReleased = defineEvent({
  type: 'MemberNumberReleased',
  feature: 'members',
  schemaVersion: 1,
  schema: z.object({ teamId: z.uuid(), memberNumber: memberNumberSchema, contactId: z.uuid() }),
  describe: (d) => ({
    object: member(d.contactId), projectId: null, listId: null, action: 'members.numberReleased',
    fields: { memberNumber: d.memberNumber },
  }),
});

/** On `member-settings-<teamId>`: the team's fee categories as a whole, and the next member number. */
export const MemberSettingsChanged = defineEvent({
  type: 'MemberSettingsChanged',
  feature: 'members',
  schemaVersion: 1,
  schema: z.object({
    teamId: z.uuid(),
    feeCategories: z.array(feeCategorySchema).max(FEE_CATEGORIES_MAX),
    /** The number the next new member gets unless one is given. */
    nextMemberNumber: memberNumberSchema,
  }),
  describe: (d) => ({
    object: { kind: 'memberSettings', id: d.teamId }, projectId: null, listId: null, action: 'members.settingsChanged',
    fields: { feeCategories: d.feeCategories.map((c) => c.name), nextMemberNumber: d.nextMemberNumber },
  }),
});

export const memberEvents = [MembershipStarted, MembershipChanged, MembershipEnded, MemberNumberAssigned, MemberNumberReleased, MemberSettingsChanged] as const;

type Definitions = (typeof memberEvents)[number];

/** Every member event as `{ type, data }`, a discriminated union on `type`. */
export type MemberEvent = {
  [D in Definitions as D['type']]: { type: D['type']; data: EventDataOf<D> };
}[Definitions['type']];
