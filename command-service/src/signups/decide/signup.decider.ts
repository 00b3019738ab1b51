import {
  DomainError,
  findItem,
  findList,
  PROJECT_STATUS,
  type ExistingProject,
  type ItemState,
  type ListState,
  type ProjectState,
  type SignupBy,
  type SignupEvent,
  type SignupStatus,
  type SignupValues,
} from '@planwerk/events';
import { checkName, checkValues, checkVote } from './signup-values.decider';
import {
  evolveSignups,
  forEachWaiting,
  isNoPlaceVote,
  placesTaken,
  signupIdsOn,
  signupsOf,
  takesPlace,
  type SignupEntry,
  type SignupsState,
} from './signup-state.decider';

// The sign-up decider (ADR 0006, spec sections 4, 5, 8): the list's rules come from the
// project state, the sign-ups from `signups-<listId>`, the time from the command. Pure.
// A decision reads only what it touches (the entry, its item's counts and waitlist head, the
// person's sign-ups), never the whole list: on a hot list it runs inside the serialized batch.

/**
 * Who acts: an owner or admin of the project's team (`admin`), a signed-in person (`member`),
 * or a visitor without a session (`visitor`). `tokenHash` is the SHA-256 of the
 * `x-signup-token` header, when one was sent.
 */
export interface SignupActor {
  kind: 'admin' | 'member' | 'visitor';
  userId: string | null;
  tokenHash: string | null;
}

export type SignupCommand =
  | {
    type: 'AddSignup'; listId: string; signupId: string; itemId: string; actor: SignupActor;
    userId: string | null; name: string | null; values: SignupValues; vote: string | null;
    /** A visitor's address for the confirmation mail (visitors only; members have their account's). */
    email?: string | null;
    /** The confirmation mail's language (with an address only). */
    language?: 'de' | 'en' | 'fr' | 'it';
    /** SHA-256 of the visitor's new private token (visitors only). */
    newTokenHash: string | null;
    at: string;
  }
  | {
    type: 'ChangeSignup'; listId: string; signupId: string; actor: SignupActor; at: string;
    toItemId?: string; name?: string | null; values?: SignupValues; vote?: string | null;
  }
  | { type: 'CancelSignup'; listId: string; signupId: string; actor: SignupActor; at: string }
  | { type: 'ConfirmAttendance'; listId: string; signupIds: readonly string[]; attended: boolean }
  | { type: 'ClearItemSignups'; listId: string; itemId: string }
  | { type: 'ClearListSignups'; listId: string };

export interface SignupContext {
  project: ProjectState;
  signups: SignupsState;
}

// Admins may fill a list while the project is still being planned (3), before its release.
const ADMIN_STATUSES: ReadonlySet<number> = new Set([PROJECT_STATUS.active, PROJECT_STATUS.planning]);

export function decideSignups(command: SignupCommand, context: SignupContext): SignupEvent[] {
  const { project } = context;
  if (!project.exists) throw new DomainError('not_found');
  const list = findList(project, command.listId);
  if (!list) throw new DomainError('not_found', { field: 'listId' });
  switch (command.type) {
    case 'AddSignup':
      return add(command, project, list, context.signups);
    case 'ChangeSignup':
      return change(command, project, list, context.signups);
    case 'CancelSignup':
      return cancel(command, project, list, context.signups);
    case 'ConfirmAttendance':
      return confirmAttendance(command, project, list, context.signups);
    case 'ClearItemSignups': {
      const ids = signupIdsOn(context.signups, command.itemId);
      if (ids.length === 0 && !findItem(project, command.itemId, list.listId)) throw new DomainError('not_found', { field: 'itemId' });
      return ids.length === 0 ? [] : [{ type: 'ItemSignUpsCleared', data: { projectId: project.projectId, listId: list.listId, itemId: command.itemId, signupIds: ids } }];
    }
    case 'ClearListSignups': {
      const ids = context.signups.entries.keys().sort();
      return ids.length === 0 ? [] : [{ type: 'ListSignUpsCleared', data: { projectId: project.projectId, listId: list.listId, signupIds: ids } }];
    }
    default:
      return assertNever(command);
  }
}

/** Status, lock and window (spec section 4); admins are held only to the status. */
function checkOpen(project: ExistingProject, list: ListState, actor: SignupActor, at: string): void {
  if (actor.kind === 'admin') {
    if (!ADMIN_STATUSES.has(project.status)) throw new DomainError('signup_project_closed');
    return;
  }
  if (project.locked) throw new DomainError('signup_project_locked');
  if (project.status !== PROJECT_STATUS.active) throw new DomainError('signup_project_closed');
  const now = Date.parse(at);
  const { opensAt, closesAt, endsAt } = list.window;
  if (endsAt !== null && now > Date.parse(endsAt)) throw new DomainError(2001);
  if (opensAt !== null && now < Date.parse(opensAt)) throw new DomainError(2002);
  if (closesAt !== null && now > Date.parse(closesAt)) throw new DomainError(2002);
}

function itemOf(project: ExistingProject, list: ListState, itemId: string): ItemState {
  const item = findItem(project, itemId, list.listId);
  if (!item) throw new DomainError('not_found', { field: 'itemId' });
  return item;
}

/**
 * Where a sign-up that needs a place lands on an item: placed while places are free; a full
 * item waitlists when the list has a waitlist (a single place too: the queue is the point of
 * it); without one, an item of capacity 1 is taken by someone else (2003), a larger one is full.
 */
function placement(state: SignupsState, list: ListState, item: ItemState, vote: string | null, moving: SignupEntry | null = null): SignupStatus {
  if (isNoPlaceVote(vote) || item.capacity === null) return 'placed';
  // A sign-up that looks for a new place does not count against it.
  const own = moving !== null && moving.itemId === item.itemId && takesPlace(moving) ? 1 : 0;
  if (placesTaken(state, item.itemId) - own < item.capacity) return 'placed';
  if (list.settings.waitlist) return 'waitlisted';
  if (item.capacity === 1) throw new DomainError(2003);
  throw new DomainError('list_full');
}

/** The first waitlisted sign-ups of an item move up while it has free places (FIFO). */
function promotions(state: SignupsState, project: ExistingProject, list: ListState, itemId: string): SignupEvent[] {
  const item = findItem(project, itemId, list.listId);
  if (!item) return [];
  let free = item.capacity === null ? Infinity : item.capacity - placesTaken(state, itemId);
  const promoted: SignupEvent[] = [];
  // Reads the head of the line only, as far as the free places reach.
  forEachWaiting(state, itemId, (e) => {
    if (free <= 0) return false;
    promoted.push({ type: 'SignUpPromoted', data: { projectId: project.projectId, listId: list.listId, itemId, signupId: e.signupId, userId: e.userId } });
    // A waitlisted "no" moves up without using the place.
    if (!isNoPlaceVote(e.vote)) free -= 1;
    return true;
  });
  return promoted;
}

function apply(state: SignupsState, events: readonly SignupEvent[]): SignupsState {
  return events.reduce(evolveSignups, state);
}

function add(command: Extract<SignupCommand, { type: 'AddSignup' }>, project: ExistingProject, list: ListState, signups: SignupsState): SignupEvent[] {
  const { actor } = command;
  if (signups.entries.has(command.signupId)) throw new DomainError('conflict', { field: 'signupId' });
  const name = checkName(command.name);
  const email = command.email ?? null;
  // Only a visitor leaves an address: a member's mail goes to their account, and an admin
  // signing someone up must not subscribe a stranger's address.
  if (email !== null && actor.kind !== 'visitor') throw new DomainError('validation_failed', { field: 'email' });
  let userId: string | null;
  let by: SignupBy;
  switch (actor.kind) {
    case 'admin':
      // Spec section 5: admins cannot sign up as normal users; they choose a person or a name.
      if (command.userId !== null && command.userId === actor.userId) throw new DomainError('signup_admin_on_behalf', { field: 'userId' });
      if (command.userId === null && name === null) throw new DomainError(2004);
      userId = command.userId;
      by = 'admin';
      break;
    case 'member':
      if (command.userId !== null && command.userId !== actor.userId) throw new DomainError('no_permission', { field: 'userId' });
      userId = actor.userId;
      by = 'self';
      break;
    case 'visitor':
      if (!list.settings.allowAnonymous) throw new DomainError('signup_login_required');
      if (command.userId !== null) throw new DomainError('no_permission', { field: 'userId' });
      if (name === null) throw new DomainError(2004);
      userId = null;
      by = 'anonymous';
      break;
    default:
      return assertNever(actor.kind);
  }
  checkOpen(project, list, actor, command.at);
  const item = itemOf(project, list, command.itemId);
  const values = checkValues(list.fields, command.values);
  const vote = checkVote(item.vote, command.vote);
  if (userId !== null) checkPerson(signups, list, userId, item.itemId, null);

  // Places freed earlier (a raised capacity) go to the waitlist before a newcomer.
  const promoted = promotions(signups, project, list, item.itemId);
  const status = placement(apply(signups, promoted), list, item, vote);
  return [...promoted, {
    type: 'SignUpAdded',
    data: {
      projectId: project.projectId, listId: list.listId, itemId: item.itemId, signupId: command.signupId,
      userId, name, values, vote, status, by, tokenHash: by === 'anonymous' ? command.newTokenHash : null,
      ...(email !== null ? { email, language: command.language ?? 'de' } : {}), at: command.at,
    },
  }];
}

/** maxPerPerson and one sign-up per person and item (a member's own entries; names are free). */
function checkPerson(signups: SignupsState, list: ListState, userId: string, itemId: string, except: string | null): void {
  const own = signupsOf(signups, userId).filter((e) => e.signupId !== except);
  if (own.some((e) => e.itemId === itemId)) throw new DomainError('signup_already_signed_up', { field: 'itemId' });
  const max = list.settings.maxPerPerson;
  if (except === null && max !== null && own.length >= max) throw new DomainError('signup_max_per_person');
}

/** Admins change any sign-up; a member their own; a visitor with the sign-up's private token. */
function ownEntry(signups: SignupsState, signupId: string, actor: SignupActor): SignupEntry {
  const entry = signups.entries.get(signupId);
  if (!entry) throw new DomainError('not_found', { field: 'signupId' });
  if (actor.kind === 'admin') return entry;
  if (actor.userId !== null && entry.userId === actor.userId) return entry;
  if (actor.tokenHash !== null && entry.tokenHash !== null && actor.tokenHash === entry.tokenHash) return entry;
  if (entry.tokenHash !== null) throw new DomainError('signup_token_invalid');
  throw new DomainError('no_permission');
}

function byOf(actor: SignupActor, entry: SignupEntry): SignupBy {
  if (actor.kind === 'admin') return 'admin';
  return entry.userId !== null && entry.userId === actor.userId ? 'self' : 'anonymous';
}

function change(command: Extract<SignupCommand, { type: 'ChangeSignup' }>, project: ExistingProject, list: ListState, signups: SignupsState): SignupEvent[] {
  const entry = ownEntry(signups, command.signupId, command.actor);
  checkOpen(project, list, command.actor, command.at);
  const toItemId = command.toItemId !== undefined && command.toItemId !== entry.itemId ? command.toItemId : undefined;
  const item = itemOf(project, list, toItemId ?? entry.itemId);
  const name = command.name !== undefined ? checkName(command.name) : undefined;
  if (name === null && entry.userId === null) throw new DomainError(2004);
  const values = command.values !== undefined ? checkValues(list.fields, command.values) : undefined;
  // A moved sign-up answers the new item's vote; otherwise the vote changes only when given.
  const vote = command.vote !== undefined || toItemId !== undefined ? checkVote(item.vote, command.vote !== undefined ? command.vote : entry.vote) : entry.vote;
  if (toItemId !== undefined && entry.userId !== null) checkPerson(signups, list, entry.userId, toItemId, entry.signupId);

  const before = promotions(signups, project, list, item.itemId);
  const settled = apply(signups, before);
  let status: SignupStatus = entry.status;
  const holdsPlaceHere = toItemId === undefined && takesPlace(entry);
  const keepsQueue = toItemId === undefined && entry.status === 'waitlisted';
  if (!holdsPlaceHere && !keepsQueue) {
    // Leaves its place (or queue) for a new one: decided like a new sign-up, without itself.
    status = placement(settled, list, item, vote, settled.entries.get(entry.signupId) ?? null);
  }
  const changed: SignupEvent = {
    type: 'SignUpChanged',
    data: {
      projectId: project.projectId, listId: list.listId, itemId: entry.itemId, signupId: entry.signupId, by: byOf(command.actor, entry),
      ...(toItemId !== undefined ? { toItemId } : {}),
      ...(name !== undefined ? { name } : {}),
      ...(values !== undefined ? { values } : {}),
      ...(vote !== entry.vote ? { vote } : {}),
      ...(status !== entry.status || toItemId !== undefined ? { status } : {}),
    },
  };
  if (!hasChanges(changed)) return before;
  // The place the sign-up held on its old item goes to that item's waitlist.
  const after = apply(settled, [changed]);
  return [...before, changed, ...promotions(after, project, list, entry.itemId)];
}

function hasChanges(event: SignupEvent): boolean {
  if (event.type !== 'SignUpChanged') return true;
  const d = event.data;
  return d.toItemId !== undefined || d.name !== undefined || d.values !== undefined || d.vote !== undefined || d.status !== undefined;
}

function cancel(command: Extract<SignupCommand, { type: 'CancelSignup' }>, project: ExistingProject, list: ListState, signups: SignupsState): SignupEvent[] {
  const entry = ownEntry(signups, command.signupId, command.actor);
  checkOpen(project, list, command.actor, command.at);
  const cancelled: SignupEvent = {
    type: 'SignUpCancelled',
    data: { projectId: project.projectId, listId: list.listId, itemId: entry.itemId, signupId: entry.signupId, by: byOf(command.actor, entry) },
  };
  return [cancelled, ...promotions(apply(signups, [cancelled]), project, list, entry.itemId)];
}

function confirmAttendance(
  command: Extract<SignupCommand, { type: 'ConfirmAttendance' }>, project: ExistingProject, list: ListState, signups: SignupsState,
): SignupEvent[] {
  // Automatic lists count every placed sign-up once the list has ended (read side).
  if (list.attendance !== 'manual') throw new DomainError('attendance_automatic');
  const ids = [...new Set(command.signupIds)];
  for (const id of ids) {
    const entry = signups.entries.get(id);
    if (!entry) throw new DomainError('not_found', { field: 'signupIds' });
    if (entry.status !== 'placed') throw new DomainError('validation_failed', { field: 'signupIds' });
  }
  const changing = ids.filter((id) => signups.entries.get(id)?.attended !== command.attended);
  if (changing.length === 0) return [];
  return [{ type: 'AttendanceConfirmed', data: { projectId: project.projectId, listId: list.listId, signupIds: changing, attended: command.attended } }];
}

function assertNever(value: never): never {
  throw new Error(`Unexpected sign-up command ${JSON.stringify(value)}`);
}
