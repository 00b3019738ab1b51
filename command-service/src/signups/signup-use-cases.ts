import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  findList,
  ListMemberNotified,
  SignupAdded,
  SignupChanged,
  signupNoticesStreamId,
  signupsStreamId,
  type AddSignupBody,
  type ChangeSignupBody,
  type ConfirmAttendanceBody,
  type EventStore,
  type ExistingProject,
  type NotifyListBody,
  type SignupEvent,
  type SignupStatus,
  type SignupValues,
} from '@planwerk/events';
import type { AccountsConfig, AuthKeys } from '@planwerk/platform';
import { EVENT_STORE } from '../app/tokens';
import { ACCOUNTS_CONFIG } from '../shared/auth/auth.tokens';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import { eraseVisitorSignups, type VisitorErasureReason } from '../shared/crypto/visitor-erasure';
import { appendOnce } from '../shared/idempotency/append-once';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { decideNotifyList, type NotifyList } from './decide/list-notice.decider';
import { waitlistPosition } from './decide/signup-state.decider';
import type { SignupCommand } from './decide/signup.decider';
import { hashSignupToken, SignupAccess, type SignupCaller } from './signup-access';
import { SignupCommandHandler } from './signup-command-handler';

export interface OwnSignup {
  signupId: string;
  listId: string;
  itemId: string;
  name: string | null;
  values: SignupValues;
  vote: string | null;
  status: SignupStatus;
  position: number | null;
}

/** Equal SHA-256 hex digests, compared in constant time. */
function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

export interface SignupAnswer {
  signupId: string;
  itemId: string;
  status: SignupStatus;
  position: number | null;
  token: string | null;
  checkpoint: string;
}

/**
 * The private token of a visitor's sign-up made under an Idempotency-Key, recomputed from its
 * (key-derived) sign-up id and the server's secret: a retry gets the same token, and the
 * stored answer of the key never holds it (ADR 0004). Without a key the token is random.
 */
export function signupTokenFor(keys: AuthKeys, signupId: string): string {
  return createHmac('sha256', keys.linkKey).update(`signup-token\n${signupId.toLowerCase()}`, 'utf8').digest('base64url');
}

/**
 * The sign-up commands of ADR 0006, one method per use case: the caller's access (SignupAccess),
 * the command for the decider, the answer from the handler's result.
 */
@Injectable()
export class SignupUseCases {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly signups: SignupCommandHandler,
    private readonly access: SignupAccess,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
  ) {}

  async add(projectId: string, listId: string, body: AddSignupBody, caller: SignupCaller, metadata: CommandMetadata, ids: IdSource, now: Date): Promise<SignupAnswer> {
    const { actor, project } = await this.access.actorFor(projectId, caller);
    const userId = body.userId ?? null;
    if (actor.kind === 'admin' && userId !== null && !(await this.access.accountExists(userId))) throw new DomainError('validation_failed', { field: 'userId' });
    const signupId = ids.next('signupId');
    // A visitor's private token: 256 bits, returned once; only its SHA-256 is stored. Under an
    // Idempotency-Key it is derived from the key's sign-up id, so a retry answers the same token;
    // with an e-mail address too, so the mail worker can put it into the private link.
    const email = body.email ?? null;
    const derived = ids.deterministic || email !== null;
    const token = actor.kind !== 'visitor' ? null : derived ? signupTokenFor(this.config.keys, signupId) : randomBytes(32).toString('base64url');
    const command: SignupCommand = {
      type: 'AddSignup', listId, signupId, itemId: body.itemId, actor, userId, name: body.name ?? null, values: body.values, vote: body.vote, email, language: mailLanguageOf(body.language),
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
    const { actor, project } = await this.access.actorFor(projectId, caller);
    const result = await this.signups.execute(project, {
      type: 'ChangeSignup', listId, signupId, actor, at: now.toISOString(),
      toItemId: body.itemId, name: body.name, values: body.values, vote: body.vote,
    }, metadata, ids);
    const entry = result.state.entries.get(signupId);
    if (!entry) throw new DomainError('not_found', { field: 'signupId' });
    return { signupId, itemId: entry.itemId, status: entry.status, promoted: promotedIn(result.events), checkpoint: result.checkpoint };
  }

  async cancel(projectId: string, listId: string, signupId: string, caller: SignupCaller, metadata: CommandMetadata, ids: IdSource, now: Date) {
    const { actor, project } = await this.access.actorFor(projectId, caller);
    // The visitor withdrew their own sign-up (with its token): their key is erased at once. An
    // admin's deletion keeps it, like list and item clears: the team can still see and restore
    // the sign-up as of before (backups, ADR 0008); a purge of the project erases it.
    const visitor = actor.kind !== 'admin' && (await this.signups.loadSignups(listId)).entries.get(signupId)?.userId === null;
    const result = await this.signups.execute(project, { type: 'CancelSignup', listId, signupId, actor, at: now.toISOString() }, metadata, ids);
    const cancelled = visitor && result.events.some((e) => e.type === 'SignUpCancelled' && e.data.signupId === signupId);
    const erased = cancelled ? await this.eraseVisitors(project, listId, [signupId], 'cancelled', metadata, ids, now) : null;
    return { signupId, promoted: promotedIn(result.events), checkpoint: erased ?? result.checkpoint };
  }

  /**
   * A visitor's own sign-up read with its private token (the page behind the confirmation
   * mail's link): the project must be visible to the caller like for a change, and the token
   * must be the sign-up's. Name and values come decrypted from the log (gone once erased).
   */
  async own(projectId: string, listId: string, signupId: string, caller: SignupCaller): Promise<OwnSignup> {
    const { project, actor } = await this.access.actorFor(projectId, caller);
    if (!findList(project, listId)) throw new DomainError('not_found', { field: 'listId' });
    const state = await this.signups.loadSignups(listId);
    const entry = state.entries.get(signupId);
    if (!entry) throw new DomainError('not_found', { field: 'signupId' });
    if (entry.tokenHash === null || actor.tokenHash === null || !sameHash(entry.tokenHash, actor.tokenHash)) throw new DomainError('signup_token_invalid');
    const own: OwnSignup = { signupId, listId, itemId: entry.itemId, name: null, values: {}, vote: null, status: entry.status, position: waitlistPosition(state, signupId) };
    let found = false;
    for (const event of (await this.store.readStream(signupsStreamId(listId))).events) {
      // Other sign-ups' events are not read (an erased visitor's values are null).
      if ((event.data as { signupId?: unknown } | null)?.signupId !== signupId) continue;
      if (event.type === SignupAdded.type) {
        const data = SignupAdded.schema.parse(event.data);
        Object.assign(own, { name: data.name, values: data.values ?? {}, vote: data.vote });
        found = true;
      } else if (event.type === SignupChanged.type) {
        const data = SignupChanged.schema.parse(event.data);
        if (data.name !== undefined) own.name = data.name;
        if (data.values !== undefined) own.values = data.values;
        if (data.vote !== undefined) own.vote = data.vote;
      }
    }
    if (!found) throw new DomainError('not_found', { field: 'signupId' });
    return own;
  }

  async confirmAttendance(teamId: string, projectId: string, listId: string, body: ConfirmAttendanceBody, metadata: CommandMetadata, ids: IdSource) {
    const project = await this.access.teamProject(teamId, projectId);
    const result = await this.signups.execute(project, { type: 'ConfirmAttendance', listId, signupIds: body.signupIds, attended: body.attended }, metadata, ids);
    return { listId, signupIds: [...new Set(body.signupIds)], attended: body.attended, checkpoint: result.checkpoint };
  }

  async clearItem(teamId: string, projectId: string, listId: string, itemId: string, metadata: CommandMetadata, ids: IdSource) {
    const project = await this.access.teamProject(teamId, projectId);
    const result = await this.signups.execute(project, { type: 'ClearItemSignups', listId, itemId }, metadata, ids);
    return { listId, itemId, cleared: clearedIn(result.events), checkpoint: result.checkpoint };
  }

  async cleanList(teamId: string, projectId: string, listId: string, metadata: CommandMetadata, ids: IdSource) {
    const project = await this.access.teamProject(teamId, projectId);
    const result = await this.signups.execute(project, { type: 'ClearListSignups', listId }, metadata, ids);
    return { listId, cleared: clearedIn(result.events), checkpoint: result.checkpoint };
  }

  async cleanProject(teamId: string, projectId: string, metadata: CommandMetadata, ids: IdSource) {
    const project = await this.access.teamProject(teamId, projectId);
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
    const project = await this.access.teamProject(teamId, projectId);
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
}

/** Spec section 5: de, en, fr or it (any case); anything else is German. */
function mailLanguageOf(value: string | undefined): 'de' | 'en' | 'fr' | 'it' {
  const lower = value?.toLowerCase();
  return lower === 'en' || lower === 'fr' || lower === 'it' ? lower : 'de';
}

function promotedIn(events: readonly SignupEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'SignUpPromoted' ? [e.data.signupId] : []));
}

function clearedIn(events: readonly SignupEvent[]): number {
  return events.reduce((n, e) => n + (e.type === 'ItemSignUpsCleared' || e.type === 'ListSignUpsCleared' ? e.data.signupIds.length : 0), 0);
}
