import type { ContactGroupEvent } from '@planwerk/events';
import { contactsNamedBy, evolveContactGroupDoc, type ContactGroupDoc, type GroupEnvelope } from './contact-groups.evolve';

const TEAM = '0c3c3c3c-0000-4000-8000-000000000001';
const G = '0c4c4c4c-0000-4000-8000-000000000001';
const [A, B, C] = ['0c5c5c5c-0000-4000-8000-000000000001', '0c5c5c5c-0000-4000-8000-000000000002', '0c5c5c5c-0000-4000-8000-000000000003'];
const at = (minute: number) => `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`;
const envelope = (streamVersion: number, gone: string[] = []): GroupEnvelope => ({ streamVersion, recordedAt: at(streamVersion), goneContacts: new Set(gone) });

const created: ContactGroupEvent = { type: 'ContactGroupCreated', data: { groupId: G, teamId: TEAM, name: 'Klasse 5b', kind: 'class', policy: 'admins', description: '' } };
const edited = (data: object): ContactGroupEvent => ({ type: 'ContactGroupEdited', data: { groupId: G, teamId: TEAM, ...data } });
const changed = (added: string[], removed: string[] = []): ContactGroupEvent => ({ type: 'ContactGroupMembersChanged', data: { groupId: G, teamId: TEAM, added, removed } });
const removedGroup: ContactGroupEvent = { type: 'ContactGroupRemoved', data: { groupId: G, teamId: TEAM } };

const empty: ContactGroupDoc = { row: null, members: {} };
const first = evolveContactGroupDoc(empty, created, envelope(1));

describe('contact groups evolve', () => {
  it('a new group has its fields, no members, the stream version and the time of its event', () => {
    expect(first).toEqual({
      row: { groupId: G, teamId: TEAM, name: 'Klasse 5b', kind: 'class', policy: 'admins', description: '', memberCount: 0, version: 1, updatedAt: at(1) },
      members: {},
    });
  });

  it('an edit changes only the fields it carries', () => {
    const next = evolveContactGroupDoc(first, edited({ policy: 'request', description: 'Frau Lang' }), envelope(2));
    expect(next.row).toMatchObject({ name: 'Klasse 5b', kind: 'class', policy: 'request', description: 'Frau Lang', version: 2, updatedAt: at(2) });
  });

  it('counts the members the event really adds and removes, from the named contacts it was given', () => {
    const two = evolveContactGroupDoc(first, changed([A, B]), envelope(2));
    expect(two.members).toEqual({ [A]: at(2), [B]: at(2) });
    expect(two.row?.memberCount).toBe(2);
    // Loaded afresh: A is a member, C is not; A stays with its first time, C joins, B leaves.
    const three = evolveContactGroupDoc({ row: two.row, members: { [A]: at(2), [B]: at(2) } }, changed([A, C], [B]), envelope(3));
    expect(three.members).toEqual({ [A]: at(2), [C]: at(3) });
    expect(three.row?.memberCount).toBe(2);
  });

  it('never adds a contact that was removed (erased) before the change reached the log', () => {
    const next = evolveContactGroupDoc(first, changed([A, B]), envelope(2, [B]));
    expect(next.members).toEqual({ [A]: at(2) });
    expect(next.row?.memberCount).toBe(1);
  });

  it('a removed group has no row and no members', () => {
    const withMembers = evolveContactGroupDoc(first, changed([A]), envelope(2));
    expect(evolveContactGroupDoc(withMembers, removedGroup, envelope(3))).toEqual({ row: null, members: {} });
  });

  it('an event the row has seen, a second create and events for an unknown group change nothing', () => {
    const two = evolveContactGroupDoc(first, changed([A]), envelope(2));
    expect(evolveContactGroupDoc(two, changed([B]), envelope(2))).toBe(two);
    expect(evolveContactGroupDoc(two, created, envelope(3))).toBe(two);
    expect(evolveContactGroupDoc(empty, changed([A]), envelope(2))).toBe(empty);
    expect(evolveContactGroupDoc(empty, edited({ name: 'X' }), envelope(2))).toBe(empty);
  });

  it('names the contacts a member change touches, once each', () => {
    expect(contactsNamedBy(changed([A, B, A], [C]))).toEqual([A, B, C]);
    expect(contactsNamedBy(created)).toEqual([]);
  });
});
