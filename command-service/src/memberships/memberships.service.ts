import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type InviteMemberBody, type MemberLevel } from '@planwerk/events';
import { type AccountsConfig, CLOCK, type Clock, emailKeyFor, hashToken, type TeamAccessGrant } from '@planwerk/platform';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import { ACCOUNTS_CONFIG } from '../shared/auth/auth.tokens';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import type { MembershipCommand } from './decide/membership.decider';
import { MembershipRepository } from './membership.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
// Mail invitations are personal and short-lived; a shared link lives longer until revoked.
const INVITE_LIFETIME_DAYS = { mail: 14, link: 30 } as const;

export const invitePaths = {
  mail: (inviteId: string) => `/invite/${inviteId}`,
  link: (token: string) => `/account/invite/${token}`,
} as const;

type Grant = Pick<TeamAccessGrant, 'teamId' | 'ownerId' | 'member'>;

/** The membership use cases (ADR 0005, T2); each runs one command on `team-members-<teamId>`. */
@Injectable()
export class MembershipsService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly repository: MembershipRepository,
  ) {}

  async invite(grant: Grant, userId: string, body: InviteMemberBody & { access: Record<string, string[]> }, language: 'de' | 'en', metadata: CommandMetadata, ids: IdSource) {
    const now = this.clock.now();
    const inviteId = ids.next('inviteId');
    const token = body.channel === 'link' ? randomBytes(32).toString('base64url') : null;
    const command: MembershipCommand = {
      type: 'InviteMember', teamId: grant.teamId, actor: { userId, level: grant.member.level }, inviteId, channel: body.channel,
      emailKey: body.channel === 'mail' ? emailKeyFor(this.config.keys, body.email) : null,
      email: body.channel === 'mail' ? body.email : null,
      tokenHash: token === null ? null : hashToken(token),
      level: body.level, access: body.access, language,
      now: now.toISOString(), expiresAt: new Date(now.getTime() + INVITE_LIFETIME_DAYS[body.channel] * DAY_MS).toISOString(),
    };
    const { checkpoint } = await this.repository.execute(command, metadata, ids);
    return { inviteId, path: token === null ? invitePaths.mail(inviteId) : invitePaths.link(token), checkpoint };
  }

  async revoke(grant: Grant, inviteId: string, metadata: CommandMetadata, ids: IdSource) {
    const { checkpoint } = await this.repository.execute({ type: 'RevokeInvitation', teamId: grant.teamId, inviteId }, metadata, ids);
    return { inviteId, checkpoint };
  }

  async acceptByMail(userId: string, inviteId: string, metadata: CommandMetadata, ids: IdSource) {
    const team = await this.invitationTeam('invite_id = $1', inviteId);
    const emailKey = await this.emailKeyOf(userId);
    const result = await this.repository.execute({
      type: 'AcceptInvitation', teamId: team.teamId, ownerId: team.ownerId, inviteId, userId, emailKey, now: this.clock.now().toISOString(),
    }, metadata, ids);
    return this.joined(team, result);
  }

  async acceptByLink(userId: string, token: string, metadata: CommandMetadata, ids: IdSource) {
    const team = await this.invitationTeam("token_hash = $1 AND channel = 'link'", hashToken(token));
    const result = await this.repository.execute({
      type: 'AcceptInvitation', teamId: team.teamId, ownerId: team.ownerId, inviteId: team.inviteId, userId, emailKey: null, now: this.clock.now().toISOString(),
    }, metadata, ids);
    return this.joined(team, result);
  }

  async decline(userId: string, inviteId: string, metadata: CommandMetadata, ids: IdSource) {
    const team = await this.invitationTeam('invite_id = $1', inviteId);
    const { checkpoint } = await this.repository.execute({
      type: 'DeclineInvitation', teamId: team.teamId, inviteId, userId, emailKey: await this.emailKeyOf(userId), now: this.clock.now().toISOString(),
    }, metadata, ids);
    return { inviteId, checkpoint };
  }

  async apply(team: { teamId: string; ownerId: string }, userId: string, metadata: CommandMetadata, ids: IdSource) {
    const applicationId = ids.next('applicationId');
    const { checkpoint } = await this.repository.execute({
      type: 'ApplyForMembership', teamId: team.teamId, ownerId: team.ownerId, applicationId, userId, now: this.clock.now().toISOString(),
    }, metadata, ids);
    return { applicationId, checkpoint };
  }

  async decideApplication(grant: Grant, applicationId: string, accept: boolean, metadata: CommandMetadata, ids: IdSource) {
    const { checkpoint } = await this.repository.execute({
      type: 'DecideApplication', teamId: grant.teamId, applicationId, accept, now: this.clock.now().toISOString(),
    }, metadata, ids);
    return { applicationId, accepted: accept, checkpoint };
  }

  async leave(grant: Grant, userId: string, metadata: CommandMetadata, ids: IdSource) {
    const { checkpoint } = await this.repository.execute({ type: 'LeaveTeam', teamId: grant.teamId, ownerId: grant.ownerId, userId }, metadata, ids);
    return { teamId: grant.teamId, checkpoint };
  }

  async manage(grant: Grant, actorId: string, change: ManageChange, metadata: CommandMetadata, ids: IdSource) {
    const base = { teamId: grant.teamId, ownerId: grant.ownerId, actor: { userId: actorId, level: grant.member.level as MemberLevel }, userId: change.userId };
    const command: MembershipCommand = change.kind === 'disconnect'
      ? { type: 'DisconnectMember', ...base }
      : change.kind === 'level'
        ? { type: 'ChangeMemberLevel', ...base, level: change.level }
        : { type: 'ChangeMemberAccess', ...base, access: change.access };
    const { checkpoint } = await this.repository.execute(command, metadata, ids);
    return { teamId: grant.teamId, userId: change.userId, checkpoint };
  }

  private joined(team: { teamId: string; link: string }, result: { events: { type: string; data: unknown }[]; checkpoint: string }) {
    const accepted = result.events.find((event) => event.type === 'InvitationAccepted');
    const level = (accepted?.data as { level: 'admin' | 'space' | 'item' | 'member' } | undefined)?.level ?? 'member';
    return { teamId: team.teamId, link: team.link, level, checkpoint: result.checkpoint };
  }

  // Unknown or wrong ids answer 404 like used or expired ones (the decider decides those).
  private async invitationTeam(where: string, value: string): Promise<{ teamId: string; ownerId: string; link: string; inviteId: string }> {
    const rows = await this.pool.query<{ team_id: string; owner_id: string; link: string; invite_id: string }>(
      `SELECT i.team_id::text AS team_id, t.owner_id::text AS owner_id, t.link, i.invite_id::text AS invite_id
         FROM team_invitations i JOIN teams t ON t.team_id = i.team_id WHERE i.${where}`,
      [value],
    );
    const row = rows.rows[0];
    if (!row) throw new DomainError('not_found');
    return { teamId: row.team_id, ownerId: row.owner_id, link: row.link, inviteId: row.invite_id };
  }

  private async emailKeyOf(userId: string): Promise<string | null> {
    const rows = await this.pool.query<{ email_key: string }>('SELECT email_key FROM account_logins WHERE user_id = $1', [userId]);
    return rows.rows[0]?.email_key ?? null;
  }
}

export type ManageChange =
  | { kind: 'disconnect'; userId: string }
  | { kind: 'level'; userId: string; level: 'admin' | 'space' | 'item' | 'member' }
  | { kind: 'access'; userId: string; access: Record<string, string[]> };
