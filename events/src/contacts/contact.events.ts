import { z } from 'zod';
import { defineEvent, type EventDataOf } from '../catalogue/event-definition';
import { CONTACT_TYPES, COUNTRIES } from '../constants';

// The team's contacts (spec sections 2, 3 and 6: manage/contact, manage_contact). One stream per
// contact, `contact-<contactId>`; the team is in the data and the metadata, so every change shows
// in the team's activity log. The contact's own data (names, addresses, numbers, birth date,
// note) is personal data of the contact (rule 8): encrypted with the contact's own key
// (metadata.personId = contactPersonId(contactId)), null once that key is erased. The activity
// log keeps only what is not personal — type, status, blocked, the contact activity code and
// the names of the changed fields (contactType, contactStatus, blocked, contactCode,
// changedFields) — and names the contact from the contacts read model, so an erased contact leaves no
// plaintext behind.
//
// Contact activity codes (spec section 3) as the contact's history shows them: 1 new contact
// (ContactCreated), 2 removed (ContactRemoved); 3/4 linked to and unlinked from a project, 20/21
// added to and removed from a list and 40 entered in a form arrive with those areas.

export const CONTACT_STATUSES = ['active', 'inactive'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_SOURCES = ['manual', 'import', 'application'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

export const CONTACT_ACTIVITY_CODES = { created: 1, removed: 2, linkedToProject: 3, unlinkedFromProject: 4, addedToList: 20, removedFromList: 21, enteredInForm: 40 } as const;

export const CONTACT_NAME_MAX = 100;
export const CONTACT_COMPANY_MAX = 200;
export const CONTACT_NOTE_MAX = 2000;

const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]);
const line = (max: number) => z.string().trim().max(max).regex(/^[^\r\n\t\u0000-\u001f]*$/, 'must be one line without control characters');

/** The contact's own data, every field present ('' for empty). */
export const contactDetailsSchema = z.object({
  firstName: line(CONTACT_NAME_MAX),
  lastName: line(CONTACT_NAME_MAX),
  company: line(CONTACT_COMPANY_MAX),
  email: blankOr(z.email().max(254)),
  phone: blankOr(z.string().trim().max(40).regex(/^\+?[0-9 ()/.-]{3,40}$/, 'must be a phone number')),
  mobile: blankOr(z.string().trim().max(40).regex(/^\+?[0-9 ()/.-]{3,40}$/, 'must be a phone number')),
  street: line(200),
  postcode: blankOr(z.string().trim().max(12).regex(/^[A-Za-z0-9 -]{2,12}$/, 'must be a postcode')),
  city: line(100),
  country: blankOr(z.enum(COUNTRIES)),
  /** YYYY-MM-DD. */
  birthDate: blankOr(z.iso.date()),
  note: z.string().trim().max(CONTACT_NOTE_MAX),
}).strict();
export type ContactDetails = z.infer<typeof contactDetailsSchema>;
export type ContactDetailField = keyof ContactDetails;
export const CONTACT_DETAIL_FIELDS = Object.keys(contactDetailsSchema.shape) as ContactDetailField[];

export const EMPTY_CONTACT_DETAILS: ContactDetails = {
  firstName: '', lastName: '', company: '', email: '', phone: '', mobile: '', street: '', postcode: '', city: '', country: '', birthDate: '', note: '',
};

/** How a contact is called wherever it is listed: "First Last", else the company, else the e-mail. */
export function contactDisplayName(details: Pick<ContactDetails, 'firstName' | 'lastName' | 'company' | 'email'> | null): string | null {
  if (details === null) return null;
  const name = [details.firstName, details.lastName].filter((p) => p !== '').join(' ');
  return name !== '' ? name : details.company !== '' ? details.company : details.email !== '' ? details.email : null;
}

export const contactStream = (contactId: string): string => `contact-${contactId}`;
/** The person whose key encrypts a contact's data: the contact itself. */
export const contactPersonId = (contactId: string): string => `contact-${contactId}`;

const contact = (contactId: string) => ({ kind: 'contact', id: contactId });
const instant = z.iso.datetime({ offset: true });

export const ContactCreated = defineEvent({
  type: 'ContactCreated',
  feature: 'contacts',
  schemaVersion: 1,
  personalFields: ['details'],
  schema: z.object({
    contactId: z.uuid(),
    teamId: z.uuid(),
    type: z.enum(CONTACT_TYPES),
    status: z.enum(CONTACT_STATUSES),
    /** null once the contact's key is erased. */
    details: contactDetailsSchema.nullable(),
    source: z.enum(CONTACT_SOURCES),
    createdAt: instant,
  }),
  describe: (d) => ({
    object: contact(d.contactId), projectId: null, listId: null, action: 'contacts.created',
    fields: { contactType: d.type, contactStatus: d.status, contactCode: CONTACT_ACTIVITY_CODES.created },
  }),
});

export const ContactEdited = defineEvent({
  type: 'ContactEdited',
  feature: 'contacts',
  schemaVersion: 1,
  personalFields: ['details'],
  schema: z.object({
    contactId: z.uuid(),
    teamId: z.uuid(),
    type: z.enum(CONTACT_TYPES).optional(),
    status: z.enum(CONTACT_STATUSES).optional(),
    /** The changed fields with their new values; null once the contact's key is erased. */
    details: contactDetailsSchema.partial().nullable().optional(),
    /** The names of the changed detail fields (not personal: the log and history say what changed). */
    changed: z.array(z.enum(CONTACT_DETAIL_FIELDS as [ContactDetailField, ...ContactDetailField[]])),
  }),
  describe: (d) => ({
    object: contact(d.contactId), projectId: null, listId: null, action: 'contacts.edited',
    fields: {
      ...(d.type !== undefined ? { contactType: d.type } : {}),
      ...(d.status !== undefined ? { contactStatus: d.status } : {}),
      ...(d.changed.length > 0 ? { changedFields: d.changed } : {}),
    },
  }),
});

export const ContactBlockChanged = defineEvent({
  type: 'ContactBlockChanged',
  feature: 'contacts',
  schemaVersion: 1,
  schema: z.object({ contactId: z.uuid(), teamId: z.uuid(), blocked: z.boolean() }),
  describe: (d) => ({
    object: contact(d.contactId), projectId: null, listId: null, action: d.blocked ? 'contacts.blocked' : 'contacts.unblocked',
    fields: { blocked: d.blocked },
  }),
});

export const ContactRemoved = defineEvent({
  type: 'ContactRemoved',
  feature: 'contacts',
  schemaVersion: 1,
  schema: z.object({ contactId: z.uuid(), teamId: z.uuid() }),
  describe: (d) => ({
    object: contact(d.contactId), projectId: null, listId: null, action: 'contacts.removed',
    fields: { contactCode: CONTACT_ACTIVITY_CODES.removed }, removesObject: true,
  }),
});

export const contactEvents = [ContactCreated, ContactEdited, ContactBlockChanged, ContactRemoved] as const;

type Definitions = (typeof contactEvents)[number];

/** Every contact event as `{ type, data }`, a discriminated union on `type`. */
export type ContactEvent = {
  [D in Definitions as D['type']]: { type: D['type']; data: EventDataOf<D> };
}[Definitions['type']];

export type ContactCreatedData = EventDataOf<typeof ContactCreated>;
export type ContactEditedData = EventDataOf<typeof ContactEdited>;
