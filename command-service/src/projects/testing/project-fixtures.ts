import {
  DEFAULT_LIST_SETTINGS,
  DEFAULT_PROJECT_SETTINGS,
  evolveProject,
  initialProjectState,
  OPEN_WINDOW,
  type ProjectEvent,
  type ProjectState,
  type TeamPlanState,
} from '@planwerk/events';
import type { ProjectActor } from '../decide/guards';
import type { ListContent } from '../decide/lists';

// Ids and events for the project decider specs (unit and property).

export const TEAM = '11111111-1111-4111-8111-111111111111';
export const OWNER_ID = '22222222-2222-4222-8222-222222222221';
export const PROJECT = '33333333-3333-4333-8333-333333333331';
export const PROJECT_2 = '33333333-3333-4333-8333-333333333332';
export const AT = '2026-11-23T10:00:00.000Z';
export const SHARE = 'AAAAAAAAAAAAAAAAAAAAAA';

/** Deterministic uuids: id('phase', 1) → 4…-8…-000000000001 shaped. */
export function id(kind: 'phase' | 'list' | 'item' | 'field' | 'copy', n: number): string {
  const prefix = { phase: '44444444', list: '55555555', item: '66666666', field: '77777777', copy: '88888888' }[kind];
  return `${prefix}-0000-4000-8000-${n.toString().padStart(12, '0')}`;
}

export const owner: ProjectActor = { userId: OWNER_ID, level: 'owner' };
export const admin: ProjectActor = { userId: '22222222-2222-4222-8222-222222222222', level: 'admin' };
export const space: ProjectActor = { userId: '22222222-2222-4222-8222-222222222223', level: 'space' };

export const FREE: TeamPlanState = { plan: 'free', lapsed: false };
export const PRIME: TeamPlanState = { plan: 'prime', lapsed: false };
export const PRO: TeamPlanState = { plan: 'pro', lapsed: false };

export function created(overrides: Partial<Extract<ProjectEvent, { type: 'ProjectCreated' }>['data']> = {}): ProjectEvent {
  return {
    type: 'ProjectCreated',
    data: {
      projectId: PROJECT, teamId: TEAM, link: 'sommerfest', name: 'Sommerfest', colour: 7, status: 3, visibility: 'public',
      settings: DEFAULT_PROJECT_SETTINGS, shareHash: SHARE, startDate: null, createdBy: OWNER_ID, createdAt: AT, copiedFrom: null,
      ...overrides,
    },
  };
}

export const phaseAdded = (phaseId: string, folderId: string | null = null, projectId = PROJECT): ProjectEvent => ({
  type: 'PhaseAdded', data: { projectId, phaseId, name: 'Phase', description: '', folderId, copiedFrom: null },
});

export const listAdded = (listId: string, phaseId: string, overrides: Partial<Extract<ProjectEvent, { type: 'ListAdded' }>['data']> = {}): ProjectEvent => ({
  type: 'ListAdded',
  data: {
    projectId: PROJECT, listId, phaseId, type: 1, name: 'Liste', description: '', window: OPEN_WINDOW, attendance: 'automatic',
    fields: [], settings: DEFAULT_LIST_SETTINGS, copiedFrom: null, ...overrides,
  },
});

export const itemAdded = (itemId: string, listId: string, overrides: Partial<Extract<ProjectEvent, { type: 'ItemAdded' }>['data']> = {}): ProjectEvent => ({
  type: 'ItemAdded',
  data: { projectId: PROJECT, listId, itemId, name: 'Item', description: '', capacity: null, vote: null, date: null, time: null, copiedFrom: null, ...overrides },
});

export const statusChanged = (from: 0 | 1 | 2 | 3 | 4 | 5 | 10, to: 0 | 1 | 2 | 3 | 4 | 5 | 10): ProjectEvent => ({
  type: 'ProjectStatusChanged', data: { projectId: PROJECT, from, to },
});

export function given(...events: ProjectEvent[]): ProjectState {
  return events.reduce(evolveProject, initialProjectState());
}

export function listContent(overrides: Partial<ListContent> = {}): ListContent {
  return { type: 1, name: 'Helfer', description: '', window: OPEN_WINDOW, attendance: 'automatic', fields: [], settings: {}, ...overrides };
}

export const textField = (n: number) => ({ fieldId: id('field', n), kind: 'text' as const, label: `Feld ${n}`, required: false });

/** An id map for copies from a table; an id it does not know is a mistake of the test. */
export function idsFrom(table: ReadonlyMap<string, string>): (oldId: string) => string {
  return (oldId) => {
    const next = table.get(oldId);
    if (next === undefined) throw new Error(`no new id for ${oldId}`);
    return next;
  };
}
