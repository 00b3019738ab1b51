import { createHash } from 'node:crypto';
import { verify as argon2Verify } from '@node-rs/argon2';
import {
  canViewProject,
  DomainError,
  isProjectBlocked,
  loadTeamMembership,
  type ProjectView,
  type Queryable,
} from '@planwerk/events';
import { buildProjectView } from './project-view.builder';
import { findProjects, type ProjectRef } from './project-read-models';

// Who may open a project by link, share hash or id, and with which password (spec sections 5
// and 6, ADR 0006). Wrong project passwords are counted per project and client address; from
// the fifth within 15 minutes the client gets 429 for that project until the window has passed.

export const PASSWORD_FAILURES_ALLOWED = 5;
export const PASSWORD_WINDOW_MS = 15 * 60_000;
const MAX_PASSWORD_LENGTH = 200;

const THROTTLE_DDL = `CREATE TABLE IF NOT EXISTS project_password_failures (
  scope text PRIMARY KEY,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL
)`;

/** Creates the failure counter (operational state of the query side, not a read model). Idempotent. */
export async function migrateProjectPasswordThrottle(db: Queryable): Promise<void> {
  await db.query(THROTTLE_DDL);
}

function scopeOf(projectId: string, clientIp: string | null): string {
  return createHash('sha256').update(`${projectId}\n${clientIp ?? 'unknown'}`).digest('base64url');
}

async function isBlocked(db: Queryable, scope: string, now: Date): Promise<boolean> {
  const rows = await db.query<{ failures: number }>(
    'SELECT failures FROM project_password_failures WHERE scope = $1 AND window_started_at > $2', [scope, new Date(now.getTime() - PASSWORD_WINDOW_MS)]);
  return (rows.rows[0]?.failures ?? 0) >= PASSWORD_FAILURES_ALLOWED;
}

async function recordFailure(db: Queryable, scope: string, now: Date): Promise<void> {
  // A window that has passed starts over at one failure.
  await db.query(
    `INSERT INTO project_password_failures (scope, failures, window_started_at) VALUES ($1, 1, $2)
     ON CONFLICT (scope) DO UPDATE SET
       failures = CASE WHEN project_password_failures.window_started_at <= $3 THEN 1 ELSE project_password_failures.failures + 1 END,
       window_started_at = CASE WHEN project_password_failures.window_started_at <= $3 THEN $2 ELSE project_password_failures.window_started_at END`,
    [scope, now, new Date(now.getTime() - PASSWORD_WINDOW_MS)]);
}

async function passwordMatches(hash: string, password: string): Promise<boolean> {
  if (password.length === 0 || password.length > MAX_PASSWORD_LENGTH) return false;
  try {
    return await argon2Verify(hash, password);
  } catch {
    return false;
  }
}

async function isVerified(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query<{ activated: boolean }>('SELECT activated FROM account_logins WHERE user_id::text = $1', [userId]);
  return rows.rows[0]?.activated === true;
}

export interface PublicViewRequest {
  ref: ProjectRef;
  userId: string | null;
  /** The x-project-password header (bundle: prj_pass); null when none was sent. */
  password: string | null;
  clientIp: string | null;
  now: Date;
}

export interface OpenedProject {
  projectId: string;
  teamId: string;
  view: ProjectView;
}

/**
 * The project view a caller may see, or the error that says why not. A project link that
 * matches no project or more than one, and a project whose status hides it from the caller,
 * all answer "Dieser Link kann nicht geöffnet werden" (nothing tells that it exists).
 */
export async function openPublicProjectView(db: Queryable, request: PublicViewRequest): Promise<OpenedProject> {
  const missing = (): DomainError => new DomainError(request.ref.by === 'link' ? 'project_link_invalid' : 'not_found');
  const found = await findProjects(db, request.ref);
  if (found.length !== 1) throw missing();
  const [{ access, doc }] = found as [typeof found[number]];
  const team = await loadTeamMembership(db, access.teamId, request.userId);
  const membership = team?.member ?? null;
  const verified = request.userId !== null && await isVerified(db, request.userId);

  const viewer = { userId: request.userId, verified, membership, passwordOk: false };
  let answer = canViewProject(doc.project, viewer);
  // Only a project the caller could open with its password looks at the password at all.
  if (answer === 'password_required' && access.passwordHash !== null) {
    const scope = scopeOf(access.projectId, request.clientIp);
    if (await isBlocked(db, scope, request.now)) throw new DomainError('project_password_blocked');
    if (request.password === null) throw new DomainError('project_password_required');
    if (!await passwordMatches(access.passwordHash, request.password)) {
      await recordFailure(db, scope, request.now);
      throw new DomainError('project_password_wrong');
    }
    answer = canViewProject(doc.project, { ...viewer, passwordOk: true });
  }
  switch (answer) {
    case 'ok': {
      const view = buildProjectView(doc, { userId: request.userId, membership }, request.now);
      const blocked = await isProjectBlocked(db, { teamId: access.teamId, projectId: access.projectId, status: doc.project.status });
      return { projectId: access.projectId, teamId: access.teamId, view: { ...view, project: { ...view.project, blocked } } };
    }
    case 'not_found':
      throw missing();
    case 'login_required':
      throw new DomainError(6011);
    case 'no_permission':
      throw new DomainError('no_permission');
    case 'password_required':
      throw new DomainError('project_password_required');
    default:
      return assertNever(answer);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected view answer ${JSON.stringify(value)}`);
}
