import { verify as argon2Verify } from '@node-rs/argon2';
import {
  canViewProject,
  DomainError,
  MEMBER_LEVELS,
  type MemberLevel,
  type ProjectView,
} from '@planwerk/events';
import { projectBlockedBy } from '@planwerk/platform';
import { checkProjectPassword, migrateProjectPasswordAttempts, type Queryable } from '@planwerk/platform';
import { PROJECT_ACCESS, PROJECT_TREE, PROJECT_TREE_PROJECTION, versionedTable, type ProjectTreeDoc } from '@planwerk/projector';
import { buildProjectView } from './project-view.builder';
import { readLive, type LiveRead, type ProjectRef } from './project-read-models';

// Who may open a project by link, share hash or id, and with which password (spec sections 5
// and 6, ADR 0006). Wrong project passwords are limited per project and real client address by
// the one limiter every path shares (`checkProjectPassword`): past the limit within 15 minutes
// the client gets 429 for that project, before any password is checked.

const MAX_PASSWORD_LENGTH = 200;

/** Creates the attempt counter (operational state of the query side, not a read model). Idempotent. */
export async function migrateProjectPasswordThrottle(db: Queryable): Promise<void> {
  await migrateProjectPasswordAttempts(db);
}

async function passwordMatches(hash: string, password: string): Promise<boolean> {
  if (password.length === 0 || password.length > MAX_PASSWORD_LENGTH) return false;
  try {
    return await argon2Verify(hash, password);
  } catch {
    return false;
  }
}

const MAX_REF = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_SQL = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/** Everything one view needs, read in one statement with the projection's live version. */
interface ViewRow {
  active_version: number;
  project_id: string | null;
  team_id: string;
  password_hash: string | null;
  doc: ProjectTreeDoc;
  /** The caller's active membership of the project's team. */
  level: string | null;
  /** The caller's e-mail address is confirmed ("verified" visibility). */
  activated: boolean | null;
  /** Blocked-project facts (`projectBlockedBy`), read for projects at status 1 only. */
  holds_slot: boolean | null;
  plan: string | null;
  plan_lapsed: boolean | null;
  last_slot_event: [string, string | null] | null;
  /** The team's name and logo (null when the team row is missing). */
  team_name: string | null;
  team_logo_url: string | null;
}

interface FoundProject {
  projectId: string;
  teamId: string;
  passwordHash: string | null;
  doc: ProjectTreeDoc;
  membership: { level: MemberLevel } | null;
  verified: boolean;
  blocked: boolean;
  team: { name: string; logoUrl: string | null } | null;
}

function viewStatement(version: number, ref: ProjectRef): string {
  const access = versionedTable(PROJECT_ACCESS, version);
  const tree = versionedTable(PROJECT_TREE, version);
  const where = ref.by === 'link' ? 'lower(a.link) = lower($3)' : ref.by === 'hash' ? 'a.share_hash = $3' : 'a.project_id = $3';
  // LIMIT 2: a link that matches two projects opens none (spec section 5). The membership is
  // `loadTeamMembership`'s read, the blocked facts `isProjectBlocked`'s ('team-' || id is
  // `teamStreamId`): inline tables written in the team's append transaction, never lagging.
  // The CASEs keep the slot and team-stream reads to active projects without a slot.
  return `SELECT v.active_version, f.project_id, f.team_id, f.password_hash, f.doc, m.level, acct.activated,
                 slot.held AS holds_slot, tm.plan, tm.plan_lapsed,
                 tm.name AS team_name, tm.logo_url AS team_logo_url,
                 CASE WHEN NOT slot.held THEN (
                   SELECT ARRAY[e.type, e.data->>'reason'] FROM events e
                    WHERE e.stream_id = 'team-' || f.team_id AND e.type IN ('ActiveProjectSlotClaimed', 'ActiveProjectSlotReleased')
                      AND e.data->>'projectId' = f.project_id
                    ORDER BY e.stream_position DESC LIMIT 1) END AS last_slot_event
            FROM projection_versions v
            LEFT JOIN LATERAL (
              SELECT a.project_id, a.team_id, a.password_hash, t.doc,
                     CASE WHEN a.team_id ~* '${UUID_SQL}' THEN a.team_id::uuid END AS team_uuid,
                     CASE WHEN a.project_id ~* '${UUID_SQL}' THEN a.project_id::uuid END AS project_uuid
                FROM ${access} a JOIN ${tree} t ON t.project_id = a.project_id
               WHERE v.active_version = $2 AND ${where}
               LIMIT 2) f ON true
            LEFT JOIN teams tm ON tm.team_id = f.team_uuid
            LEFT JOIN team_members m ON m.team_id = tm.team_id AND m.user_id = $4::uuid AND m.status = 'active'
            LEFT JOIN account_logins acct ON acct.user_id = $4::uuid
            LEFT JOIN LATERAL (
              SELECT CASE WHEN f.doc->'project'->>'status' = '1' THEN EXISTS (
                SELECT 1 FROM team_active_projects s WHERE s.team_id = f.team_uuid AND s.project_id = f.project_uuid) END AS held
            ) slot ON true
           WHERE v.name = $1`;
}

function memberLevel(value: string): MemberLevel {
  const level = MEMBER_LEVELS.find((known) => known === value);
  if (level === undefined) throw new Error(`Unknown member level ${JSON.stringify(value)}`);
  return level;
}

/**
 * The projects a reference matches (a link or hash that matches more than one is the caller's
 * to refuse), each with the caller's membership of its team, the caller's verification and
 * whether the project is blocked: one statement, one round trip (ADR 0006).
 */
async function findProjects(db: Queryable, ref: ProjectRef, userId: string | null): Promise<FoundProject[]> {
  const value = ref.by === 'link' ? ref.link : ref.by === 'hash' ? ref.hash : ref.projectId;
  // PostgreSQL text cannot hold NUL; nothing is named so, and nothing that long.
  if (value.length === 0 || value.length > MAX_REF || value.includes('\u0000')) return [];
  const user = userId !== null && UUID.test(userId) ? userId : null;
  return readLive(db, PROJECT_TREE_PROJECTION, [], async (version): Promise<LiveRead<FoundProject[]>> => {
    // Named: each connection parses it once and PostgreSQL can reuse its plan (planning this
    // join costs more than running it).
    const { rows } = await db.query<ViewRow>({
      name: `planwerk_project_view_${ref.by}_v${version}`, text: viewStatement(version, ref), values: [PROJECT_TREE_PROJECTION, version, value, user],
    });
    const found = rows.filter((row): row is ViewRow & { project_id: string } => row.project_id !== null).map((row): FoundProject => ({
      projectId: row.project_id,
      teamId: row.team_id,
      passwordHash: row.password_hash,
      doc: row.doc,
      membership: row.level === null ? null : { level: memberLevel(row.level) },
      verified: row.activated === true,
      blocked: projectBlockedBy({
        status: row.doc.project.status, holdsSlot: row.holds_slot === true, plan: row.plan, planLapsed: row.plan_lapsed,
        lastType: row.last_slot_event?.[0] ?? null, lastReason: row.last_slot_event?.[1] ?? null,
      }),
      team: row.team_name === null ? null : { name: row.team_name, logoUrl: row.team_logo_url },
    }));
    return { activeVersion: rows[0]?.active_version ?? null, result: found };
  });
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
  const found = await findProjects(db, request.ref, request.userId);
  if (found.length !== 1) throw missing();
  const [project] = found as [FoundProject];
  const { doc, membership } = project;

  const viewer = { userId: request.userId, verified: request.userId !== null && project.verified, membership, passwordOk: false };
  let answer = canViewProject(doc.project, viewer);
  // Only a project the caller could open with its password looks at the password at all.
  if (answer === 'password_required' && project.passwordHash !== null) {
    if (request.password === null) throw new DomainError('project_password_required');
    const { passwordHash } = project;
    const password = request.password;
    const attempt = { projectId: project.projectId, clientIp: request.clientIp, now: request.now };
    if (!await checkProjectPassword(db, attempt, () => passwordMatches(passwordHash, password))) throw new DomainError('project_password_wrong');
    answer = canViewProject(doc.project, { ...viewer, passwordOk: true });
  }
  switch (answer) {
    case 'ok': {
      const view = buildProjectView(doc, { userId: request.userId, membership }, request.now);
      view.project.blocked = project.blocked;
      if (project.team !== null) view.team = project.team;
      return { projectId: project.projectId, teamId: project.teamId, view };
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
