import { EMPTY_CONTACT_DETAILS, type ContactDetails, type ContactEvent, type ContactMergeEvent } from '@planwerk/events';
import { evolveContact, purgeHistoryRow, type ContactRow, type RecordedContactEvent } from './contacts.evolve';

// The merge events in the contacts read model (contact-merge.events.ts): the survivor's row
// changes as by an edit, the other's row goes and comes back from the undo's snapshot.
const T = '0a0a0a0a-0000-4000-8000-000000000001';
const S = '0c0c0c0c-0000-4000-8000-000000000001';
const O = '0c0c0c0c-0000-4000-8000-000000000002';
const M = '0d0d0d0d-0000-4000-8000-000000000001';
const ANNA = '0b0b0b0b-0000-4000-8000-000000000001';
let version = 0;

function recorded(event: ContactEvent | ContactMergeEvent): RecordedContactEvent {
  version += 1;
  return {
    ...event, eventId: `0e0e0e0e-0000-4000-8000-${String(version).padStart(12, '0')}`, streamVersion: version,
    recordedAt: new Date(Date.UTC(2026, 10, 1, 10, version)), metadata: { actor: { kind: 'user', id: ANNA } },
  } as RecordedContactEvent;
}

const erika: ContactDetails = { ...EMPTY_CONTACT_DETAILS, firstName: 'Erika', lastName: 'Mustermann', city: 'Köln' };
const twin: ContactDetails = { ...erika, phone: '0221 123456', city: 'Bonn' };
const row = (contactId: string, details: ContactDetails): ContactRow => evolveContact(null, recorded({
  type: 'ContactCreated', data: { contactId, teamId: T, type: 'member', status: 'active', details, source: 'manual', createdAt: '2026-11-01T10:00:00.000Z' },
})).contact as ContactRow;

beforeEach(() => {
  version = 0;
});

describe('contacts evolve: merge', () => {
  it('the survivor takes the merged values, its search text follows, and its history says merged with each field before and after', () => {
    const survivor = row(S, erika);
    const step = evolveContact(survivor, recorded({
      type: 'ContactsMerged', data: { contactId: S, teamId: T, mergeId: M, mergedContactId: O, details: { phone: '0221 123456', city: 'Bonn' }, changed: ['phone', 'city'] },
    }));
    expect(step.contact).toMatchObject({ phone: '0221 123456', city: 'Bonn', firstName: 'Erika', version: 2 });
    expect(step.contact?.searchText).toContain('bonn');
    expect(step.history).toMatchObject({ kind: 'merged', code: null, contactId: S });
    expect(step.history.changes).toEqual([
      { field: 'phone', before: '', after: '0221 123456' },
      { field: 'city', before: 'Köln', after: 'Bonn' },
    ]);
    expect(step.removed).toBe(false);
    // Undone: the fields as before.
    const undone = evolveContact(step.contact, recorded({
      type: 'ContactMergeUndone', data: { contactId: S, teamId: T, mergeId: M, mergedContactId: O, details: { phone: '', city: 'Köln' }, changed: ['phone', 'city'] },
    }));
    expect(undone.contact).toMatchObject({ phone: '', city: 'Köln' });
    expect(undone.history.kind).toBe('mergeUndone');
  });

  it('the merged contact leaves the read model without erasing its history, and comes back exactly from the undo’s snapshot', () => {
    const before = row(O, twin);
    const gone = evolveContact(before, recorded({ type: 'ContactMergedInto', data: { contactId: O, teamId: T, mergeId: M, survivorId: S } }));
    expect(gone.contact).toBeNull();
    expect(gone.removed).toBe(false);
    expect(gone.history).toMatchObject({ kind: 'mergedInto', contactId: O, changes: [] });
    const back = evolveContact(null, recorded({
      type: 'ContactUnmerged',
      data: {
        contactId: O, teamId: T, mergeId: M, survivorId: S, type: 'member', status: 'active', blocked: false, source: 'manual',
        createdAt: '2026-11-01T10:00:00.000Z', details: twin,
      },
    }));
    expect(back.history.kind).toBe('unmerged');
    const { version: _v1, updatedAt: _u1, ...restored } = back.contact as ContactRow;
    const { version: _v2, updatedAt: _u2, ...original } = before;
    expect(restored).toEqual(original);
  });

  it('an erased survivor’s merge keeps the names of the fields and no values', () => {
    const step = evolveContact(row(S, erika), recorded({
      type: 'ContactsMerged', data: { contactId: S, teamId: T, mergeId: M, mergedContactId: O, details: null, changed: ['phone'] },
    }));
    expect(step.history.changes).toEqual([{ field: 'phone', before: null, after: null }]);
    expect(purgeHistoryRow({ ...step.history, changes: [{ field: 'phone', before: '', after: '0221' }] }).changes).toEqual([{ field: 'phone', before: null, after: null }]);
  });
});
