import {
  itemsOf,
  listsOf,
  phasesIn,
  type ExistingProject,
  type ItemState,
  type ListState,
  type PhaseState,
  type ProjectEvent,
} from '@planwerk/events';

// Pure copy helpers: a copied subtree is the same content under new ids (taken from the
// command's id map) with every date shifted by a number of days (presets, ADR 0006).

/**
 * Old id → new id, a deterministic function the service derives from the command's id source
 * (under an Idempotency-Key a retry gets the same ids).
 */
export type IdMap = (oldId: string) => string;

export function newIdOf(ids: IdMap, oldId: string): string {
  return ids(oldId);
}

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (YYYY-MM-DD); 0 when either is missing. */
export function daysBetween(from: string | null, to: string | null): number {
  if (from === null || to === null) return 0;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Shifts a YYYY-MM-DD date by whole days. */
export function shiftDay(day: string | null, days: number): string | null {
  if (day === null || days === 0) return day;
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Shifts the date part of an ISO date-time by whole days and keeps its clock time and offset
 * as written, so "18:00 local" stays 18:00 in the new project.
 */
export function shiftInstant(instant: string | null, days: number): string | null {
  if (instant === null || days === 0) return instant;
  const day = shiftDay(instant.slice(0, 10), days);
  return `${day}${instant.slice(10)}`;
}

export interface CopyOptions {
  /** The project the copy lands in. */
  projectId: string;
  /** The project the source belongs to (for `copiedFrom`). */
  sourceProjectId: string;
  ids: IdMap;
  shiftDays: number;
}

export function copyItemEvent(item: ItemState, listId: string, itemId: string, options: CopyOptions, name?: string): ProjectEvent {
  return {
    type: 'ItemAdded',
    data: {
      projectId: options.projectId, listId, itemId, name: name ?? item.name, description: item.description,
      capacity: item.capacity, vote: item.vote, date: shiftDay(item.date, options.shiftDays), time: item.time,
      copiedFrom: { projectId: options.sourceProjectId, id: item.itemId },
    },
  };
}

export function copyListEvents(source: ExistingProject, list: ListState, phaseId: string, options: CopyOptions, name?: string): ProjectEvent[] {
  const listId = newIdOf(options.ids, list.listId);
  const added: ProjectEvent = {
    type: 'ListAdded',
    data: {
      projectId: options.projectId, listId, phaseId, type: list.type, name: name ?? list.name, description: list.description,
      window: {
        opensAt: shiftInstant(list.window.opensAt, options.shiftDays),
        closesAt: shiftInstant(list.window.closesAt, options.shiftDays),
        endsAt: shiftInstant(list.window.endsAt, options.shiftDays),
      },
      attendance: list.attendance,
      fields: list.fields.map((f) => ({ ...f, fieldId: newIdOf(options.ids, f.fieldId) })),
      settings: list.settings,
      copiedFrom: { projectId: options.sourceProjectId, id: list.listId },
    },
  };
  const items = itemsOf(source, list.listId).map((item) => copyItemEvent(item, listId, newIdOf(options.ids, item.itemId), options));
  return [added, ...items];
}

/** A phase with its lists, items and (for a top-level phase) its sub-groups with theirs. */
export function copyPhaseEvents(
  source: ExistingProject, phase: PhaseState, folderId: string | null, options: CopyOptions, name?: string,
): ProjectEvent[] {
  const phaseId = newIdOf(options.ids, phase.phaseId);
  const added: ProjectEvent = {
    type: 'PhaseAdded',
    data: {
      projectId: options.projectId, phaseId, name: name ?? phase.name, description: phase.description, folderId,
      copiedFrom: { projectId: options.sourceProjectId, id: phase.phaseId },
    },
  };
  const lists = listsOf(source, phase.phaseId).flatMap((list) => copyListEvents(source, list, phaseId, options));
  const subGroups = phase.folderId === null
    ? phasesIn(source, phase.phaseId).flatMap((sub) => copyPhaseEvents(source, sub, phaseId, options))
    : [];
  return [added, ...lists, ...subGroups];
}

/** The whole tree of a project, in its order: top-level phases with their sub-groups. */
export function copyTreeEvents(source: ExistingProject, options: CopyOptions): ProjectEvent[] {
  return phasesIn(source, null).flatMap((phase) => copyPhaseEvents(source, phase, null, options));
}
