import type { ContactHistoryEntry, ContactSummary, ContactView } from './contacts.api';

// Contacts as the query service answers them (events/src/contacts/contact.endpoints.ts), for the specs.
export const teamId = '0b9a4c1e-c0c0-4aaa-8bbb-000000000001';
export const listPath = `/v5/team/${teamId}/contact`;
export const contactId = (n: number) => `0b9a4c1e-c0c0-4aaa-8bbb-${String(n).padStart(12, '0')}`;

export function summary(n: number, overrides: Partial<ContactSummary> = {}): ContactSummary {
  return {
    contactId: contactId(n), type: 'contact', status: 'active', blocked: false, displayName: `Person ${n}`, firstName: 'Person', lastName: String(n),
    company: '', email: `person${n}@verein.example`, phone: '', city: '', updatedAt: '2026-11-20T10:00:00.000Z', ...overrides,
  };
}

export const anna: ContactView = {
  contactId: contactId(1), teamId, type: 'member', status: 'active', blocked: false, displayName: 'Anna Berg',
  details: {
    firstName: 'Anna', lastName: 'Berg', company: 'Bäckerei Berg', email: 'anna@berg.example', phone: '0711 123456', mobile: '',
    street: 'Hauptstraße 1', postcode: '70173', city: 'Stuttgart', country: 'de', birthDate: '1980-02-29', note: 'Bringt Kuchen mit.',
  },
  source: 'manual', version: 3, createdAt: '2026-11-01T09:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z',
};

let seq = 0;
export function historyEntry(overrides: Partial<ContactHistoryEntry>): ContactHistoryEntry {
  seq += 1;
  return {
    eventId: `0b9a4c1e-c0c0-4aaa-8ccc-${String(seq).padStart(12, '0')}`, at: '2026-11-20T10:00:00.000Z', kind: 'edited', code: null,
    actor: { id: '0b9a4c1e-c0c0-4aaa-8ddd-000000000001', name: 'Lena Lerche' }, changes: [], ...overrides,
  };
}
