import { z } from 'zod';
import { defineEvent, type EventDataOf } from '../catalogue/event-definition';

// Contact groups (spec section 3: contact group with subtypes group, department, class). One
// stream per group, `contact-group-<groupId>`, the team in the data and the metadata. A group's
// name is the team's word for it, not personal data; its members are contact ids. Who may add
// and remove members: `admins` — only contact managers (manage_contact); `request` — team
// members may also ask to join, and a contact manager accepts (spec section 5: "joining a group
// needs acceptance"; the request itself arrives with linked team users).

export const CONTACT_GROUP_KINDS = ['group', 'department', 'class'] as const;
export type ContactGroupKind = (typeof CONTACT_GROUP_KINDS)[number];

export const CONTACT_GROUP_POLICIES = ['admins', 'request'] as const;
export type ContactGroupPolicy = (typeof CONTACT_GROUP_POLICIES)[number];

export const CONTACT_GROUP_NAME_MAX = 80;
export const CONTACT_GROUP_DESCRIPTION_MAX = 500;
/** The most contacts one call adds to or removes from a group. */
export const CONTACT_GROUP_BATCH_MAX = 1000;

export const contactGroupNameSchema = z.string().trim().min(1).max(CONTACT_GROUP_NAME_MAX).regex(/^[^\r\n\t\u0000-\u001f]*$/, 'must be one line without control characters');
export const contactGroupDescriptionSchema = z.string().trim().max(CONTACT_GROUP_DESCRIPTION_MAX);

export const contactGroupStream = (groupId: string): string => `contact-group-${groupId}`;

const group = (groupId: string) => ({ kind: 'contactGroup', id: groupId });

export const ContactGroupCreated = defineEvent({
  type: 'ContactGroupCreated',
  feature: 'contacts',
  schemaVersion: 1,
  schema: z.object({
    groupId: z.uuid(),
    teamId: z.uuid(),
    name: contactGroupNameSchema,
    kind: z.enum(CONTACT_GROUP_KINDS),
    policy: z.enum(CONTACT_GROUP_POLICIES),
    description: contactGroupDescriptionSchema,
  }),
  describe: (d) => ({
    object: group(d.groupId), projectId: null, listId: null, action: 'contacts.groupCreated',
    fields: { name: d.name, groupKind: d.kind, groupPolicy: d.policy },
  }),
});

export const ContactGroupEdited = defineEvent({
  type: 'ContactGroupEdited',
  feature: 'contacts',
  schemaVersion: 1,
  schema: z.object({
    groupId: z.uuid(),
    teamId: z.uuid(),
    name: contactGroupNameSchema.optional(),
    kind: z.enum(CONTACT_GROUP_KINDS).optional(),
    policy: z.enum(CONTACT_GROUP_POLICIES).optional(),
    description: contactGroupDescriptionSchema.optional(),
  }),
  describe: (d) => ({
    object: group(d.groupId), projectId: null, listId: null, action: 'contacts.groupEdited',
    fields: {
      ...(d.name !== undefined ? { name: d.name } : {}),
      ...(d.kind !== undefined ? { groupKind: d.kind } : {}),
      ...(d.policy !== undefined ? { groupPolicy: d.policy } : {}),
      ...(d.description !== undefined ? { descriptionChanged: true } : {}),
    },
  }),
});

export const ContactGroupRemoved = defineEvent({
  type: 'ContactGroupRemoved',
  feature: 'contacts',
  schemaVersion: 1,
  schema: z.object({ groupId: z.uuid(), teamId: z.uuid() }),
  describe: (d) => ({ object: group(d.groupId), projectId: null, listId: null, action: 'contacts.groupRemoved', fields: {}, removesObject: true }),
});

export const ContactGroupMembersChanged = defineEvent({
  type: 'ContactGroupMembersChanged',
  feature: 'contacts',
  schemaVersion: 1,
  schema: z.object({
    groupId: z.uuid(),
    teamId: z.uuid(),
    added: z.array(z.uuid()).max(CONTACT_GROUP_BATCH_MAX),
    removed: z.array(z.uuid()).max(CONTACT_GROUP_BATCH_MAX),
  }),
  describe: (d) => ({
    object: group(d.groupId), projectId: null, listId: null, action: 'contacts.groupMembersChanged',
    fields: { membersAdded: d.added.length, membersRemoved: d.removed.length },
  }),
});

export const contactGroupEvents = [ContactGroupCreated, ContactGroupEdited, ContactGroupRemoved, ContactGroupMembersChanged] as const;

type Definitions = (typeof contactGroupEvents)[number];

/** Every contact group event as `{ type, data }`, a discriminated union on `type`. */
export type ContactGroupEvent = {
  [D in Definitions as D['type']]: { type: D['type']; data: EventDataOf<D> };
}[Definitions['type']];
