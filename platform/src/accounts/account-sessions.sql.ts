import type { Queryable } from '../store/postgres/append-events';
import { sessionTokenHash, type SessionCredentials } from './session-token';

/** A row of the inline `account_sessions` table (ADR 0004; DDL in account-tables.schema.ts) as the reads here return it. */
export interface AccountSession {
  sessionId: string;
  userId: string;
  deviceId: string;
  deviceName: string;
  /** How the session was opened (password, social, passkey ...). */
  method: string;
  createdAt: Date;
  lastUsedAt: Date;
  absoluteExpiresAt: Date;
  revokedAt: Date | null;
}

/** The columns of `account_sessions` under the names of `AccountSession`. */
const SESSION_COLUMNS = `session_id::text AS "sessionId", user_id::text AS "userId", device_id AS "deviceId", device_name AS "deviceName",
  method, created_at AS "createdAt", last_used_at AS "lastUsedAt", absolute_expires_at AS "absoluteExpiresAt", revoked_at AS "revokedAt"`;

/** A live session, found by its token and device. */
export type ActiveSession = Pick<AccountSession, 'sessionId' | 'userId' | 'deviceId' | 'deviceName' | 'createdAt' | 'absoluteExpiresAt'>;

// Last use is written at most once a minute per session, so reads stay cheap; the idle expiry
// moves with it but never past the absolute one.
const FIND_SESSION = `
WITH found AS (
  SELECT session_id, user_id, device_id, device_name, created_at, absolute_expires_at, last_used_at
  FROM account_sessions
  WHERE token_hash = $1 AND device_id = $2 AND revoked_at IS NULL
    AND idle_expires_at > $3 AND absolute_expires_at > $3
), touched AS (
  UPDATE account_sessions s
  SET last_used_at = $3, idle_expires_at = LEAST(s.absolute_expires_at, $3 + $4 * interval '1 second')
  FROM found
  WHERE s.session_id = found.session_id AND found.last_used_at < $3 - interval '60 seconds'
  RETURNING s.session_id
)
SELECT session_id AS "sessionId", user_id AS "userId", device_id AS "deviceId", device_name AS "deviceName",
       created_at AS "createdAt", absolute_expires_at AS "absoluteExpiresAt"
FROM found`;

/**
 * The one session lookup both services use (ADR 0004): unknown, revoked, idle-expired and
 * absolutely expired sessions are all null.
 */
export async function findActiveSession(
  db: Queryable,
  credentials: SessionCredentials,
  options: { now: Date; idleSeconds: number },
): Promise<ActiveSession | null> {
  const result = await db.query<ActiveSession>(FIND_SESSION, [
    sessionTokenHash(credentials.token), credentials.deviceId, options.now, options.idleSeconds,
  ]);
  return result.rows[0] ?? null;
}

/** The user's sessions that are live at `now` (not revoked, neither expiry passed), newest use first. */
export async function listLiveSessions(db: Queryable, userId: string, now: Date): Promise<AccountSession[]> {
  const result = await db.query<AccountSession>(
    `SELECT ${SESSION_COLUMNS} FROM account_sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND idle_expires_at > $2 AND absolute_expires_at > $2
      ORDER BY last_used_at DESC, created_at DESC`, [userId, now]);
  return result.rows;
}

/** Every session the user ever had, ended ones included, oldest first (the data export). */
export async function listAllSessions(db: Queryable, userId: string): Promise<AccountSession[]> {
  const result = await db.query<AccountSession>(`SELECT ${SESSION_COLUMNS} FROM account_sessions WHERE user_id = $1 ORDER BY created_at`, [userId]);
  return result.rows;
}

/** An account's login row: `socialProvider` is set when `loginType` is 'social'. */
export interface AccountLogin {
  userId: string;
  loginType: string;
  socialProvider: string | null;
}

/** The user id registered for an e-mail key, with what login needs to know before the stream. */
export async function findLoginByEmailKey(db: Queryable, emailKey: string): Promise<AccountLogin | null> {
  const result = await db.query<{ user_id: string; login_type: string; social_provider: string | null }>(
    'SELECT user_id, login_type, social_provider FROM account_logins WHERE email_key = $1', [emailKey],
  );
  const row = result.rows[0];
  return row ? { userId: row.user_id, loginType: row.login_type, socialProvider: row.social_provider } : null;
}
