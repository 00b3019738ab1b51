import {
  isProjectAdmin,
  type ListState,
  type MemberLevel,
  type ProjectSignupView,
  type ProjectTree,
  type ProjectView,
} from '@planwerk/events';
import { holdsPlace, type ProjectTreeDoc, type SignupEntry } from '@planwerk/projector';

// The project view built from the tree document (ADR 0006). Pure: the caller passes who looks
// and the time. Names show per list (showNames: all, team, admins); others see counts only.
// Field values, user ids and who entered a sign-up show only to the team's owner and admins and
// to the person themselves. Token hashes and the password hash are never in a view.

export interface ProjectViewer {
  userId: string | null;
  membership: { level: MemberLevel } | null;
  /** The admin tree: every name and value, whatever the list shows. */
  everything?: boolean;
}

type WindowState = ProjectView['lists'][number]['windowState'];

/** Where a list's sign-up window stands at `now` (ADR 0006: before opensAt and after closesAt 2002, after endsAt 2001). */
export function windowStateOf(window: ListState['window'], now: Date): WindowState {
  const t = now.getTime();
  if (window.endsAt !== null && t >= Date.parse(window.endsAt)) return 'ended';
  if (window.opensAt !== null && t < Date.parse(window.opensAt)) return 'before';
  if (window.closesAt !== null && t >= Date.parse(window.closesAt)) return 'closed';
  return 'open';
}

export function namesVisibleTo(list: ListState, viewer: ProjectViewer): boolean {
  if (viewer.everything) return true;
  switch (list.settings.showNames) {
    case 'all': return true;
    case 'team': return viewer.membership !== null;
    case 'admins': return isProjectAdmin(viewer.membership);
    default: return assertNever(list.settings.showNames);
  }
}

/** Automatic attendance: every placed sign-up once the list has ended (a function of the list and the time). */
function attendedOf(list: ListState, signup: SignupEntry, now: Date): boolean | null {
  if (list.attendance === 'manual') return signup.attended;
  if (signup.status !== 'placed' || list.window.endsAt === null) return null;
  return now.getTime() >= Date.parse(list.window.endsAt) ? true : null;
}

export function buildProjectView(doc: ProjectTreeDoc, viewer: ProjectViewer, now: Date): ProjectView {
  const p = doc.project;
  const admin = viewer.everything === true || isProjectAdmin(viewer.membership);
  // Grouped once: a list with thousands of sign-ups must not cost a pass (or a copy) per entry.
  const byItem = groupBy(doc.signups, (signup) => signup.itemId);
  const byList = groupBy(p.items, (item) => item.listId);

  const entryView = (list: ListState, signup: SignupEntry, position: number | null): ProjectSignupView => {
    const mine = viewer.userId !== null && signup.userId === viewer.userId;
    const personal = admin || mine;
    return {
      signupId: signup.signupId,
      name: signup.name,
      userId: personal ? signup.userId : null,
      values: personal ? signup.values : null,
      vote: signup.vote,
      status: signup.status,
      position,
      attended: attendedOf(list, signup, now),
      mine,
      ...(admin ? { by: signup.by, at: signup.at } : {}),
    };
  };

  return {
    project: {
      projectId: p.projectId, teamId: p.teamId, link: p.link, name: p.name, colour: p.colour, status: p.status, locked: p.locked,
      visibility: p.visibility, startDate: p.startDate, description: p.settings.description,
      // Read models folded before the place existed hold no place.
      place: p.settings.place ?? '', comments: p.settings.comments,
    },
    viewer: { admin, member: viewer.membership !== null },
    phases: p.phases.map((phase) => ({ phaseId: phase.phaseId, name: phase.name, description: phase.description, folderId: phase.folderId })),
    lists: p.lists.map((list) => {
      const visible = namesVisibleTo(list, viewer);
      return {
        listId: list.listId, phaseId: list.phaseId, type: list.type, name: list.name, description: list.description,
        window: list.window, windowState: windowStateOf(list.window, now), attendance: list.attendance,
        fields: list.fields.map((f) => ({ fieldId: f.fieldId, kind: f.kind, label: f.label, required: f.required, ...(f.options ? { options: f.options } : {}), ...(f.scale ? { scale: f.scale } : {}) })),
        settings: list.settings,
        namesVisible: visible,
        items: (byList.get(list.listId) ?? []).map((item) => {
          const signups = byItem.get(item.itemId) ?? [];
          let waiting = 0;
          const views = signups.map((s) => entryView(list, s, s.status === 'waitlisted' ? (waiting += 1) : null));
          const placed = signups.filter(holdsPlace).length;
          return {
            itemId: item.itemId, name: item.name, description: item.description, capacity: item.capacity, vote: item.vote,
            date: item.date, time: item.time, placed, waitlisted: waiting,
            free: item.capacity === null ? null : Math.max(0, item.capacity - placed),
            signups: visible ? views : null,
            mine: views.filter((v) => v.mine),
          };
        }),
      };
    }),
    version: doc.version,
  };
}

/** The whole tree for the team's managers: everything, plus what only management needs. */
export function buildProjectTree(doc: ProjectTreeDoc, viewer: Omit<ProjectViewer, 'everything'>, now: Date): ProjectTree {
  const p = doc.project;
  return {
    ...buildProjectView(doc, { ...viewer, everything: true }, now),
    management: {
      previousStatus: p.previousStatus, shareHash: p.shareHash, hasPassword: p.passwordHash !== null, hideArchived: p.settings.hideArchived,
      createdBy: p.createdBy, createdAt: p.createdAt, copiedFrom: p.copiedFrom,
    },
  };
}

function groupBy<T>(entries: readonly T[], keyOf: (entry: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const key = keyOf(entry);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [entry]);
    else group.push(entry);
  }
  return groups;
}

function assertNever(value: never): never {
  throw new Error(`Unexpected value ${JSON.stringify(value)}`);
}
