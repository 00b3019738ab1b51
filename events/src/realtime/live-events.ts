import type { LiveEventData, LiveProjectEvent } from './live.constants';

// Committed events → project realtime events (spec section 4; ADR 0009). Pure: only ids and the
// names of changed fields go out, so a subscriber learns *what* changed and refetches what it
// may see; personal data (names, values, comment texts) never travels on the socket.

const NAMES: Readonly<Record<string, LiveProjectEvent>> = {
  ProjectCreated: 'project-edit',
  ProjectEdited: 'project-edit',
  ProjectVisibilityChanged: 'project-edit',
  ProjectStatusChanged: 'project-edit',
  ProjectLockChanged: 'project-edit',
  ProjectPurged: 'project-delete',
  PhaseAdded: 'phase-add',
  PhaseEdited: 'phase-edit',
  PhasesSorted: 'phase-sort',
  PhaseRemoved: 'phase-delete',
  ListAdded: 'list-add',
  ListEdited: 'list-edit',
  ListMoved: 'list-move',
  ListsSorted: 'list-sort',
  ListRemoved: 'list-delete',
  ItemAdded: 'item-add',
  ItemEdited: 'item-edit',
  ItemsSorted: 'item-sort',
  ItemRemoved: 'item-delete',
  SignUpAdded: 'signup-add',
  SignUpChanged: 'signup-edit',
  SignUpCancelled: 'signup-delete',
  SignUpPromoted: 'signup-promote',
  AttendanceConfirmed: 'signup-attendance',
  ItemSignUpsCleared: 'signup-clear',
  ListSignUpsCleared: 'signup-clear',
  CommentAdded: 'comment-add',
  CommentRemoved: 'comment-delete',
};

/** Event types that can change who may see a project: subscribers are checked again after them. */
export const LIVE_ACCESS_EVENTS: ReadonlySet<string> = new Set(['ProjectVisibilityChanged', 'ProjectStatusChanged', 'ProjectPurged']);

const ID_FIELDS = ['phaseId', 'listId', 'itemId', 'toItemId', 'signupId', 'commentId', 'path'] as const;
// Not "changed fields" of an edit: ids, the actor marker and what every edit carries.
const NOT_FIELDS: ReadonlySet<string> = new Set(['projectId', 'phaseId', 'listId', 'itemId', 'signupId', 'by', 'toItemId']);

export function isLiveEventType(type: string): boolean {
  return Object.prototype.hasOwnProperty.call(NAMES, type);
}

export interface LiveEventSource {
  type: string;
  data: unknown;
  checkpoint: string;
}

export interface LiveEvent {
  event: LiveProjectEvent;
  projectId: string;
  data: Omit<LiveEventData, 'mine' | 'catchUp'>;
}

/** The realtime event of a committed event, or null when subscribers of a project do not get one. */
export function liveEventOf(source: LiveEventSource): LiveEvent | null {
  if (!isLiveEventType(source.type)) return null;
  const record = source.data;
  if (typeof record !== 'object' || record === null) return null;
  const fields = record as Record<string, unknown>;
  const projectId = fields.projectId;
  if (typeof projectId !== 'string') return null;
  let event = NAMES[source.type] as LiveProjectEvent;
  // Into the trash: the project is gone for its viewers (spec: project-delete returns to start).
  if (source.type === 'ProjectStatusChanged' && fields.to === 0) event = 'project-delete';
  const data: LiveEvent['data'] = { checkpoint: source.checkpoint, projectId };
  for (const key of ID_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string') data[key] = value;
  }
  // project-edit from a status, lock or visibility change names no fields; ProjectEdited does.
  if ((event.endsWith('-edit') && event !== 'project-edit') || source.type === 'ProjectEdited') {
    data.fields = Object.keys(fields).filter((key) => !NOT_FIELDS.has(key)).sort();
  }
  return { event, projectId, data };
}
