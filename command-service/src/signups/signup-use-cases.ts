import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { verify as argon2Verify } from '@node-rs/argon2';
import {
  canViewProject,
  DomainError,
  findList,
  isProjectAdmin,
  ListMemberNotified,
  signupNoticesStreamId,
  signupTokenSchema,
  type ChangeSignupBody,
  type ConfirmAttendanceBody,
  type EventStore,
  type ExistingProject,
  type MemberLevel,
  type NotifyListBody,
  type ProjectState,
  type AddSignupBody,
  type SignupEvent,
  type SignupStatus,
} from '@planwerk/events';
import { isProjectBlocked } from '@planwerk/platform';
import {
  checkProjectPassword,
  loadTeamMembership,
  type AccountsConfig,
  type AuthKeys,
} from '@planwerk/platform';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import { ACCOUNTS_CONFIG } from '../shared/auth/auth.tokens';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import { SharedReads } from '../shared/commands/group-commit';
import { appendOnce } from '../shared/idempotency/append-once';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { eraseVisitorSignups, type VisitorErasureReason } from '../shared/crypto/visitor-erasure';
import type { SignupActor, SignupCommand } from './decide/signup.decider';
import { SignupCommandHandler } from './signup-command-handler';
import { waitlistPosition } from './decide/signup-state.decider';
import { decideNotifyList, type NotifyList } from './decide/list-notice.decider';

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

export interface SignupAnswer {
  signupId: string;
  itemId: string;
  status: SignupStatus;
  position: number | null;
  token: string | null;
  checkpoint: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function hashSignupToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The private token of a visitor's sign-up made under an Idempotency-Key, recomputed from its
 * (key-derived) sign-up id and the server's secret: a retry gets the same token, and the
 * stored answer of the key never holds it (ADR 0004). Without a key the token is random.
 */
export function signupTokenFor(keys: AuthKeys, signupId: string): string {
  return createHmac('sha256', keys.linkKey).update(`signup-token\n${signupId.toLowerCase()}`, 'utf8').digest('base64url');
}

/** The sign-up commands of ADR 0006: visibility and the caller's role here, the rules in the decider. */
@Injectable()
export class SignupUseCases {
  // Every sign-up asks whether its project is blocked; on a hot list those asks share queries.
  private readonly blockedReads = new SharedReads<boolean>();

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly signups: SignupCommandHandler,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
  ) {}

  async add(projectId: string, listId: string, body: AddSignupBody, caller: SignupCaller, metadata: CommandMetadata, ids: IdSource, now: Date): Promise<SignupAnswer> {
    const { actor, project } = await this.actorFor(projectId, caller);
    const userId = body.userId ?? null;
    if (actor.kind === 'admin' && userId !== null && !(await this.accountExists(userId))) throw new DomainError('validation_failed', { field: 'userId' });
    const signupId = ids.next('signupId');
    // A visitor's private token: 256 bits, returned once; only its SHA-256 is stored. Under an
    // Idempotency-Key it is derived from the key's sign-up id, so a retry answers the same token.
    const token = actor.kind !== 'visitor' ? null : ids.deterministic ? signupTokenFor(this.config.keys, signupId) : randomBytes(32).toString('base64url');
    const command: SignupCommand = {
      type: 'AddSignup', listId, signupId, itemId: body.itemId, actor, userId, name: body.name ?? null, values: body.values, vote: body.vote,
      newTokenHash: token === null ? null : hashSignupToken(token), at: now.toISOString(),
    };
    const result = await this.signups.execute(project, command, metadata, ids);
    const entry = result.state.entries.get(signupId);
    if (!entry) throw new DomainError('conflict', { details: { signupId } });
    return { signupId, itemId: entry.itemId, status: entry.status, position: waitlistPosition(result.state, signupId), token, checkpoint: result.checkpoint };
  }

  async change(
    projectId: string, listId: string, signupId: string, body: ChangeSignupBody, caller: SignupCaller, metadata: CommandMetadata, ids: IdSource, now: Date,
  ): Promise<{ signupId: string; itemId: string; status: SignupStatus; promoted: string[]; checkpoint: string }> {
    const { actor, project } = await this.actorFor(projectId, caller);
    const result = await this.signups.execute(project, {
      type: 'ChangeSignup', listId, signupId, actor, at: now.toISOString(),
      toItemId: body.itemId, name: body.name, values: body.values, vote: body.vote,
    }, metadata, ids);
    const entry = result.state.entries.get(signupId);
    if (!entry) throw new DomainError('not_found', { field: 'signupId' });
    return { signupId, itemId: entry.itemId, status: entry.status, promoted: promotedIn(result.events), checkpoint: result.checkpoint };
  }

  async cancel(projectId: string, listId: string, signupId: string, caller: SignupCaller, metadata: CommandMetadata, ids: IdSource, now: Date) {
    const { actor, project } = await this.actorFor(projectId, caller);
    // The visitor withdrew their own sign-up (with its token): their key is erased at once. An
    // admin's deletion keeps it, like list and item clears: the team can still see and restore
    // the sign-up as of before (backups, ADR 0008); a purge of the project erases it.
    const visitor = actor.kind !== 'admin' && (await this.signups.loadSignups(listId)).entries.get(signupId)?.userId === null;
    const result = await this.signups.execute(project, { type: 'CancelSignup', listId, signupId, actor, at: now.toISOString() }, metadata, ids);
    const cancelled = visitor && result.events.some((e) => e.type === 'SignUpCancelled' && e.data.signupId === signupId);
    const erased = cancelled ? await this.eraseVisitors(project, listId, [signupId], 'cancelled', metadata, ids, now) : null;
    return { signupId, promoted: promotedIn(result.events), checkpoint: erased ?? result.checkpoint };
  }

  async confirmAttendance(teamId: string, projectId: string, listId: string, body: ConfirmAttendanceBody, metadata: CommandMetadata, ids: IdSource) {
    const project = await this.teamProject(teamId, projectId);
    const result = await this.signups.execute(project, { type: 'ConfirmAttendance', listId, signupIds: body.signupIds, attended: body.attended }, metadata, ids);
    return { listId, signupIds: [...new Set(body.signupIds)], attended: body.attended, checkpoint: result.checkpoint };
  }

  async clearItem(teamId: string, projectId: string, listId: string, itemId: string, metadata: CommandMetadata, ids: IdSource) {
    const project = await this.teamProject(teamId, projectId);
    const result = await this.signups.execute(project, { type: 'ClearItemSignups', listId, itemId }, metadata, ids);
    return { listId, itemId, cleared: clearedIn(result.events), checkpoint: result.checkpoint };
  }

  async cleanList(teamId: string, projectId: string, listId: string, metadata: CommandMetadata, ids: IdSource) {
    const project = await this.teamProject(teamId, projectId);
    const result = await this.signups.execute(project, { type: 'ClearListSignups', listId }, metadata, ids);
    return { listId, cleared: clearedIn(result.events), checkpoint: result.checkpoint };
  }

  async cleanProject(teamId: string, projectId: string, metadata: CommandMetadata, ids: IdSource) {
    const project = await this.teamProject(teamId, projectId);
    const listIds = project.lists.map((l) => l.listId);
    const result = await this.signups.clearLists(project, listIds, metadata, ids);
    return { projectId, lists: listIds.length, cleared: result.cleared, checkpoint: result.checkpoint };
  }

  /**
   * A notice to every member signed up in the list: one event per recipient on
   * `signup-notices-<listId>`, each turned into a mail job by the mail reactor. Visitors and
   * names entered by an admin have no address and get nothing.
   */
  async notify(teamId: string, projectId: string, listId: string, body: NotifyListBody, senderId: string, metadata: CommandMetadata, ids: IdSource, now: Date) {
    const project = await this.teamProject(teamId, projectId);
    const listInProject = findList(project, listId) !== undefined;
    const members = listInProject ? (await this.signups.loadSignups(listId)).people.keys() : [];
    const noticeId = ids.next('noticeId');
    const command: NotifyList = { type: 'NotifyList', projectId, listId, noticeId, subject: body.subject, text: body.text, sentBy: senderId, at: now.toISOString() };
    const events = decideNotifyList(command, { listInProject, members });
    if (events.length === 0) return { listId, noticeId, recipients: 0, checkpoint: await this.signups.head() };
    const streamId = signupNoticesStreamId(listId);
    // Under an Idempotency-Key a retry whose notice is in already is answered by that append.
    const result = await appendOnce(this.store, streamId, events.map((event, index) => ({
      eventId: ids.next(`event:${streamId}:${noticeId}:${index}`),
      type: event.type,
      data: event.data,
      metadata: {
        commandId: metadata.commandId, correlationId: metadata.correlationId, causationId: metadata.causationId,
        // Subject and text are the sender's words: encrypted with the sender's key (rule 8).
        actor: metadata.actor, teamId: project.teamId, schemaVersion: ListMemberNotified.schemaVersion, personId: senderId,
      },
    })), { expectedVersion: 'any' }, ids);
    return { listId, noticeId, recipients: events.length, checkpoint: result.checkpoint };
  }

  private eraseVisitors(project: ExistingProject, listId: string, signupIds: readonly string[], reason: VisitorErasureReason, metadata: CommandMetadata, ids: IdSource, now: Date): Promise<string | null> {
    return eraseVisitorSignups(this.store, { projectId: project.projectId, listId, teamId: project.teamId, signupIds, reason }, metadata, ids, now);
  }

  /** The project of a management route: it must belong to the team in the path (else 404). */
  private async teamProject(teamId: string, projectId: string): Promise<ExistingProject> {
    const project = await this.signups.loadProject(projectId);
    if (!project.exists || project.teamId !== teamId) throw new DomainError('not_found');
    return project;
  }

  /**
   * Visibility first (spec section 6, `canViewProject`), then the role: owners and admins act
   * on behalf of others, signed-in people for themselves, visitors with a name and a token.
   */
  private async actorFor(projectId: string, caller: SignupCaller): Promise<{ actor: SignupActor; project: ExistingProject }> {
    const project = await this.signups.loadProject(projectId);
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
      const attempt = { projectId: project.projectId, clientIp: caller.clientIp ?? null, now: new Date() };
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

  private async accountExists(userId: string): Promise<boolean> {
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

function promotedIn(events: readonly SignupEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'SignUpPromoted' ? [e.data.signupId] : []));
}

function clearedIn(events: readonly SignupEvent[]): number {
  return events.reduce((n, e) => n + (e.type === 'ItemSignUpsCleared' || e.type === 'ListSignUpsCleared' ? e.data.signupIds.length : 0), 0);
}

function assertNever(value: never): never {
  throw new Error(`Unexpected visibility answer ${JSON.stringify(value)}`);
}
