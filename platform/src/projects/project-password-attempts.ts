import { createHash } from 'node:crypto';
import { DomainError } from '@planwerk/events';
import type { Queryable } from '../store/postgres/append-events';

// The one limiter for project passwords (spec sections 5 and 6, issue 12): the public view,
// the bundle, the live subscription and the sign-up commands all count here, per project and
// real client address. An attempt takes its slot atomically BEFORE the slow Argon2 check, so
// concurrent guesses cannot all pass a "not yet blocked" test together; a right password
// gives its slot back. At most PASSWORD_ATTEMPTS_ALLOWED passwords are checked per window.

export const PASSWORD_ATTEMPTS_ALLOWED = 5;
export const PASSWORD_WINDOW_MS = 15 * 60_000;

const DDL = `CREATE TABLE IF NOT EXISTS project_password_failures (
  scope text PRIMARY KEY,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL
)`;

/** Creates the counter table (operational state, not a read model). Idempotent. */
export async function migrateProjectPasswordAttempts(db: Queryable): Promise<void> {
  await db.query(DDL);
}

const migrated = new WeakSet<object>();

async function ensureTable(db: Queryable): Promise<void> {
  if (migrated.has(db)) return;
  await migrateProjectPasswordAttempts(db);
  migrated.add(db);
}

export function projectPasswordScope(projectId: string, clientIp: string | null): string {
  return createHash('sha256').update(`${projectId}\n${clientIp ?? 'unknown'}`).digest('base64url');
}

/** Takes one attempt's slot; the count in the current window including this attempt. */
async function reserve(db: Queryable, scope: string, now: Date): Promise<number> {
  await ensureTable(db);
  // A window that has passed starts over at one attempt. The row lock of ON CONFLICT orders
  // concurrent attempts: each sees the count the one before it left.
  const { rows } = await db.query<{ failures: number }>(
    `INSERT INTO project_password_failures AS p (scope, failures, window_started_at) VALUES ($1, 1, $2)
     ON CONFLICT (scope) DO UPDATE SET
       failures = CASE WHEN p.window_started_at <= $3 THEN 1 ELSE p.failures + 1 END,
       window_started_at = CASE WHEN p.window_started_at <= $3 THEN $2 ELSE p.window_started_at END
     RETURNING failures`,
    [scope, now, new Date(now.getTime() - PASSWORD_WINDOW_MS)]);
  return rows[0]?.failures ?? 1;
}

async function release(db: Queryable, scope: string): Promise<void> {
  await db.query('UPDATE project_password_failures SET failures = GREATEST(failures - 1, 0) WHERE scope = $1', [scope]);
}

export interface ProjectPasswordAttempt {
  projectId: string;
  /** The real client address (trusted-proxy rules), null when unknown. */
  clientIp: string | null;
  now: Date;
}

/**
 * Runs `check` (the Argon2 verification) only when this client has attempts left for the
 * project; over the limit it answers project_password_blocked (429) without checking.
 */
export async function checkProjectPassword(db: Queryable, attempt: ProjectPasswordAttempt, check: () => Promise<boolean>): Promise<boolean> {
  const scope = projectPasswordScope(attempt.projectId, attempt.clientIp);
  const count = await reserve(db, scope, attempt.now);
  if (count > PASSWORD_ATTEMPTS_ALLOWED) throw new DomainError('project_password_blocked');
  const matches = await check().catch(() => false);
  if (matches) await release(db, scope);
  return matches;
}
