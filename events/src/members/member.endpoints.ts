import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { contactDetailsSchema } from '../contacts/contact.events';
import { FEE_CATEGORIES_MAX, FEE_INTERVALS, MEMBER_STATUSES, feeCategorySchema, memberNumberSchema, moneySchema } from './member.events';

const tag = 'members';
const checkpoint = z.string();
const day = z.iso.date();

// Members (manage_member). The member id is the contact id.

// POST /v5/team/{teamId}/member: an existing contact of the team becomes a member
// (`contactId`), or a new contact is made a member at once (`details`, at least a name or a
// company, as for contacts). Without `memberNumber` the team's next free number is taken.
export const startMembershipBody = z.object({
  contactId: z.uuid().optional(),
  details: contactDetailsSchema.partial().optional(),
  memberNumber: memberNumberSchema.optional(),
  entryDate: day,
  feeCategoryId: z.uuid().nullable().default(null),
  status: z.enum(MEMBER_STATUSES).exclude(['left']).default('active'),
}).strict().refine((b) => (b.contactId === undefined) !== (b.details === undefined), { message: 'give either contactId or details', path: ['contactId'] });
export type StartMembershipBody = z.infer<typeof startMembershipBody>;

// PUT /v5/team/{teamId}/member/{contactId}: only what is given changes; `version` as read.
export const changeMembershipBody = z.object({
  memberNumber: memberNumberSchema.optional(),
  entryDate: day.optional(),
  feeCategoryId: z.uuid().nullable().optional(),
  status: z.enum(MEMBER_STATUSES).exclude(['left']).optional(),
  version: z.number().int().min(1).optional(),
}).strict();
export type ChangeMembershipBody = z.infer<typeof changeMembershipBody>;

// POST /v5/team/{teamId}/member/{contactId}/end: the member leaves (exit date not before entry).
export const endMembershipBody = z.object({ exitDate: day }).strict();
export type EndMembershipBody = z.infer<typeof endMembershipBody>;

// PUT /v5/team/{teamId}/member/settings: the fee categories as a whole and the next number.
export const memberSettingsBody = z.object({
  feeCategories: z.array(feeCategorySchema).max(FEE_CATEGORIES_MAX),
  nextMemberNumber: memberNumberSchema,
}).strict();
export type MemberSettingsBody = z.infer<typeof memberSettingsBody>;

export const MEMBER_SORTS = ['number', '-number', 'name', '-name', 'entry', '-entry'] as const;

export const listMembersQuery = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
  feeCategoryId: z.uuid().optional(),
  sort: z.enum(MEMBER_SORTS).default('number'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  minCheckpoint: z.string().min(1).max(200).optional(),
}).strict();
export type ListMembersQuery = z.infer<typeof listMembersQuery>;

export const memberSummarySchema = z.object({
  contactId: z.uuid(),
  memberNumber: z.number().int(),
  displayName: z.string(),
  email: z.string(),
  status: z.enum(MEMBER_STATUSES),
  entryDate: z.string(),
  exitDate: z.string().nullable(),
  feeCategoryId: z.uuid().nullable(),
  /** The category's name as the settings say now; null without one or when it was removed. */
  feeCategoryName: z.string().nullable(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

export const memberViewSchema = memberSummarySchema.extend({
  teamId: z.uuid(),
  /** The contact stream's version, for `version` on change. */
  version: z.number().int().min(1),
  fee: moneySchema.nullable(),
  feeInterval: z.enum(FEE_INTERVALS).nullable(),
});
export type MemberView = z.infer<typeof memberViewSchema>;

export const memberSettingsSchema = z.object({
  feeCategories: z.array(feeCategorySchema.extend({ memberCount: z.number().int().min(0) })),
  nextMemberNumber: z.number().int(),
});
export type MemberSettingsView = z.infer<typeof memberSettingsSchema>;

export const startMembershipEndpoint = defineEndpoint({
  operationId: 'startMembership', method: 'POST', path: '/v5/team/{teamId}/member', service: 'command', tag,
  summary: 'Make a contact a member, or a new contact a member at once, with a unique member number (manage_member)',
  body: startMembershipBody,
  successStatus: 201,
  response: z.object({ contactId: z.uuid(), memberNumber: z.number().int(), checkpoint }),
});

export const changeMembershipEndpoint = defineEndpoint({
  operationId: 'changeMembership', method: 'PUT', path: '/v5/team/{teamId}/member/{contactId}', service: 'command', tag,
  summary: 'Change a membership: number, entry date, fee category, status (manage_member)',
  body: changeMembershipBody,
  response: z.object({ contactId: z.uuid(), changed: z.boolean(), version: z.number().int(), checkpoint }),
});

export const endMembershipEndpoint = defineEndpoint({
  operationId: 'endMembership', method: 'POST', path: '/v5/team/{teamId}/member/{contactId}/end', service: 'command', tag,
  summary: 'A member leaves on the exit date (manage_member)',
  body: endMembershipBody,
  response: z.object({ contactId: z.uuid(), checkpoint }),
});

export const changeMemberSettingsEndpoint = defineEndpoint({
  operationId: 'changeMemberSettings', method: 'PUT', path: '/v5/team/{teamId}/member/settings', service: 'command', tag,
  summary: 'The team’s fee categories and next member number (manage_member)',
  body: memberSettingsBody,
  response: z.object({ changed: z.boolean(), checkpoint }),
});

export const listMembersEndpoint = defineEndpoint({
  operationId: 'listMembers', method: 'GET', path: '/v5/team/{teamId}/member', service: 'query', tag,
  summary: 'The team’s members: search, status and fee category filters, sort, a page (manage_member)',
  query: listMembersQuery,
  response: z.object({ items: z.array(memberSummarySchema), total: z.number().int().min(0) }),
});

export const getMemberEndpoint = defineEndpoint({
  operationId: 'getMember', method: 'GET', path: '/v5/team/{teamId}/member/{contactId}', service: 'query', tag,
  summary: 'One member with membership and fee (manage_member)',
  query: z.object({ minCheckpoint: z.string().min(1).max(200).optional() }).strict(),
  response: memberViewSchema,
});

export const getMemberSettingsEndpoint = defineEndpoint({
  operationId: 'getMemberSettings', method: 'GET', path: '/v5/team/{teamId}/member/settings', service: 'query', tag,
  summary: 'The team’s fee categories with their member counts, and the next member number (manage_member)',
  query: z.object({ minCheckpoint: z.string().min(1).max(200).optional() }).strict(),
  response: memberSettingsSchema,
});

export const memberEndpoints = [
  startMembershipEndpoint, changeMembershipEndpoint, endMembershipEndpoint, changeMemberSettingsEndpoint,
  listMembersEndpoint, getMemberEndpoint, getMemberSettingsEndpoint,
] as const;
