import type { ContactGroupEvent } from '@planwerk/events';
import type { ContactGroupCommand } from '../decide/contact-group.decider';

// A contact group of one team, contacts of that team, and commands on the group, for the decider
// and property specs.

export const TEAM = '0c3c3c3c-0000-4000-8000-000000000001';
export const OTHER_TEAM = '0c3c3c3c-0000-4000-8000-000000000002';
export const GROUP = '0c4c4c4c-0000-4000-8000-000000000001';
export const CONTACTS = ['0c5c5c5c-0000-4000-8000-000000000001', '0c5c5c5c-0000-4000-8000-000000000002', '0c5c5c5c-0000-4000-8000-000000000003', '0c5c5c5c-0000-4000-8000-000000000004'] as const;
export const [A, B, C, D] = CONTACTS;
/** Not a contact of the team. */
export const STRANGER = '0c5c5c5c-0000-4000-8000-0000000000ff';

type Of<T extends ContactGroupCommand['type']> = Extract<ContactGroupCommand, { type: T }>;

export const create = (overrides: Partial<Of<'CreateContactGroup'>> = {}): ContactGroupCommand =>
  ({ type: 'CreateContactGroup', teamId: TEAM, groupId: GROUP, name: 'Vorstand', kind: 'group', policy: 'admins', description: '', ...overrides });
export const edit = (overrides: Partial<Of<'EditContactGroup'>> = {}): ContactGroupCommand =>
  ({ type: 'EditContactGroup', teamId: TEAM, groupId: GROUP, ...overrides });
export const remove = (overrides: Partial<Of<'RemoveContactGroup'>> = {}): ContactGroupCommand =>
  ({ type: 'RemoveContactGroup', teamId: TEAM, groupId: GROUP, ...overrides });
/** Every contact of the fixtures is a live contact of TEAM, the stranger is not. */
export const members = (add: readonly string[], removeIds: readonly string[] = [], overrides: Partial<Of<'ChangeContactGroupMembers'>> = {}): ContactGroupCommand =>
  ({
    type: 'ChangeContactGroupMembers', teamId: TEAM, groupId: GROUP, add, remove: removeIds,
    liveContacts: add.filter((id) => (CONTACTS as readonly string[]).includes(id)), ...overrides,
  });

export const created = (overrides: Partial<Extract<ContactGroupEvent, { type: 'ContactGroupCreated' }>['data']> = {}): ContactGroupEvent => ({
  type: 'ContactGroupCreated', data: { groupId: GROUP, teamId: TEAM, name: 'Vorstand', kind: 'group', policy: 'admins', description: '', ...overrides },
});
export const edited = (data: Partial<Extract<ContactGroupEvent, { type: 'ContactGroupEdited' }>['data']>): ContactGroupEvent =>
  ({ type: 'ContactGroupEdited', data: { groupId: GROUP, teamId: TEAM, ...data } });
export const removed = (): ContactGroupEvent => ({ type: 'ContactGroupRemoved', data: { groupId: GROUP, teamId: TEAM } });
export const membersChanged = (added: string[], removedIds: string[] = []): ContactGroupEvent =>
  ({ type: 'ContactGroupMembersChanged', data: { groupId: GROUP, teamId: TEAM, added, removed: removedIds } });
