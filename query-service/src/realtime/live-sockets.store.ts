import type { Queryable } from '@planwerk/platform';

// What the socket calls over HTTP (wss/subscribe, wss/logout, socket/logout) asked for a page's
// sockets (ADR 0009): subscriptions (keyed by the page, or by the page and the caller's login
// session) and logouts. Stored, so the instance that holds the socket applies it when woken, and
// a socket that reconnects (possibly to another instance) gets it again. Operational state of
// the query side, not a read model; rows of pages not seen for a day are removed.

const DDL = [
  `CREATE TABLE IF NOT EXISTS live_socket_logins (
     socket_key text NOT NULL,
     channel text NOT NULL,
     user_id text NULL,
     auth_session_id text NULL,
     updated_at timestamptz NOT NULL,
     PRIMARY KEY (socket_key, channel))`,
  `CREATE TABLE IF NOT EXISTS live_socket_projects (
     socket_key text NOT NULL,
     project_id text NOT NULL,
     updated_at timestamptz NOT NULL,
     PRIMARY KEY (socket_key, project_id))`,
  'CREATE INDEX IF NOT EXISTS live_socket_logins_updated_idx ON live_socket_logins (updated_at)',
  'CREATE INDEX IF NOT EXISTS live_socket_projects_updated_idx ON live_socket_projects (updated_at)',
];

export const LIVE_SOCKET_ROWS_TTL_MS = 24 * 60 * 60_000;

export async function migrateLiveSockets(db: Queryable): Promise<void> {
  for (const statement of DDL) await db.query(statement);
}

/**
 * A logout asked for over HTTP (wss/logout, socket/logout): the page's sockets logged in as
 * `userId` before `updatedAt` log out. A stored login never logs a socket in (a socket's user
 * comes only from a token it presented itself), so `live_socket_logins` now holds logout
 * requests only: `user_id` set, `auth_session_id` null. Rows of the earlier binding (a login
 * with its session, or a logout without user) are ignored and purged after a day.
 */
export interface SocketLogout {
  userId: string;
  updatedAt: Date;
}

export async function saveSocketLogout(db: Queryable, key: string, channel: 'main' | 'second', userId: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO live_socket_logins (socket_key, channel, user_id, auth_session_id, updated_at) VALUES ($1, $2, $3, NULL, $4)
     ON CONFLICT (socket_key, channel) DO UPDATE SET user_id = $3, auth_session_id = NULL, updated_at = $4`,
    [key, channel, userId, now]);
}

export async function loadSocketLogout(db: Queryable, key: string, channel: 'main' | 'second'): Promise<SocketLogout | null> {
  const rows = await db.query<{ user_id: string; updated_at: Date }>(
    `SELECT user_id, updated_at FROM live_socket_logins
      WHERE socket_key = $1 AND channel = $2 AND user_id IS NOT NULL AND auth_session_id IS NULL`, [key, channel]);
  const row = rows.rows[0];
  return row ? { userId: row.user_id, updatedAt: row.updated_at } : null;
}

export async function addSocketProject(db: Queryable, key: string, projectId: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO live_socket_projects (socket_key, project_id, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (socket_key, project_id) DO UPDATE SET updated_at = $3`, [key, projectId, now]);
}

export async function removeSocketProject(db: Queryable, keys: readonly string[], projectId: string): Promise<void> {
  await db.query('DELETE FROM live_socket_projects WHERE socket_key = ANY($1) AND project_id = $2', [keys, projectId]);
}

/** The projects asked for under any of `keys` (a socket's page keys and its session-bound keys). */
export async function loadSocketProjects(db: Queryable, keys: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ project_id: string }>(
    'SELECT DISTINCT project_id FROM live_socket_projects WHERE socket_key = ANY($1) ORDER BY project_id', [keys]);
  return rows.rows.map((row) => row.project_id);
}

/** Removes what pages not seen for a day asked for. */
export async function purgeSocketRows(db: Queryable, now: Date): Promise<void> {
  const before = new Date(now.getTime() - LIVE_SOCKET_ROWS_TTL_MS);
  await db.query('DELETE FROM live_socket_logins WHERE updated_at < $1', [before]);
  await db.query('DELETE FROM live_socket_projects WHERE updated_at < $1', [before]);
}
