import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import {
  CONTACT_GROUP_BATCH_MAX, CONTACT_GROUP_KINDS, CONTACT_GROUP_POLICIES, contactGroupDescriptionSchema, contactGroupNameSchema,
} from './contact-group.events';

const tag = 'contacts';
const checkpoint = z.string();

// Contact groups (manage_contact). Paths under /contact/group: the static segment is matched
// before a contact id.

// POST /v5/team/{teamId}/contact/group
export const createContactGroupBody = z.object({
  name: contactGroupNameSchema,
  kind: z.enum(CONTACT_GROUP_KINDS).default('group'),
  policy: z.enum(CONTACT_GROUP_POLICIES).default('admins'),
  description: contactGroupDescriptionSchema.default(''),
}).strict();
export type CreateContactGroupBody = z.infer<typeof createContactGroupBody>;

// PUT /v5/team/{teamId}/contact/group/{groupId}: only what is given changes.
export const editContactGroupBody = z.object({
  name: contactGroupNameSchema.optional(),
  kind: z.enum(CONTACT_GROUP_KINDS).optional(),
  policy: z.enum(CONTACT_GROUP_POLICIES).optional(),
  description: contactGroupDescriptionSchema.optional(),
}).strict();
export type EditContactGroupBody = z.infer<typeof editContactGroupBody>;

// PUT /v5/team/{teamId}/contact/group/{groupId}/members: contacts of the team to add and to
// remove (an id in both is refused; adding a member or removing a non-member changes nothing).
export const changeContactGroupMembersBody = z.object({
  add: z.array(z.uuid()).max(CONTACT_GROUP_BATCH_MAX).default([]),
  remove: z.array(z.uuid()).max(CONTACT_GROUP_BATCH_MAX).default([]),
}).strict();
export type ChangeContactGroupMembersBody = z.infer<typeof changeContactGroupMembersBody>;

export const contactGroupSummarySchema = z.object({
  groupId: z.uuid(),
  name: z.string(),
  kind: z.enum(CONTACT_GROUP_KINDS),
  policy: z.enum(CONTACT_GROUP_POLICIES),
  description: z.string(),
  memberCount: z.number().int().min(0),
  updatedAt: z.string(),
});
export type ContactGroupSummary = z.infer<typeof contactGroupSummarySchema>;

export const contactGroupMemberSchema = z.object({
  contactId: z.uuid(),
  displayName: z.string(),
  email: z.string(),
  addedAt: z.string(),
});
export type ContactGroupMember = z.infer<typeof contactGroupMemberSchema>;

export const contactGroupViewSchema = contactGroupSummarySchema.extend({
  members: z.array(contactGroupMemberSchema),
  /** The stream version. */
  version: z.number().int().min(1),
});
export type ContactGroupView = z.infer<typeof contactGroupViewSchema>;

export const createContactGroupEndpoint = defineEndpoint({
  operationId: 'createContactGroup', method: 'POST', path: '/v5/team/{teamId}/contact/group', service: 'command', tag,
  summary: 'Add a group, department or class of contacts (manage_contact)',
  body: createContactGroupBody,
  successStatus: 201,
  response: z.object({ groupId: z.uuid(), checkpoint }),
});

export const editContactGroupEndpoint = defineEndpoint({
  operationId: 'editContactGroup', method: 'PUT', path: '/v5/team/{teamId}/contact/group/{groupId}', service: 'command', tag,
  summary: 'Rename a contact group or change its kind, policy or description (manage_contact)',
  body: editContactGroupBody,
  response: z.object({ groupId: z.uuid(), changed: z.boolean(), checkpoint }),
});

export const removeContactGroupEndpoint = defineEndpoint({
  operationId: 'removeContactGroup', method: 'DELETE', path: '/v5/team/{teamId}/contact/group/{groupId}', service: 'command', tag,
  summary: 'Remove a contact group; its contacts stay (manage_contact)',
  response: z.object({ groupId: z.uuid(), removed: z.boolean(), checkpoint }),
});

export const changeContactGroupMembersEndpoint = defineEndpoint({
  operationId: 'changeContactGroupMembers', method: 'PUT', path: '/v5/team/{teamId}/contact/group/{groupId}/members', service: 'command', tag,
  summary: 'Add contacts to a group and remove others (manage_contact)',
  body: changeContactGroupMembersBody,
  response: z.object({ groupId: z.uuid(), added: z.number().int(), removed: z.number().int(), checkpoint }),
});

export const listContactGroupsEndpoint = defineEndpoint({
  operationId: 'listContactGroups', method: 'GET', path: '/v5/team/{teamId}/contact/group', service: 'query', tag,
  summary: 'The team’s contact groups with their member counts, by name (manage_contact)',
  query: z.object({ minCheckpoint: z.string().min(1).max(200).optional() }).strict(),
  response: z.object({ items: z.array(contactGroupSummarySchema) }),
});

export const getContactGroupEndpoint = defineEndpoint({
  operationId: 'getContactGroup', method: 'GET', path: '/v5/team/{teamId}/contact/group/{groupId}', service: 'query', tag,
  summary: 'One contact group with its members by name (manage_contact)',
  query: z.object({ minCheckpoint: z.string().min(1).max(200).optional() }).strict(),
  response: contactGroupViewSchema,
});

export const contactGroupEndpoints = [
  createContactGroupEndpoint, editContactGroupEndpoint, removeContactGroupEndpoint, changeContactGroupMembersEndpoint,
  listContactGroupsEndpoint, getContactGroupEndpoint,
] as const;
