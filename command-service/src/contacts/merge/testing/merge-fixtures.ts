import { EMPTY_CONTACT_DETAILS, type ContactDetails, type ContactEvent, type ContactMergeEvent } from '@planwerk/events';
import { evolveMergeContact, initialMergeContactState, type MergeContactState, type MergeContacts } from '../decide/contact-merge.decider';

// Two contacts of one team for the merge specs.

export const TEAM = '0c1c1c1c-0000-4000-8000-000000000001';
export const OTHER_TEAM = '0c1c1c1c-0000-4000-8000-000000000002';
export const SURVIVOR = '0c2c2c2c-0000-4000-8000-000000000001';
export const MERGED = '0c2c2c2c-0000-4000-8000-000000000002';
export const MERGE = '0c3c3c3c-0000-4000-8000-000000000001';
export const AT = '2026-11-26T10:00:00.000Z';

export const ERIKA: ContactDetails = { ...EMPTY_CONTACT_DETAILS, firstName: 'Erika', lastName: 'Mustermann', email: 'erika@example.org', city: 'Köln' };
export const ERIKA_TOO: ContactDetails = { ...EMPTY_CONTACT_DETAILS, firstName: 'Erika', lastName: 'Mustermann', email: 'erika@example.org', phone: '0221 123456', city: 'Bonn' };

export const createdEvent = (contactId: string, details: ContactDetails, teamId = TEAM): ContactEvent => ({
  type: 'ContactCreated', data: { contactId, teamId, type: 'member', status: 'active', details, source: 'manual', createdAt: AT },
});

export const fold = (events: readonly (ContactEvent | ContactMergeEvent)[]): MergeContactState =>
  events.reduce(evolveMergeContact, initialMergeContactState());

export const merge = (overrides: Partial<MergeContacts> = {}): MergeContacts =>
  ({ type: 'MergeContacts', teamId: TEAM, mergeId: MERGE, survivorId: SURVIVOR, mergedId: MERGED, fields: {}, ...overrides });
