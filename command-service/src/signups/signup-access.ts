import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { verify as argon2Verify } from '@node-rs/argon2';
import {
  canViewProject,
  DomainError,
  isProjectAdmin,
  signupTokenSchema,
  type ExistingProject,
  type MemberLevel,
  type ProjectState,
} from '@planwerk/events';
import { checkProjectPassword, CLOCK, isProjectBlocked, loadTeamMembership, type Clock } from '@planwerk/platform';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import { SharedReads } from '../shared/commands/group-commit';
import type { SignupActor } from './decide/signup.decider';
import { SignupCommandHandler } from './signup-command-handler';

/** Who calls a public sign-up route: the session's user, and the two headers of ADR 0006. */
export interface SignupCaller {
  userId: string | null;
  /** Header `x-project-password`. */
  password: string | null;
  /** Header `x-signup-token`. */
  token: string | null;
  /** The real client address: wrong project passwords are limited per project and address. */
  clientIp?: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function hashSignupToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Who may act on a sign-up route (ADR 0006, spec section 6): the project's visibility, the
 * caller's role (admin, member, visitor with a token), the blocked project and the accounts
 * an admin signs up on behalf of. The rules of the sign-ups themselves are the decider's.
 */
@Injectable()
export class SignupAccess {
  // Every sign-up asks whether its project is blocked; on a hot list those asks share queries.
  private readonly blockedReads = new SharedReads<boolean>();

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly handler: SignupCommandHandler,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The project of a management route: it must belong to the team in the path (else 404). */
  async teamProject(teamId: string, projectId: string): Promise<ExistingProject> {
    const project = await this.handler.loadProject(projectId);
    if (!project.exists || project.teamId !== teamId) throw new DomainError('not_found');
    return project;
  }

  /**
   * Visibility first (spec section 6, `canViewProject`), then the role: owners and admins act
   * on behalf of others, signed-in people for themselves, visitors with a name and a token.
   */
  async actorFor(projectId: string, caller: SignupCaller): Promise<{ actor: SignupActor; project: ExistingProject }> {
    const project = await this.handler.loadProject(projectId);
    if (!project.exists) throw new DomainError('not_found');
    const tokenHash = caller.token === null ? null : hashSignupToken(parseToken(caller.token));
    const membership = caller.userId === null ? null : ((await loadTeamMembership(this.pool, project.teamId, caller.userId))?.member ?? null);
    await this.checkVisible(project, caller, membership);
    if (isProjectAdmin(membership)) return { project, actor: { kind: 'admin', userId: caller.userId, tokenHash } };
    // A blocked project (ADR 0005/0006: its slot released by an unlock while the plan still
    // limits active projects) takes no sign-ups, changes or cancellations from anyone but the
    // team's owner and admins.
    const blocked = await this.blockedReads.read(`${project.projectId} ${project.status}`, () => isProjectBlocked(this.pool, project));
    if (blocked) throw new DomainError('project_blocked', { details: { projectId } });
    if (caller.userId !== null) return { project, actor: { kind: 'member', userId: caller.userId, tokenHash } };
    return { project, actor: { kind: 'visitor', userId: null, tokenHash } };
  }

  private async checkVisible(project: ProjectState, caller: SignupCaller, membership: { level: MemberLevel } | null): Promise<void> {
    if (!project.exists) throw new DomainError('not_found');
    const viewer = { userId: caller.userId, membership, verified: false, passwordOk: false };
    // The two slow facts are looked up only when the visibility asks for them.
    if (project.visibility === 'verified' && caller.userId !== null) viewer.verified = await this.isVerified(caller.userId);
    let answer = canViewProject(project, viewer);
    // The password is checked only when it is what stands in the way, and through the one
    // limiter the view and the live subscription share (issue 12): per project and address.
    const { password } = caller;
    const hash = project.passwordHash;
    if (answer === 'password_required' && password !== null && hash !== null) {
      const attempt = { projectId: project.projectId, clientIp: caller.clientIp ?? null, now: this.clock.now() };
      viewer.passwordOk = await checkProjectPassword(this.pool, attempt, () => argon2Verify(hash, password));
      answer = canViewProject(project, viewer);
    }
    switch (answer) {
      case 'ok':
        return;
      case 'not_found':
        throw new DomainError('not_found');
      case 'login_required':
        throw new DomainError('signup_login_required');
      case 'no_permission':
        throw new DomainError('no_permission');
      case 'password_required':
        throw new DomainError(caller.password === null ? 'project_password_required' : 'project_password_wrong');
      default:
        return assertNever(answer);
    }
  }

  private async isVerified(userId: string): Promise<boolean> {
    const result = await this.pool.query<{ activated: boolean }>('SELECT activated FROM account_logins WHERE user_id = $1::uuid', [userId]);
    return result.rows[0]?.activated === true;
  }

  async accountExists(userId: string): Promise<boolean> {
    if (!UUID.test(userId)) return false;
    const result = await this.pool.query('SELECT 1 FROM account_logins WHERE user_id = $1::uuid', [userId]);
    return (result.rowCount ?? 0) > 0;
  }
}
function parseToken(token: string): string {
  const parsed = signupTokenSchema.safeParse(token);
  if (!parsed.success) throw new DomainError('signup_token_invalid');
  return parsed.data;
}

function assertNever(value: never): never {
  throw new Error(`Unexpected visibility answer ${JSON.stringify(value)}`);
}