import { EMPTY_CONTACT_DETAILS, type ContactDetails, type ContactEvent } from '@planwerk/events';
import type { ContactCommand } from '../decide/contact.decider';

// A contact of one team, and commands on it, for the decider and property specs.

export const TEAM = '0c1c1c1c-0000-4000-8000-000000000001';
export const OTHER_TEAM = '0c1c1c1c-0000-4000-8000-000000000002';
export const CONTACT = '0c2c2c2c-0000-4000-8000-000000000001';
export const AT = '2026-11-26T10:00:00.000Z';

export const DETAILS: ContactDetails = {
  ...EMPTY_CONTACT_DETAILS, firstName: 'Erika', lastName: 'Mustermann', email: 'erika@example.org', city: 'Köln', country: 'de', birthDate: '1964-08-12',
};

type Of<T extends ContactCommand['type']> = Extract<ContactCommand, { type: T }>;

export const create = (overrides: Partial<Of<'CreateContact'>> = {}): ContactCommand =>
  ({ type: 'CreateContact', teamId: TEAM, contactId: CONTACT, contactType: 'contact', status: 'active', details: DETAILS, at: AT, ...overrides });
export const edit = (overrides: Partial<Of<'EditContact'>> = {}): ContactCommand =>
  ({ type: 'EditContact', teamId: TEAM, contactId: CONTACT, at: AT, ...overrides });
export const block = (blocked: boolean, overrides: Partial<Of<'BlockContact'>> = {}): ContactCommand =>
  ({ type: 'BlockContact', teamId: TEAM, contactId: CONTACT, blocked, ...overrides });
export const remove = (overrides: Partial<Of<'RemoveContact'>> = {}): ContactCommand =>
  ({ type: 'RemoveContact', teamId: TEAM, contactId: CONTACT, ...overrides });

export const created = (details: ContactDetails = DETAILS, teamId = TEAM): ContactEvent => ({
  type: 'ContactCreated',
  data: { contactId: CONTACT, teamId, type: 'contact', status: 'active', details, source: 'manual', createdAt: AT },
});
export const removed = (): ContactEvent => ({ type: 'ContactRemoved', data: { contactId: CONTACT, teamId: TEAM } });
export const blockChanged = (blocked: boolean): ContactEvent => ({ type: 'ContactBlockChanged', data: { contactId: CONTACT, teamId: TEAM, blocked } });
