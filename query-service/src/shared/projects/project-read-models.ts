import type { Queryable } from '@planwerk/events';
import {
  PROJECT_ACCESS,
  PROJECT_TREE,
  PROJECT_TREE_PROJECTION,
  versionedTable,
  type ProjectAccessRow,
  type ProjectTreeDoc,
} from '@planwerk/projector';

// Reads of the project read models shared by the project routes and the `project` bundle.

/** The live version of a projection's table (blue-green rebuilds swap it); null before the projector ran. */
export async function liveTable(db: Queryable, projection: string, baseTable: string): Promise<string | null> {
  const result = await db.query<{ active_version: number }>('SELECT active_version FROM projection_versions WHERE name = $1', [projection]);
  const version = result.rows[0]?.active_version;
  return version === undefined ? null : versionedTable(baseTable, version);
}

export type ProjectRef = { by: 'link'; link: string } | { by: 'hash'; hash: string } | { by: 'id'; projectId: string };

export interface LoadedProject {
  access: ProjectAccessRow;
  doc: ProjectTreeDoc;
}

interface AccessRowRecord {
  project_id: string;
  team_id: string;
  link: string;
  share_hash: string;
  visibility: ProjectAccessRow['visibility'];
  password_hash: string | null;
  status: ProjectAccessRow['status'];
  doc: ProjectTreeDoc;
}

const MAX_REF = 200;

/**
 * The projects a reference matches with their documents; a link or hash that matches more than
 * one project is the caller's to refuse (spec section 5: exactly one).
 */
export async function findProjects(db: Queryable, ref: ProjectRef): Promise<LoadedProject[]> {
  const value = ref.by === 'link' ? ref.link : ref.by === 'hash' ? ref.hash : ref.projectId;
  // PostgreSQL text cannot hold NUL; nothing is named so, and nothing that long.
  if (value.length === 0 || value.length > MAX_REF || value.includes('\u0000')) return [];
  const [access, tree] = await Promise.all([
    liveTable(db, PROJECT_TREE_PROJECTION, PROJECT_ACCESS),
    liveTable(db, PROJECT_TREE_PROJECTION, PROJECT_TREE),
  ]);
  if (access === null || tree === null) return [];
  const where = ref.by === 'link' ? 'lower(a.link) = lower($1)' : ref.by === 'hash' ? 'a.share_hash = $1' : 'a.project_id = $1';
  const rows = await db.query<AccessRowRecord>(
    `SELECT a.project_id, a.team_id, a.link, a.share_hash, a.visibility, a.password_hash, a.status, t.doc
       FROM ${access} a JOIN ${tree} t ON t.project_id = a.project_id
      WHERE ${where} LIMIT 2`,
    [value]);
  return rows.rows.map((r) => ({
    access: { projectId: r.project_id, teamId: r.team_id, link: r.link, shareHash: r.share_hash, visibility: r.visibility, passwordHash: r.password_hash, status: r.status },
    doc: r.doc,
  }));
}

/** The tree document of a project of a team; null when there is none. */
export async function findTeamProject(db: Queryable, teamId: string, projectId: string): Promise<ProjectTreeDoc | null> {
  const tree = await liveTable(db, PROJECT_TREE_PROJECTION, PROJECT_TREE);
  if (tree === null) return null;
  const rows = await db.query<{ doc: ProjectTreeDoc }>(`SELECT doc FROM ${tree} WHERE project_id = $1 AND team_id = $2`, [projectId, teamId]);
  return rows.rows[0]?.doc ?? null;
}
