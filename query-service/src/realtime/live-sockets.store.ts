import type { Queryable } from '@planwerk/events';

// What the socket calls over HTTP (wss/subscribe, wss/login, socket/login, …) asked for a page's
// sockets (ADR 0009). Stored, so the instance that holds the socket applies it when woken, and
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

export interface SocketLogin {
  userId: string | null;
  authSessionId: string | null;
  updatedAt: Date;
}

export async function saveSocketLogin(db: Queryable, key: string, channel: 'main' | 'second', login: Omit<SocketLogin, 'updatedAt'>, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO live_socket_logins (socket_key, channel, user_id, auth_session_id, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (socket_key, channel) DO UPDATE SET user_id = $3, auth_session_id = $4, updated_at = $5`,
    [key, channel, login.userId, login.authSessionId, now]);
}

export async function loadSocketLogin(db: Queryable, key: string, channel: 'main' | 'second'): Promise<SocketLogin | null> {
  const rows = await db.query<{ user_id: string | null; auth_session_id: string | null; updated_at: Date }>(
    'SELECT user_id, auth_session_id, updated_at FROM live_socket_logins WHERE socket_key = $1 AND channel = $2', [key, channel]);
  const row = rows.rows[0];
  return row ? { userId: row.user_id, authSessionId: row.auth_session_id, updatedAt: row.updated_at } : null;
}

export async function addSocketProject(db: Queryable, key: string, projectId: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO live_socket_projects (socket_key, project_id, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (socket_key, project_id) DO UPDATE SET updated_at = $3`, [key, projectId, now]);
}

export async function removeSocketProject(db: Queryable, key: string, projectId: string): Promise<void> {
  await db.query('DELETE FROM live_socket_projects WHERE socket_key = $1 AND project_id = $2', [key, projectId]);
}

export async function loadSocketProjects(db: Queryable, key: string): Promise<string[]> {
  const rows = await db.query<{ project_id: string }>('SELECT project_id FROM live_socket_projects WHERE socket_key = $1 ORDER BY project_id', [key]);
  return rows.rows.map((row) => row.project_id);
}

/** Removes what pages not seen for a day asked for. */
export async function purgeSocketRows(db: Queryable, now: Date): Promise<void> {
  const before = new Date(now.getTime() - LIVE_SOCKET_ROWS_TTL_MS);
  await db.query('DELETE FROM live_socket_logins WHERE updated_at < $1', [before]);
  await db.query('DELETE FROM live_socket_projects WHERE updated_at < $1', [before]);
}
