import { EMPTY_CONTACT_DETAILS, type ContactDetails, type ContactEvent } from '@planwerk/events';
import {
  contactSearchText,
  evolveContact,
  normalizeContactSearch,
  purgeHistoryRow,
  type ContactRow,
  type RecordedContactEvent,
} from './contacts.evolve';

const T = '0a0a0a0a-0000-4000-8000-000000000001';
const C = '0c0c0c0c-0000-4000-8000-000000000001';
const ANNA = '0b0b0b0b-0000-4000-8000-000000000001';
let version = 0;

function recorded(event: ContactEvent, minute = version + 1): RecordedContactEvent {
  version += 1;
  return {
    ...event, eventId: `0e0e0e0e-0000-4000-8000-${String(version).padStart(12, '0')}`, streamVersion: version,
    recordedAt: new Date(Date.UTC(2026, 10, 1, 10, minute)), metadata: { actor: { kind: 'user', id: ANNA } },
  } as RecordedContactEvent;
}

const max: ContactDetails = { ...EMPTY_CONTACT_DETAILS, firstName: 'Max', lastName: 'Müller', email: 'max@example.org', phone: '+49 171 234-5', city: 'Köln' };
const created = (details: ContactDetails | null = max) => recorded({
  type: 'ContactCreated', data: { contactId: C, teamId: T, type: 'member', status: 'active', details, source: 'manual', createdAt: '2026-11-01T10:00:30+01:00' },
});
const edited = (data: Partial<Extract<ContactEvent, { type: 'ContactEdited' }>['data']>) => recorded({
  type: 'ContactEdited', data: { contactId: C, teamId: T, changed: [], ...data },
});

beforeEach(() => {
  version = 0;
});

describe('contacts evolve', () => {
  it('a created contact gets its row, display name, search text and the history of its set fields (code 1)', () => {
    const step = evolveContact(null, created());
    expect(step.contact).toEqual({
      contactId: C, teamId: T, type: 'member', status: 'active', blocked: false, source: 'manual', ...max,
      displayName: 'Max Müller', sortName: 'muller max', searchText: ' max müller max@example.org +49 171 234-5 köln 491712345',
      version: 1, createdAt: '2026-11-01T09:00:30.000Z', updatedAt: '2026-11-01T10:01:00.000Z',
    });
    expect(step.history).toEqual({
      eventId: expect.any(String), contactId: C, teamId: T, version: 1, at: '2026-11-01T10:01:00.000Z', kind: 'created', code: 1,
      actorKind: 'user', actorId: ANNA,
      changes: [
        { field: 'type', before: null, after: 'member' }, { field: 'status', before: null, after: 'active' },
        { field: 'firstName', before: null, after: 'Max' }, { field: 'lastName', before: null, after: 'Müller' },
        { field: 'email', before: null, after: 'max@example.org' }, { field: 'phone', before: null, after: '+49 171 234-5' },
        { field: 'city', before: null, after: 'Köln' },
      ],
    });
    expect(step.removed).toBe(false);
  });

  it('an edit changes the given fields and records each before and after from the row', () => {
    const row = evolveContact(null, created()).contact;
    const step = evolveContact(row, edited({ status: 'inactive', details: { lastName: 'Meier', company: 'Bäckerei' }, changed: ['lastName', 'company'] }));
    expect(step.contact).toMatchObject({
      lastName: 'Meier', company: 'Bäckerei', status: 'inactive', displayName: 'Max Meier', sortName: 'meier max', version: 2,
      updatedAt: '2026-11-01T10:02:00.000Z', createdAt: '2026-11-01T09:00:30.000Z',
    });
    expect(step.contact?.searchText).toContain(' bäckerei');
    expect(step.history).toMatchObject({
      kind: 'edited', code: null, version: 2,
      changes: [
        { field: 'status', before: 'active', after: 'inactive' },
        { field: 'lastName', before: 'Müller', after: 'Meier' },
        { field: 'company', before: '', after: 'Bäckerei' },
      ],
    });
  });

  it('blocking and unblocking flip the flag with their own kinds', () => {
    const row = evolveContact(null, created()).contact;
    const blocked = evolveContact(row, recorded({ type: 'ContactBlockChanged', data: { contactId: C, teamId: T, blocked: true } }));
    expect(blocked.contact).toMatchObject({ blocked: true, version: 2 });
    expect(blocked.history).toMatchObject({ kind: 'blocked', code: null, changes: [{ field: 'blocked', before: false, after: true }] });
    const unblocked = evolveContact(blocked.contact, recorded({ type: 'ContactBlockChanged', data: { contactId: C, teamId: T, blocked: false } }));
    expect(unblocked.history).toMatchObject({ kind: 'unblocked', changes: [{ field: 'blocked', before: true, after: false }] });
  });

  it('removal deletes the row and is recorded with code 2', () => {
    const row = evolveContact(null, created()).contact;
    const step = evolveContact(row, recorded({ type: 'ContactRemoved', data: { contactId: C, teamId: T } }));
    expect(step).toMatchObject({ contact: null, removed: true, history: { kind: 'removed', code: 2, changes: [] } });
  });

  it('events read with an erased key (details null) do not fail and keep nothing personal', () => {
    const step = evolveContact(null, created(null));
    expect(step.contact).toMatchObject({ ...EMPTY_CONTACT_DETAILS, displayName: null, searchText: '', sortName: '' });
    expect(step.history.changes).toEqual([{ field: 'type', before: null, after: 'member' }, { field: 'status', before: null, after: 'active' }]);
    const edit = evolveContact(step.contact, edited({ details: null, changed: ['email'] }));
    expect(edit.history.changes).toEqual([{ field: 'email', before: null, after: null }]);
    expect(edit.contact).toMatchObject({ email: '', displayName: null, version: 2 });
  });

  it('events of a contact without a row only write history', () => {
    const step = evolveContact(null, edited({ details: { city: 'Bonn' }, changed: ['city'] }));
    expect(step.contact).toBeNull();
    expect(step.history.changes).toEqual([{ field: 'city', before: null, after: 'Bonn' }]);
  });

  it('purging a removed contact\'s history leaves field names of edits, drops the creation\'s personal fields, keeps the rest', () => {
    const first = evolveContact(null, created());
    const edit = evolveContact(first.contact, edited({ type: 'employee', details: { email: 'neu@example.org' }, changed: ['email'] }));
    expect(purgeHistoryRow(first.history)).toEqual({
      ...first.history, changes: [{ field: 'type', before: null, after: 'member' }, { field: 'status', before: null, after: 'active' }],
    });
    expect(purgeHistoryRow(edit.history)).toEqual({
      ...edit.history, changes: [{ field: 'type', before: 'member', after: 'employee' }, { field: 'email', before: null, after: null }],
    });
    // A purged row (and one read with the erased key in a rebuild) is already as purged: the same object back.
    const purged = purgeHistoryRow(edit.history);
    expect(purgeHistoryRow(purged)).toBe(purged);
    const rebuilt = evolveContact(null, created(null)).history;
    expect(purgeHistoryRow(rebuilt)).toBe(rebuilt);
  });

  it('search text and queries compare in one normal form', () => {
    expect(normalizeContactSearch('MÜLLER')).toBe('müller');
    // "ü" as u + combining diaeresis (as some keyboards send it) equals the composed one.
    expect(normalizeContactSearch('Mu\u0308ller')).toBe('müller');
    const row: Pick<ContactRow, 'displayName' | 'company' | 'email' | 'phone' | 'mobile' | 'city'> = {
      displayName: 'ACME GmbH', company: 'ACME GmbH', email: '', phone: '', mobile: '', city: '',
    };
    expect(contactSearchText(row)).toBe(' acme gmbh');
  });
});
