import {
  evolveProject,
  initialProjectState,
  type ExistingProject,
  type ProjectStatus,
  type ProjectVisibility,
  type SignupBy,
  type SignupStatus,
  type SignupValues,
} from '@planwerk/events';
import { holdsPlace, type ProjectsFeedEvent } from './projects-feed';

// The whole tree of one project with its sign-ups, as one document (ADR 0006): a project view
// is one read. The structure is folded by the shared `evolveProject`; sign-ups are kept in the
// order they came, so the waitlist position is the order among an item's waitlisted entries.

export interface SignupEntry {
  signupId: string;
  listId: string;
  itemId: string;
  userId: string | null;
  name: string | null;
  values: SignupValues;
  vote: string | null;
  status: SignupStatus;
  by: SignupBy;
  at: string;
  /** Recorded attendance (manual lists); null until an admin confirmed it either way. */
  attended: boolean | null;
  /** The person was erased: name, values and user are gone, the place stays counted. */
  erased: boolean;
}

export interface ProjectTreeDoc {
  /** Server side only: holds the password hash; answers pick their fields explicitly. */
  project: ExistingProject;
  signups: SignupEntry[];
  /** Recorded time of the last event folded in. */
  updatedAt: string;
  /** Events folded into this document so far. */
  version: number;
}

/** A feed event with the envelope fields the tree needs. */
export interface TreeStep {
  event: ProjectsFeedEvent;
  recordedAt: Date;
}

/**
 * Pure: the document after one event, or null when there is none (never created, or purged).
 * Events for a project without a document change nothing.
 */
export function evolveProjectTree(doc: ProjectTreeDoc | null, step: TreeStep): ProjectTreeDoc | null {
  const { event } = step;
  const touched = (next: Omit<ProjectTreeDoc, 'updatedAt' | 'version'>): ProjectTreeDoc => ({
    ...next, updatedAt: step.recordedAt.toISOString(), version: (doc?.version ?? 0) + 1,
  });
  switch (event.type) {
    case 'ProjectCreated': {
      if (doc !== null) return doc;
      const project = evolveProject(initialProjectState(), event);
      return project.exists ? touched({ project, signups: [] }) : null;
    }
    case 'PresetColumnSaved':
    case 'PresetColumnRemoved':
      return doc;
    case 'AccountErased': {
      if (doc === null || !doc.signups.some((s) => s.userId === event.data.userId)) return doc;
      return touched({
        project: doc.project,
        signups: doc.signups.map((s) => (s.userId === event.data.userId ? { ...s, userId: null, name: null, values: {}, erased: true } : s)),
      });
    }
    case 'ProjectEdited':
    case 'ProjectVisibilityChanged':
    case 'ProjectStatusChanged':
    case 'ProjectLockChanged':
    case 'ProjectPurged':
    case 'PhaseAdded':
    case 'PhaseEdited':
    case 'PhasesSorted':
    case 'PhaseRemoved':
    case 'ListAdded':
    case 'ListEdited':
    case 'ListMoved':
    case 'ListsSorted':
    case 'ListRemoved':
    case 'ItemAdded':
    case 'ItemEdited':
    case 'ItemsSorted':
    case 'ItemRemoved': {
      if (doc === null) return null;
      const project = evolveProject(doc.project, event);
      if (!project.exists) return null;
      let signups = doc.signups;
      if (event.type === 'ListRemoved') signups = signups.filter((s) => s.listId !== event.data.listId);
      if (event.type === 'ItemRemoved') signups = signups.filter((s) => s.itemId !== event.data.itemId);
      return touched({ project, signups });
    }
    default:
      return doc === null ? null : evolveSignups(doc, event, touched);
  }
}

type SignupFeedEvent = Extract<ProjectsFeedEvent, { type: 'SignUpAdded' | 'SignUpChanged' | 'SignUpCancelled' | 'SignUpPromoted' | 'AttendanceConfirmed' | 'ItemSignUpsCleared' | 'ListSignUpsCleared' }>;

function evolveSignups(
  doc: ProjectTreeDoc,
  event: SignupFeedEvent,
  touched: (next: Omit<ProjectTreeDoc, 'updatedAt' | 'version'>) => ProjectTreeDoc,
): ProjectTreeDoc {
  const { project } = doc;
  const update = (signupId: string, change: (s: SignupEntry) => SignupEntry): ProjectTreeDoc =>
    touched({ project, signups: doc.signups.map((s) => (s.signupId === signupId ? change(s) : s)) });
  const without = (ids: readonly string[]): ProjectTreeDoc => {
    const gone = new Set(ids);
    return touched({ project, signups: doc.signups.filter((s) => !gone.has(s.signupId)) });
  };
  switch (event.type) {
    case 'SignUpAdded': {
      const d = event.data;
      if (doc.signups.some((s) => s.signupId === d.signupId)) return doc;
      // Read after the person's key was erased, name and values decrypt to null.
      const entry: SignupEntry = {
        signupId: d.signupId, listId: d.listId, itemId: d.itemId, userId: d.userId, name: d.name, values: d.values ?? {},
        vote: d.vote, status: d.status, by: d.by, at: d.at, attended: null, erased: false,
      };
      return touched({ project, signups: [...doc.signups, entry] });
    }
    case 'SignUpChanged': {
      const d = event.data;
      const current = doc.signups.find((s) => s.signupId === d.signupId);
      if (!current) return doc;
      const changed: SignupEntry = {
        ...current,
        itemId: d.toItemId ?? current.itemId,
        name: d.name !== undefined && !current.erased ? d.name : current.name,
        // Read after the person's key was erased, values decrypt to null: nothing to keep then.
        values: d.values !== undefined && d.values !== null && !current.erased ? d.values : current.values,
        vote: d.vote !== undefined ? d.vote : current.vote,
        status: d.status ?? current.status,
      };
      // A move goes to the end of its new item, so it queues behind the ones already waiting there.
      if (d.toItemId !== undefined && d.toItemId !== current.itemId) {
        return touched({ project, signups: [...doc.signups.filter((s) => s.signupId !== d.signupId), changed] });
      }
      return update(d.signupId, () => changed);
    }
    case 'SignUpCancelled':
      return without([event.data.signupId]);
    case 'SignUpPromoted':
      return update(event.data.signupId, (s) => ({ ...s, status: 'placed' }));
    case 'AttendanceConfirmed': {
      const ids = new Set(event.data.signupIds);
      const { attended } = event.data;
      return touched({ project, signups: doc.signups.map((s) => (ids.has(s.signupId) ? { ...s, attended } : s)) });
    }
    case 'ItemSignUpsCleared':
    case 'ListSignUpsCleared':
      return without(event.data.signupIds);
    default:
      return assertNever(event);
  }
}

/** The overview row of a project (read model `project_overview`). */
export interface ProjectOverviewRow {
  projectId: string;
  teamId: string;
  link: string;
  name: string;
  colour: number;
  status: ProjectStatus;
  previousStatus: ProjectStatus | null;
  locked: boolean;
  visibility: ProjectVisibility;
  startDate: string | null;
  shareHash: string;
  phases: number;
  lists: number;
  items: number;
  /** Sign-ups holding a place (placed, not voting no or dislike). */
  placed: number;
  waitlisted: number;
  signups: number;
  /** Sum of the limited items' capacities; `unlimitedItems` have none. */
  capacity: number;
  unlimitedItems: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export function overviewOf(doc: ProjectTreeDoc): ProjectOverviewRow {
  const p = doc.project;
  let capacity = 0;
  let unlimitedItems = 0;
  for (const item of p.items) {
    if (item.capacity === null) unlimitedItems += 1;
    else capacity += item.capacity;
  }
  return {
    projectId: p.projectId, teamId: p.teamId, link: p.link, name: p.name, colour: p.colour, status: p.status,
    previousStatus: p.previousStatus, locked: p.locked, visibility: p.visibility, startDate: p.startDate, shareHash: p.shareHash,
    phases: p.phases.length, lists: p.lists.length, items: p.items.length,
    placed: doc.signups.filter(holdsPlace).length,
    waitlisted: doc.signups.filter((s) => s.status === 'waitlisted').length,
    signups: doc.signups.length,
    capacity, unlimitedItems, createdBy: p.createdBy, createdAt: p.createdAt, updatedAt: doc.updatedAt,
  };
}

/** The lookup row for public calls by link or share hash (read model `project_access`). */
export interface ProjectAccessRow {
  projectId: string;
  teamId: string;
  link: string;
  shareHash: string;
  visibility: ProjectVisibility;
  passwordHash: string | null;
  status: ProjectStatus;
}

export function accessOf(doc: ProjectTreeDoc): ProjectAccessRow {
  const p = doc.project;
  return { projectId: p.projectId, teamId: p.teamId, link: p.link, shareHash: p.shareHash, visibility: p.visibility, passwordHash: p.passwordHash, status: p.status };
}

function assertNever(value: never): never {
  throw new Error(`Unexpected project tree event ${JSON.stringify(value)}`);
}
