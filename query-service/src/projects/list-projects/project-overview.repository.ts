import type { PresetList, ProjectOverviewEntry, ProjectStatus } from '@planwerk/events';
import type { Queryable } from '@planwerk/platform';
import { PRESET_COLUMNS, PROJECT_OVERVIEW, PROJECT_OVERVIEW_COLUMNS, PROJECT_TREE_PROJECTION, type ProjectOverviewRow } from '@planwerk/projector';
import { liveTable } from '../../shared/projects/project-read-models';

// The projector's row (project_overview) as the contract's entry.
function entryOf(r: ProjectOverviewRow): ProjectOverviewEntry {
  return {
    projectId: r.projectId, teamId: r.teamId, link: r.link, name: r.name, colour: r.colour, status: r.status,
    previousStatus: r.previousStatus, locked: r.locked, visibility: r.visibility, startDate: r.startDate, shareHash: r.shareHash,
    counts: {
      phases: r.phases, lists: r.lists, items: r.items, placed: r.placed, waitlisted: r.waitlisted, signups: r.signups,
      capacity: r.capacity, unlimitedItems: r.unlimitedItems,
    },
    createdBy: r.createdBy, createdAt: new Date(r.createdAt).toISOString(), updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

/** The team's projects with the given statuses, newest first. */
export async function listProjectOverview(db: Queryable, teamId: string, statuses: readonly ProjectStatus[]): Promise<ProjectOverviewEntry[]> {
  const table = await liveTable(db, PROJECT_TREE_PROJECTION, PROJECT_OVERVIEW);
  if (table === null || statuses.length === 0) return [];
  const rows = await db.query<ProjectOverviewRow>(
    `SELECT ${PROJECT_OVERVIEW_COLUMNS} FROM ${table} WHERE team_id = $1 AND status = ANY($2::int[]) ORDER BY created_at DESC, project_id`,
    [teamId, statuses]);
  return rows.rows.map(entryOf);
}

/** The team's saved preset columns, in the order they were first saved. */
export async function listPresetColumns(db: Queryable, teamId: string): Promise<PresetList['columns']> {
  const table = await liveTable(db, PROJECT_TREE_PROJECTION, PRESET_COLUMNS);
  if (table === null) return [];
  const rows = await db.query<{ column_id: string; field: PresetList['columns'][number]['field']; saved_at: Date }>(
    `SELECT column_id, field, saved_at FROM ${table} WHERE team_id = $1 ORDER BY saved_at, column_id`, [teamId]);
  return rows.rows.map((r) => ({ columnId: r.column_id, field: r.field, savedAt: r.saved_at.toISOString() }));
}
