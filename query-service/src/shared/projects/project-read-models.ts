import type { Queryable } from '@planwerk/platform';
import {
  PROJECT_TREE,
  PROJECT_TREE_PROJECTION,
  versionedTable,
  type ProjectTreeDoc,
} from '@planwerk/projector';

// Reads of the project read models shared by the project routes and the `project` bundle.

/** The live version of a projection's table (blue-green rebuilds swap it); null before the projector ran. */
export async function liveTable(db: Queryable, projection: string, baseTable: string): Promise<string | null> {
  const version = await activeVersion(db, projection);
  return version === null ? null : versionedTable(baseTable, version);
}

async function activeVersion(db: Queryable, projection: string): Promise<number | null> {
  const result = await db.query<{ active_version: number }>('SELECT active_version FROM projection_versions WHERE name = $1', [projection]);
  return result.rows[0]?.active_version ?? null;
}

// The live version each database handle last saw, per projection (ADR 0006: "one round trip per
// project view"). Only a hint: every read through `readLive` reads the pointer again in its own
// statement and answers only when the two agree, so a rebuild swap is never served stale.
const rememberedVersions = new WeakMap<Queryable, Map<string, number>>();

const UNDEFINED_TABLE = '42P01';
/** A swap moves the pointer at most once per rebuild; more misses in a row mean something else is wrong. */
const LIVE_READ_ATTEMPTS = 3;

export interface LiveRead<T> {
  /** `projection_versions.active_version` as the statement saw it; null when the projection has no pointer. */
  activeVersion: number | null;
  result: T;
}

/**
 * Runs `read` against the tables of `version` in one statement that also reads the pointer of
 * `projection` (see `LiveRead`), and answers its result when that version is the live one.
 * The version comes from memory; the first read, and a read after a swap (the pointer moved,
 * or the old tables are already dropped: undefined_table), fetch it and run once more. One
 * statement sees one snapshot, so tables and pointer agree: a statement that saw the old
 * pointer read the old tables before the swap committed, which is what a read before the swap
 * would have answered. `none` is the answer while the projection has no tables.
 */
export async function readLive<T>(db: Queryable, projection: string, none: T, read: (version: number) => Promise<LiveRead<T>>): Promise<T> {
  let versions = rememberedVersions.get(db);
  if (versions === undefined) {
    versions = new Map();
    rememberedVersions.set(db, versions);
  }
  for (let attempt = 1; ; attempt += 1) {
    const version = versions.get(projection) ?? await activeVersion(db, projection);
    if (version === null) {
      versions.delete(projection);
      return none;
    }
    versions.set(projection, version);
    let answer: LiveRead<T>;
    try {
      answer = await read(version);
    } catch (error) {
      if ((error as { code?: string }).code !== UNDEFINED_TABLE) throw error;
      // A table of the tried version is gone: a swap dropped it, unless the pointer still names it.
      const live = await activeVersion(db, projection);
      if (live === version || attempt >= LIVE_READ_ATTEMPTS) throw error;
      answer = { activeVersion: live, result: none };
    }
    if (answer.activeVersion === version) return answer.result;
    if (answer.activeVersion === null) versions.delete(projection);
    else versions.set(projection, answer.activeVersion);
    if (attempt >= LIVE_READ_ATTEMPTS) throw new Error(`The live version of projection ${projection} kept moving during a read`);
  }
}

export type ProjectRef = { by: 'link'; link: string } | { by: 'hash'; hash: string } | { by: 'id'; projectId: string };

/** The tree document of a project of a team; null when there is none. */
export async function findTeamProject(db: Queryable, teamId: string, projectId: string): Promise<ProjectTreeDoc | null> {
  const tree = await liveTable(db, PROJECT_TREE_PROJECTION, PROJECT_TREE);
  if (tree === null) return null;
  const rows = await db.query<{ doc: ProjectTreeDoc }>(`SELECT doc FROM ${tree} WHERE project_id = $1 AND team_id = $2`, [projectId, teamId]);
  return rows.rows[0]?.doc ?? null;
}
