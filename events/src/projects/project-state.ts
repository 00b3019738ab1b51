import type { ProjectStatus } from '../constants/project-status.constants';
import type {
  AttendanceMode,
  CopiedFrom,
  CopiedPart,
  ItemTime,
  ItemVote,
  ListField,
  ListSettings,
  ListType,
  ListWindow,
  ProjectEvent,
  ProjectSettings,
  ProjectVisibility,
} from './project.events';

export { projectStreamId, projectLinkStreamId, presetColumnsStreamId } from './project.events';

// The project tree folded from `project-<projectId>` (ADR 0006). Pure and shared: the command
// deciders, the sign-up and comment features and the projector's tree projection fold the
// same events with the same function.

export interface PhaseState {
  phaseId: string;
  name: string;
  description: string;
  /** The top-level phase this sub-group belongs to, or null. */
  folderId: string | null;
  copiedFrom: CopiedPart | null;
}

export interface ListState {
  listId: string;
  phaseId: string;
  type: ListType;
  name: string;
  description: string;
  window: ListWindow;
  attendance: AttendanceMode;
  fields: ListField[];
  settings: ListSettings;
  copiedFrom: CopiedPart | null;
}

export interface ItemState {
  itemId: string;
  listId: string;
  name: string;
  description: string;
  capacity: number | null;
  vote: ItemVote | null;
  date: string | null;
  time: ItemTime | null;
  copiedFrom: CopiedPart | null;
}

export interface ExistingProject {
  exists: true;
  projectId: string;
  teamId: string;
  link: string;
  name: string;
  colour: number;
  status: ProjectStatus;
  /** The status before a soft delete (0), restored by "restore"; null otherwise. */
  previousStatus: ProjectStatus | null;
  locked: boolean;
  visibility: ProjectVisibility;
  passwordHash: string | null;
  settings: ProjectSettings;
  shareHash: string;
  startDate: string | null;
  createdBy: string;
  createdAt: string;
  copiedFrom: CopiedFrom | null;
  /**
   * Phases in display order (top-level phases and sub-groups interleaved; the order among
   * siblings with the same folderId is what counts).
   */
  phases: PhaseState[];
  /** Lists in display order; the order among lists of one phase is what counts. */
  lists: ListState[];
  /** Items in display order; the order among items of one list is what counts. */
  items: ItemState[];
}

/** A project stream without a project: never created (`purged: false`) or permanently deleted. */
export interface MissingProject {
  exists: false;
  purged: boolean;
}

export type ProjectState = MissingProject | ExistingProject;

export function initialProjectState(): ProjectState {
  return { exists: false, purged: false };
}

export function evolveProject(state: ProjectState, event: ProjectEvent): ProjectState {
  if (event.type === 'ProjectCreated') {
    const d = event.data;
    return {
      exists: true, projectId: d.projectId, teamId: d.teamId, link: d.link, name: d.name, colour: d.colour, status: d.status,
      previousStatus: null, locked: false, visibility: d.visibility, passwordHash: null, settings: d.settings, shareHash: d.shareHash,
      startDate: d.startDate, createdBy: d.createdBy, createdAt: d.createdAt, copiedFrom: d.copiedFrom, phases: [], lists: [], items: [],
    };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'ProjectEdited': {
      const d = event.data;
      return {
        ...state,
        name: d.name ?? state.name,
        colour: d.colour ?? state.colour,
        startDate: d.startDate !== undefined ? d.startDate : state.startDate,
        settings: d.settings ?? state.settings,
      };
    }
    case 'ProjectVisibilityChanged':
      return { ...state, visibility: event.data.visibility, passwordHash: event.data.passwordHash };
    case 'ProjectStatusChanged': {
      const { from, to } = event.data;
      return { ...state, status: to, previousStatus: to === 0 ? from : null };
    }
    case 'ProjectLockChanged':
      return { ...state, locked: event.data.locked };
    case 'ProjectPurged':
      return { exists: false, purged: true };
    case 'PhaseAdded': {
      const d = event.data;
      return { ...state, phases: [...state.phases, { phaseId: d.phaseId, name: d.name, description: d.description, folderId: d.folderId, copiedFrom: d.copiedFrom }] };
    }
    case 'PhaseEdited': {
      const d = event.data;
      return {
        ...state,
        phases: state.phases.map((p) => (p.phaseId === d.phaseId ? { ...p, name: d.name ?? p.name, description: d.description ?? p.description } : p)),
      };
    }
    case 'PhasesSorted': {
      const { folderId, order } = event.data;
      return { ...state, phases: reorder(state.phases, (p) => p.folderId === folderId, order, (p) => p.phaseId) };
    }
    case 'PhaseRemoved':
      return { ...state, phases: state.phases.filter((p) => p.phaseId !== event.data.phaseId) };
    case 'ListAdded': {
      const { projectId: _p, copiedFrom, ...content } = event.data;
      return { ...state, lists: [...state.lists, { ...content, copiedFrom }] };
    }
    case 'ListEdited': {
      const { projectId: _p, listId, ...changes } = event.data;
      return { ...state, lists: state.lists.map((l) => (l.listId === listId ? { ...l, ...definedOnly(changes) } : l)) };
    }
    case 'ListMoved': {
      const moved = state.lists.find((l) => l.listId === event.data.listId);
      if (!moved) return state;
      // A moved list goes to the end of its new phase.
      return { ...state, lists: [...state.lists.filter((l) => l.listId !== moved.listId), { ...moved, phaseId: event.data.toPhaseId }] };
    }
    case 'ListsSorted': {
      const { phaseId, order } = event.data;
      return { ...state, lists: reorder(state.lists, (l) => l.phaseId === phaseId, order, (l) => l.listId) };
    }
    case 'ListRemoved':
      return {
        ...state,
        lists: state.lists.filter((l) => l.listId !== event.data.listId),
        items: state.items.filter((i) => i.listId !== event.data.listId),
      };
    case 'ItemAdded': {
      const { projectId: _p, copiedFrom, ...content } = event.data;
      return { ...state, items: [...state.items, { ...content, copiedFrom }] };
    }
    case 'ItemEdited': {
      const { projectId: _p, listId: _l, itemId, ...changes } = event.data;
      return { ...state, items: state.items.map((i) => (i.itemId === itemId ? { ...i, ...definedOnly(changes) } : i)) };
    }
    case 'ItemsSorted': {
      const { listId, order } = event.data;
      return { ...state, items: reorder(state.items, (i) => i.listId === listId, order, (i) => i.itemId) };
    }
    case 'ItemRemoved':
      return { ...state, items: state.items.filter((i) => i.itemId !== event.data.itemId) };
    default:
      return assertNever(event);
  }
}

/** Folds a whole stream (events of other types are ignored by the caller). */
export function foldProject(events: readonly ProjectEvent[], state: ProjectState = initialProjectState()): ProjectState {
  return events.reduce(evolveProject, state);
}

/**
 * Puts the members of one group (e.g. the lists of one phase) into `order`, keeping the slots
 * the group occupies in the whole array. Ids not in `order` keep their relative order after
 * the ordered ones; unknown ids in `order` are ignored.
 */
function reorder<T>(all: readonly T[], inGroup: (value: T) => boolean, order: readonly string[], idOf: (value: T) => string): T[] {
  const members = all.filter(inGroup);
  const rank = new Map(order.map((id, index) => [id, index]));
  const sorted = [...members].sort((a, b) => (rank.get(idOf(a)) ?? order.length) - (rank.get(idOf(b)) ?? order.length));
  let next = 0;
  return all.map((value) => (inGroup(value) ? (sorted[next++] as T) : value));
}

function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

// Lookups

export function findPhase(state: ProjectState, phaseId: string): PhaseState | undefined {
  return state.exists ? state.phases.find((p) => p.phaseId === phaseId) : undefined;
}

export function findList(state: ProjectState, listId: string): ListState | undefined {
  return state.exists ? state.lists.find((l) => l.listId === listId) : undefined;
}

export function findItem(state: ProjectState, itemId: string, listId?: string): ItemState | undefined {
  if (!state.exists) return undefined;
  return state.items.find((i) => i.itemId === itemId && (listId === undefined || i.listId === listId));
}

/** Sub-groups of a top-level phase (folderId = phaseId), or top-level phases for null. */
export function phasesIn(state: ExistingProject, folderId: string | null): PhaseState[] {
  return state.phases.filter((p) => p.folderId === folderId);
}

export function listsOf(state: ExistingProject, phaseId: string): ListState[] {
  return state.lists.filter((l) => l.phaseId === phaseId);
}

export function itemsOf(state: ExistingProject, listId: string): ItemState[] {
  return state.items.filter((i) => i.listId === listId);
}

function assertNever(value: never): never {
  throw new Error(`Unexpected project event ${JSON.stringify(value)}`);
}
