import { z } from 'zod';
import { defineEvent, type EventDataOf } from '../catalogue/event-definition';
import { CONTACT_TYPES } from '../constants';
import { CONTACT_DETAIL_FIELDS, CONTACT_SOURCES, CONTACT_STATUSES, contactDetailsSchema, type ContactDetailField } from './contact.events';

// Merging duplicates (issue 15): two contacts of a team become one. The merge is four events on
// the two contacts' own streams, so it shows in both histories and in the activity log, and can
// be undone by compensating events (ADR 0016, "Merge"):
//   - ContactMergedInto on the merged contact's stream: it leaves the list and the search; its
//     events and key stay, so an undo brings it back.
//   - ContactsMerged on the surviving contact's stream: the field values taken over from the
//     merged contact (personal, under the survivor's key, as ContactEdited).
//   - ContactMergeUndone on the survivor's stream: its fields as they were before the merge.
//   - ContactUnmerged on the other's stream: it is back, exactly as it was (a snapshot of its
//     type, status, blocked, source, creation and details under its own key, so the read model
//     restores its row from the event alone).

const contact = (contactId: string) => ({ kind: 'contact', id: contactId });
const detailField = z.enum(CONTACT_DETAIL_FIELDS as [ContactDetailField, ...ContactDetailField[]]);

export const ContactsMerged = defineEvent({
  type: 'ContactsMerged',
  feature: 'contacts',
  schemaVersion: 1,
  personalFields: ['details'],
  schema: z.object({
    contactId: z.uuid(),
    teamId: z.uuid(),
    mergeId: z.uuid(),
    mergedContactId: z.uuid(),
    /** The survivor's fields that take the merged contact's value; null once the survivor's key is erased. */
    details: contactDetailsSchema.partial().nullable(),
    changed: z.array(detailField),
  }),
  describe: (d) => ({
    object: contact(d.contactId), projectId: null, listId: null, action: 'contacts.merged',
    fields: { ...(d.changed.length > 0 ? { changedFields: d.changed } : {}) },
  }),
});

export const ContactMergedInto = defineEvent({
  type: 'ContactMergedInto',
  feature: 'contacts',
  schemaVersion: 1,
  schema: z.object({ contactId: z.uuid(), teamId: z.uuid(), mergeId: z.uuid(), survivorId: z.uuid() }),
  describe: (d) => ({ object: contact(d.contactId), projectId: null, listId: null, action: 'contacts.mergedInto', fields: {} }),
});

export const ContactMergeUndone = defineEvent({
  type: 'ContactMergeUndone',
  feature: 'contacts',
  schemaVersion: 1,
  personalFields: ['details'],
  schema: z.object({
    contactId: z.uuid(),
    teamId: z.uuid(),
    mergeId: z.uuid(),
    mergedContactId: z.uuid(),
    /** The survivor's fields as they were before the merge; null once its key is erased. */
    details: contactDetailsSchema.partial().nullable(),
    changed: z.array(detailField),
  }),
  describe: (d) => ({
    object: contact(d.contactId), projectId: null, listId: null, action: 'contacts.mergeUndone',
    fields: { ...(d.changed.length > 0 ? { changedFields: d.changed } : {}) },
  }),
});

export const ContactUnmerged = defineEvent({
  type: 'ContactUnmerged',
  feature: 'contacts',
  schemaVersion: 1,
  personalFields: ['details'],
  schema: z.object({
    contactId: z.uuid(),
    teamId: z.uuid(),
    mergeId: z.uuid(),
    survivorId: z.uuid(),
    type: z.enum(CONTACT_TYPES),
    status: z.enum(CONTACT_STATUSES),
    blocked: z.boolean(),
    source: z.enum(CONTACT_SOURCES),
    createdAt: z.iso.datetime({ offset: true }),
    /** Its details as before the merge; null once its key is erased. */
    details: contactDetailsSchema.nullable(),
  }),
  describe: (d) => ({ object: contact(d.contactId), projectId: null, listId: null, action: 'contacts.unmerged', fields: { contactType: d.type, contactStatus: d.status } }),
});

export const contactMergeEvents = [ContactsMerged, ContactMergedInto, ContactMergeUndone, ContactUnmerged] as const;

type Definitions = (typeof contactMergeEvents)[number];

/** The merge events on contact streams as `{ type, data }`. */
export type ContactMergeEvent = {
  [D in Definitions as D['type']]: { type: D['type']; data: EventDataOf<D> };
}[Definitions['type']];
