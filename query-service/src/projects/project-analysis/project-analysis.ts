import type { ProjectAnalysis } from '@planwerk/events';
import { holdsPlace, type FillDay, type ProjectTreeDoc } from '@planwerk/projector';

// The analysis of a project (spec section 2, info/analyze): fill rate per list and item now,
// and per day from the day rows of the `project-fill` read model. A day row holds an item's
// numbers at the end of a day on which they changed; days in between carry the last numbers.

/** A day row of `project_fill_daily` as the analysis reads it (one project's rows). */
export type FillDayRow = Omit<FillDay, 'projectId'>;

type Now = ProjectAnalysis['totals'];
type Point = ProjectAnalysis['lists'][number]['days'][number];

/** placed / capacity, rounded to 4 places; null without a limited capacity. */
export function fillRate(placed: number, capacity: number | null): number | null {
  if (capacity === null || capacity <= 0) return null;
  return Math.round((placed / capacity) * 10_000) / 10_000;
}

function sum(parts: ReadonlyArray<{ capacity: number | null; placed: number; waitlisted: number }>): Now {
  const limited = parts.filter((p) => p.capacity !== null);
  const capacity = limited.length === 0 ? null : limited.reduce((n, p) => n + (p.capacity ?? 0), 0);
  // The rate counts the places of limited items only: unlimited items have nothing to fill.
  const limitedPlaced = limited.reduce((n, p) => n + p.placed, 0);
  return {
    capacity,
    placed: parts.reduce((n, p) => n + p.placed, 0),
    waitlisted: parts.reduce((n, p) => n + p.waitlisted, 0),
    fillRate: fillRate(limitedPlaced, capacity),
  };
}

/** Per item: its rows as points; per list: every day any of its items changed, items carried forward. */
function daysOf(itemIds: readonly string[], rows: readonly FillDayRow[]): { items: Map<string, Point[]>; list: Point[] } {
  const items = new Map<string, Point[]>();
  for (const id of itemIds) items.set(id, []);
  for (const row of [...rows].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))) {
    items.get(row.itemId)?.push({ day: row.day, placed: row.placed, waitlisted: row.waitlisted, capacity: row.capacity, fillRate: fillRate(row.placed, row.capacity) });
  }
  const days = [...new Set([...items.values()].flatMap((points) => points.map((p) => p.day)))].sort();
  const list = days.map((day) => {
    const current = [...items.values()].flatMap((points) => {
      const last = points.filter((p) => p.day <= day).at(-1);
      return last ? [last] : [];
    });
    return { day, ...sum(current) };
  });
  return { items, list };
}

export function analyseProject(doc: ProjectTreeDoc, rows: readonly FillDayRow[]): ProjectAnalysis {
  const p = doc.project;
  const lists = p.lists.map((list) => {
    const items = p.items.filter((item) => item.listId === list.listId).map((item) => {
      const signups = doc.signups.filter((s) => s.itemId === item.itemId);
      const placed = signups.filter(holdsPlace).length;
      const waitlisted = signups.filter((s) => s.status === 'waitlisted').length;
      return { itemId: item.itemId, name: item.name, capacity: item.capacity, placed, waitlisted, fillRate: fillRate(placed, item.capacity) };
    });
    const days = daysOf(items.map((i) => i.itemId), rows.filter((r) => r.listId === list.listId));
    return {
      listId: list.listId, phaseId: list.phaseId, name: list.name, ...sum(items), days: days.list,
      items: items.map((item) => ({ ...item, days: days.items.get(item.itemId) ?? [] })),
    };
  });
  return { projectId: p.projectId, totals: sum(lists.flatMap((l) => l.items)), lists };
}
