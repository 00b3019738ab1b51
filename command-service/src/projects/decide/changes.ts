import { DomainError, type ExistingProject, type ProjectEvent } from '@planwerk/events';
import type { CopyOptions, IdMap } from './project-copy.decider';

// What an edit, a sort or a copy inside the project changes. An edit that changes nothing
// and a sort into the order there already is decide no events.

/** The fields of `next` that are given and differ from `current`. */
export function changedFields<T extends object>(next: T, current: object): Partial<T> {
  const now: Record<string, unknown> = { ...current };
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => value !== undefined && !sameJson(value, now[key]))) as Partial<T>;
}

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** `order` must name exactly the group's members; the same order changes nothing. */
export function sortEvents(group: string[], order: string[], event: () => ProjectEvent): ProjectEvent[] {
  const wanted = new Set(order);
  if (wanted.size !== order.length || wanted.size !== group.length || group.some((id) => !wanted.has(id))) {
    throw new DomainError('validation_failed', { field: 'order' });
  }
  if (group.every((id, index) => order[index] === id)) return [];
  return [event()];
}

/** A copy inside the project: same project, no date shift. */
export function copyInPlace(state: ExistingProject, ids: IdMap): CopyOptions {
  return { projectId: state.projectId, sourceProjectId: state.projectId, ids, shiftDays: 0 };
}
