import type { Queryable } from '../store/postgres/append-events';
import { sessionTokenHash, type SessionCredentials } from './session-token';

/** A live session, found by its token and device. */
export interface ActiveSession {
  sessionId: string;
  userId: string;
  deviceId: string;
  deviceName: string;
  createdAt: Date;
  absoluteExpiresAt: Date;
}

interface SessionRow {
  session_id: string;
  user_id: string;
  device_id: string;
  device_name: string;
  created_at: Date;
  absolute_expires_at: Date;
}

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
SELECT session_id, user_id, device_id, device_name, created_at, absolute_expires_at FROM found`;

/**
 * The one session lookup both services use (ADR 0004): unknown, revoked, idle-expired and
 * absolutely expired sessions are all null.
 */
export async function findActiveSession(
  db: Queryable,
  credentials: SessionCredentials,
  options: { now: Date; idleSeconds: number },
): Promise<ActiveSession | null> {
  const result = await db.query<SessionRow>(FIND_SESSION, [
    sessionTokenHash(credentials.token), credentials.deviceId, options.now, options.idleSeconds,
  ]);
  const row = result.rows[0];
  if (!row) return null;
  return {
    sessionId: row.session_id, userId: row.user_id, deviceId: row.device_id, deviceName: row.device_name,
    createdAt: row.created_at, absoluteExpiresAt: row.absolute_expires_at,
  };
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
