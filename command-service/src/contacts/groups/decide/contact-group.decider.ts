import {
  DomainError,
  type ContactGroupEvent,
  type ContactGroupKind,
  type ContactGroupPolicy,
} from '@planwerk/events';

// One contact group of a team, stream `contact-group-<groupId>` (spec section 3: group,
// department, class; section 5: for some groups only an admin adds or removes). The team of the
// request comes in on every command: a group of another team is not found, as is a removed one.
// Which of the contacts to add are live contacts of the team comes in on the command too (read
// from their streams by the service). Ids come in on the command. Pure.

export interface ContactGroupState {
  exists: boolean;
  teamId: string | null;
  name: string;
  kind: ContactGroupKind;
  policy: ContactGroupPolicy;
  description: string;
  /** The member contact ids, sorted (a plain array: the state is frozen and compared as JSON). */
  members: readonly string[];
  removed: boolean;
}

interface Target {
  teamId: string;
  groupId: string;
}

export type ContactGroupCommand =
  | (Target & { type: 'CreateContactGroup'; name: string; kind: ContactGroupKind; policy: ContactGroupPolicy; description: string })
  | (Target & { type: 'EditContactGroup'; name?: string; kind?: ContactGroupKind; policy?: ContactGroupPolicy; description?: string })
  | (Target & { type: 'RemoveContactGroup' })
  | (Target & {
    type: 'ChangeContactGroupMembers';
    add: readonly string[];
    remove: readonly string[];
    /** Those of `add` that are contacts of this team and not removed. */
    liveContacts: readonly string[];
  });

export function initialContactGroupState(): ContactGroupState {
  return { exists: false, teamId: null, name: '', kind: 'group', policy: 'admins', description: '', members: [], removed: false };
}

export function evolveContactGroup(state: ContactGroupState, event: ContactGroupEvent): ContactGroupState {
  switch (event.type) {
    case 'ContactGroupCreated': {
      const d = event.data;
      return { ...state, exists: true, teamId: d.teamId, name: d.name, kind: d.kind, policy: d.policy, description: d.description };
    }
    case 'ContactGroupEdited': {
      const d = event.data;
      return {
        ...state, name: d.name ?? state.name, kind: d.kind ?? state.kind, policy: d.policy ?? state.policy, description: d.description ?? state.description,
      };
    }
    case 'ContactGroupRemoved':
      return { ...state, removed: true };
    case 'ContactGroupMembersChanged': {
      const gone = new Set(event.data.removed);
      const members = new Set(state.members.filter((id) => !gone.has(id)));
      for (const id of event.data.added) members.add(id);
      return { ...state, members: [...members].sort() };
    }
    default:
      return assertNever(event);
  }
}

export function decideContactGroup(command: ContactGroupCommand, state: ContactGroupState): ContactGroupEvent[] {
  switch (command.type) {
    case 'CreateContactGroup':
      return decideCreate(command, state);
    case 'EditContactGroup':
      return decideEdit(command, state);
    case 'RemoveContactGroup':
      liveGroup(command, state);
      return [{ type: 'ContactGroupRemoved', data: { groupId: command.groupId, teamId: command.teamId } }];
    case 'ChangeContactGroupMembers':
      return decideMembers(command, state);
    default:
      return assertNever(command);
  }
}

function decideCreate(command: Extract<ContactGroupCommand, { type: 'CreateContactGroup' }>, state: ContactGroupState): ContactGroupEvent[] {
  // The id is new for every request: a stream that holds it already is this create again.
  if (state.exists) {
    if (state.teamId !== command.teamId) throw new DomainError('not_found', { field: 'groupId' });
    return [];
  }
  return [{
    type: 'ContactGroupCreated',
    data: {
      groupId: command.groupId, teamId: command.teamId, name: command.name.trim(), kind: command.kind, policy: command.policy,
      description: command.description.trim(),
    },
  }];
}

function decideEdit(command: Extract<ContactGroupCommand, { type: 'EditContactGroup' }>, state: ContactGroupState): ContactGroupEvent[] {
  liveGroup(command, state);
  // Only what really changes.
  const name = command.name !== undefined && command.name.trim() !== state.name ? command.name.trim() : undefined;
  const kind = command.kind !== undefined && command.kind !== state.kind ? command.kind : undefined;
  const policy = command.policy !== undefined && command.policy !== state.policy ? command.policy : undefined;
  const description = command.description !== undefined && command.description.trim() !== state.description ? command.description.trim() : undefined;
  if (name === undefined && kind === undefined && policy === undefined && description === undefined) return [];
  return [{
    type: 'ContactGroupEdited',
    data: {
      groupId: command.groupId, teamId: command.teamId,
      ...(name !== undefined ? { name } : {}),
      ...(kind !== undefined ? { kind } : {}),
      ...(policy !== undefined ? { policy } : {}),
      ...(description !== undefined ? { description } : {}),
    },
  }];
}

function decideMembers(command: Extract<ContactGroupCommand, { type: 'ChangeContactGroupMembers' }>, state: ContactGroupState): ContactGroupEvent[] {
  liveGroup(command, state);
  const toRemove = new Set(command.remove);
  const both = command.add.filter((id) => toRemove.has(id));
  if (both.length > 0) throw new DomainError('validation_failed', { field: 'remove', details: { both: unique(both) } });
  const live = new Set(command.liveContacts);
  const unknown = command.add.filter((id) => !live.has(id));
  if (unknown.length > 0) throw new DomainError('not_found', { field: 'add', details: { contactIds: unique(unknown) } });
  // Adding a member or removing a non-member changes nothing; the event holds the real changes.
  const members = new Set(state.members);
  const added = unique(command.add).filter((id) => !members.has(id));
  const removed = unique(command.remove).filter((id) => members.has(id));
  if (added.length === 0 && removed.length === 0) return [];
  return [{ type: 'ContactGroupMembersChanged', data: { groupId: command.groupId, teamId: command.teamId, added, removed } }];
}

/** not_found for an unknown group, another team's or a removed one. */
function liveGroup(command: Target, state: ContactGroupState): void {
  if (!state.exists || state.teamId !== command.teamId || state.removed) throw new DomainError('not_found', { field: 'groupId' });
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

export const contactGroupDecider = {
  initialState: initialContactGroupState,
  evolve: evolveContactGroup,
  decide: decideContactGroup,
};

function assertNever(value: never): never {
  throw new Error(`Unexpected contact group value ${JSON.stringify(value)}`);
}
