import {
  foldProject,
  type ItemVote,
  type ListField,
  type ListSettings,
  type ListWindow,
  type ProjectEvent,
  type ProjectState,
  type SignupEvent,
} from '@planwerk/events';
import type { SignupActor, SignupCommand } from '../decide/signup.decider';
import { foldSignups, type SignupsState } from '../decide/signup-state.decider';

// A project with one list for the sign-up decider's specs: ids, a builder of the project
// state from its events, and short command builders.

export const PROJECT = '10000000-0000-4000-8000-000000000001';
export const TEAM = '10000000-0000-4000-8000-000000000002';
export const PHASE = '10000000-0000-4000-8000-000000000003';
export const LIST = '10000000-0000-4000-8000-000000000004';
export const OWNER = '10000000-0000-4000-8000-000000000005';
export const ANNA = '20000000-0000-4000-8000-000000000001';
export const BEN = '20000000-0000-4000-8000-000000000002';
export const CARLA = '20000000-0000-4000-8000-000000000003';
export const AT = '2026-06-01T10:00:00.000Z';
export const TOKEN_HASH = 'a'.repeat(64);
export const OTHER_HASH = 'b'.repeat(64);

export const item = (n: number): string => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const signup = (n: number): string => `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const field = (n: number): string => `50000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export interface ItemSpec {
  capacity: number | null;
  vote?: ItemVote | null;
}

export interface ProjectSpec {
  status?: 1 | 3 | 4 | 0;
  locked?: boolean;
  window?: Partial<ListWindow>;
  attendance?: 'automatic' | 'manual';
  settings?: Partial<ListSettings>;
  fields?: ListField[];
  /** Items by number (see `item(n)`). */
  items?: Record<number, ItemSpec>;
}

export function projectWith(spec: ProjectSpec = {}): ProjectState {
  const events: ProjectEvent[] = [
    {
      type: 'ProjectCreated',
      data: {
        projectId: PROJECT, teamId: TEAM, link: 'sommerfest', name: 'Sommerfest', colour: 1, status: 3, visibility: 'public',
        settings: { hideArchived: false, comments: true, description: '', place: '' }, shareHash: 'abcdefghijklmnopqrstuv', startDate: null,
        createdBy: OWNER, createdAt: AT, copiedFrom: null,
      },
    },
    { type: 'PhaseAdded', data: { projectId: PROJECT, phaseId: PHASE, name: 'Phase', description: '', folderId: null, copiedFrom: null } },
    {
      type: 'ListAdded',
      data: {
        projectId: PROJECT, listId: LIST, phaseId: PHASE, type: 1, name: 'Helfer', description: '',
        window: { opensAt: null, closesAt: null, endsAt: null, ...spec.window },
        attendance: spec.attendance ?? 'automatic',
        fields: spec.fields ?? [],
        settings: { waitlist: false, maxPerPerson: null, allowAnonymous: true, showNames: 'all', ...spec.settings },
        copiedFrom: null,
      },
    },
    ...Object.entries(spec.items ?? { 1: { capacity: null } }).map(([n, i]): ProjectEvent => ({
      type: 'ItemAdded',
      data: {
        projectId: PROJECT, listId: LIST, itemId: item(Number(n)), name: `Item ${n}`, description: '', capacity: i.capacity,
        vote: i.vote ?? null, date: null, time: null, copiedFrom: null,
      },
    })),
  ];
  const status = spec.status ?? 1;
  if (status !== 3) events.push({ type: 'ProjectStatusChanged', data: { projectId: PROJECT, from: 3, to: status } });
  if (spec.locked) events.push({ type: 'ProjectLockChanged', data: { projectId: PROJECT, locked: true } });
  return foldProject(events);
}

export const member = (userId: string): SignupActor => ({ kind: 'member', userId, tokenHash: null });
export const admin: SignupActor = { kind: 'admin', userId: OWNER, tokenHash: null };
export const visitor = (tokenHash: string | null = null): SignupActor => ({ kind: 'visitor', userId: null, tokenHash });

type AddSignup = Extract<SignupCommand, { type: 'AddSignup' }>;

export function addSignup(n: number, itemNo: number, actor: SignupActor, extra: Partial<AddSignup> = {}): AddSignup {
  return {
    type: 'AddSignup', listId: LIST, signupId: signup(n), itemId: item(itemNo), actor,
    userId: null, name: actor.kind === 'member' ? null : `Person ${n}`, values: {}, vote: null,
    newTokenHash: actor.kind === 'visitor' ? TOKEN_HASH : null, at: AT, ...extra,
  };
}

/** A SignUpAdded as the decider writes it, for "given" logs. */
export function added(n: number, itemNo: number, extra: Partial<Extract<SignupEvent, { type: 'SignUpAdded' }>['data']> = {}): SignupEvent {
  return {
    type: 'SignUpAdded',
    data: {
      projectId: PROJECT, listId: LIST, itemId: item(itemNo), signupId: signup(n), userId: null, name: `Person ${n}`, values: {},
      vote: null, status: 'placed', by: 'admin', tokenHash: null, at: AT, ...extra,
    },
  };
}

export function given(...events: SignupEvent[]): SignupsState {
  return foldSignups(events);
}
