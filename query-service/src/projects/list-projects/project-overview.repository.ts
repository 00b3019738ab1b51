import type { ProjectOverviewEntry, ProjectStatus } from '@planwerk/events';
import type { Queryable } from '@planwerk/platform';
import { PRESET_COLUMNS, PROJECT_OVERVIEW, PROJECT_TREE_PROJECTION } from '@planwerk/projector';
import { liveTable } from '../../shared/projects/project-read-models';

interface OverviewRecord {
  project_id: string;
  team_id: string;
  link: string;
  name: string;
  colour: number;
  status: ProjectStatus;
  previous_status: ProjectStatus | null;
  locked: boolean;
  visibility: ProjectOverviewEntry['visibility'];
  start_date: string | null;
  share_hash: string;
  phases: number;
  lists: number;
  items: number;
  placed: number;
  waitlisted: number;
  signups: number;
  capacity: number;
  unlimited_items: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `project_id, team_id, link, name, colour, status, previous_status, locked, visibility,
  to_char(start_date, 'YYYY-MM-DD') AS start_date, share_hash, phases, lists, items, placed, waitlisted, signups, capacity,
  unlimited_items, created_by, to_json(created_at) #>> '{}' AS created_at, to_json(updated_at) #>> '{}' AS updated_at`;

function entryOf(r: OverviewRecord): ProjectOverviewEntry {
  return {
    projectId: r.project_id, teamId: r.team_id, link: r.link, name: r.name, colour: r.colour, status: r.status,
    previousStatus: r.previous_status, locked: r.locked, visibility: r.visibility, startDate: r.start_date, shareHash: r.share_hash,
    counts: {
      phases: r.phases, lists: r.lists, items: r.items, placed: r.placed, waitlisted: r.waitlisted, signups: r.signups,
      capacity: r.capacity, unlimitedItems: r.unlimited_items,
    },
    createdBy: r.created_by, createdAt: new Date(r.created_at).toISOString(), updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The team's projects with the given statuses, newest first. */
export async function listProjectOverview(db: Queryable, teamId: string, statuses: readonly ProjectStatus[]): Promise<ProjectOverviewEntry[]> {
  const table = await liveTable(db, PROJECT_TREE_PROJECTION, PROJECT_OVERVIEW);
  if (table === null || statuses.length === 0) return [];
  const rows = await db.query<OverviewRecord>(
    `SELECT ${COLUMNS} FROM ${table} WHERE team_id = $1 AND status = ANY($2::int[]) ORDER BY created_at DESC, project_id`,
    [teamId, statuses]);
  return rows.rows.map(entryOf);
}

export interface PresetColumnRecord {
  columnId: string;
  field: { kind: string; label: string; required: boolean; options?: string[]; scale?: { min: number; max: number } };
  savedAt: string;
}

/** The team's saved preset columns, in the order they were first saved. */
export async function listPresetColumns(db: Queryable, teamId: string): Promise<PresetColumnRecord[]> {
  const table = await liveTable(db, PROJECT_TREE_PROJECTION, PRESET_COLUMNS);
  if (table === null) return [];
  const rows = await db.query<{ column_id: string; field: PresetColumnRecord['field']; saved_at: Date }>(
    `SELECT column_id, field, saved_at FROM ${table} WHERE team_id = $1 ORDER BY saved_at, column_id`, [teamId]);
  return rows.rows.map((r) => ({ columnId: r.column_id, field: r.field, savedAt: r.saved_at.toISOString() }));
}
