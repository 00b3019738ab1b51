import { ContactGroupCreated, ContactGroupEdited, ContactGroupMembersChanged, DomainError, type ContactGroupEvent } from '@planwerk/events';
import { decideContactGroup, evolveContactGroup, initialContactGroupState, type ContactGroupCommand } from './contact-group.decider';
import {
  A, B, C, D, GROUP, OTHER_TEAM, STRANGER, TEAM, create, created, edit, edited, members, membersChanged, remove, removed,
} from '../testing/contact-group-fixtures';

function given(...events: ContactGroupEvent[]) {
  const state = events.reduce(evolveContactGroup, initialContactGroupState());
  return {
    when(command: ContactGroupCommand) {
      return {
        then: (expected: ContactGroupEvent[]) => expect(decideContactGroup(command, state)).toEqual(expected),
        thenRefused: (code: DomainError['code'], field?: string) => {
          let caught: unknown;
          try {
            decideContactGroup(command, state);
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(DomainError);
          expect((caught as DomainError).code).toBe(code);
          if (field !== undefined) expect((caught as DomainError).field).toBe(field);
        },
      };
    },
  };
}

describe('contact group decider: creating', () => {
  it('records the group with its name, kind, policy and description, trimmed', () => {
    const events = decideContactGroup(create({ name: '  Klasse 5b ', kind: 'class', policy: 'request', description: ' Schuljahr 2026/27 ' }), initialContactGroupState());
    expect(events).toEqual([created({ name: 'Klasse 5b', kind: 'class', policy: 'request', description: 'Schuljahr 2026/27' })]);
    expect(() => ContactGroupCreated.schema.parse(events[0]?.data)).not.toThrow();
  });

  it('a group id that is already there is this create again: nothing new; another team\u2019s is not found', () => {
    given(created()).when(create()).then([]);
    given(created()).when(create({ teamId: OTHER_TEAM })).thenRefused('not_found', 'groupId');
  });
});

describe('contact group decider: editing', () => {
  it('records only what changes', () => {
    given(created()).when(edit({ name: 'Vorstand', kind: 'department', description: 'Die Gewählten' }))
      .then([edited({ kind: 'department', description: 'Die Gewählten' })]);
    given(created()).when(edit({ policy: 'request' })).then([edited({ policy: 'request' })]);
    const events = decideContactGroup(edit({ name: 'Vorstand 2027' }), [created()].reduce(evolveContactGroup, initialContactGroupState()));
    expect(events).toEqual([edited({ name: 'Vorstand 2027' })]);
    expect(() => ContactGroupEdited.schema.parse(events[0]?.data)).not.toThrow();
  });

  it('records nothing when nothing changes', () => {
    given(created()).when(edit({})).then([]);
    given(created()).when(edit({ name: ' Vorstand ', kind: 'group', policy: 'admins', description: '' })).then([]);
    given(created(), edited({ name: 'Kasse' })).when(edit({ name: 'Kasse' })).then([]);
  });

  it('refuses an unknown, removed or other team\u2019s group, naming groupId', () => {
    given().when(edit({ name: 'X' })).thenRefused('not_found', 'groupId');
    given(created(), removed()).when(edit({ name: 'X' })).thenRefused('not_found', 'groupId');
    given(created()).when(edit({ name: 'X', teamId: OTHER_TEAM })).thenRefused('not_found', 'groupId');
  });
});

describe('contact group decider: removing', () => {
  it('removes a live group; its contacts stay (no contact event)', () => {
    given(created(), membersChanged([A, B])).when(remove()).then([removed()]);
  });

  it('refuses a removed, unknown or other team\u2019s group', () => {
    given(created(), removed()).when(remove()).thenRefused('not_found', 'groupId');
    given().when(remove()).thenRefused('not_found', 'groupId');
    given(created()).when(remove({ teamId: OTHER_TEAM })).thenRefused('not_found', 'groupId');
  });
});

describe('contact group decider: members', () => {
  it('adds and removes in one event', () => {
    given(created()).when(members([A, B])).then([membersChanged([A, B])]);
    const events = decideContactGroup(members([C], [A]), [created(), membersChanged([A, B])].reduce(evolveContactGroup, initialContactGroupState()));
    expect(events).toEqual([membersChanged([C], [A])]);
    expect(() => ContactGroupMembersChanged.schema.parse(events[0]?.data)).not.toThrow();
  });

  it('holds only the real changes: a current member added again or a non-member removed changes nothing', () => {
    given(created(), membersChanged([A, B])).when(members([A, C], [B, D])).then([membersChanged([C], [B])]);
    given(created(), membersChanged([A])).when(members([A], [B])).then([]);
    given(created()).when(members([], [])).then([]);
  });

  it('takes an id given twice once', () => {
    given(created()).when(members([A, A, B], [])).then([membersChanged([A, B])]);
    given(created(), membersChanged([A])).when(members([], [A, A])).then([membersChanged([], [A])]);
  });

  it('refuses an id in both add and remove, naming remove, before the contacts are checked', () => {
    given(created()).when(members([A, B], [B])).thenRefused('validation_failed', 'remove');
    given(created()).when(members([STRANGER], [STRANGER])).thenRefused('validation_failed', 'remove');
  });

  it('refuses to add what is not a live contact of the team, naming add, and adds none of the others', () => {
    given(created()).when(members([A, STRANGER])).thenRefused('not_found', 'add');
    // A contact that was a member before its removal counts as unknown when added again.
    given(created(), membersChanged([A])).when(members([A], [], { liveContacts: [] })).thenRefused('not_found', 'add');
  });

  it('lets a removed contact still be taken out of the group', () => {
    given(created(), membersChanged([A])).when(members([], [A], { liveContacts: [] })).then([membersChanged([], [A])]);
  });

  it('refuses an unknown, removed or other team\u2019s group, naming groupId', () => {
    given().when(members([A])).thenRefused('not_found', 'groupId');
    given(created(), removed()).when(members([A])).thenRefused('not_found', 'groupId');
    given(created()).when(members([A], [], { teamId: OTHER_TEAM })).thenRefused('not_found', 'groupId');
  });

  it('folds the members sorted, whatever order they came in', () => {
    const state = [created(), membersChanged([D, B, A]), membersChanged([C], [B])].reduce(evolveContactGroup, initialContactGroupState());
    expect(state.members).toEqual([A, C, D]);
    expect(state).toMatchObject({ exists: true, teamId: TEAM, removed: false });
    expect(GROUP).toBeDefined();
  });
});
