import { teamFlagOf } from '../access/team-member.sql';
import type { Queryable } from '../store/postgres/append-events';
import type { GrantableLevel, MembershipEvent } from '@planwerk/events';

/**
 * Applies membership events to `team_members`, `team_invitations` and `team_applications`
 * inside the append's transaction (ADR 0005): authorization reads them and must never lag.
 * Uses only event data, so a rebuild from the streams gives the same rows.
 */
export async function projectMembershipEvents(db: Queryable, events: readonly MembershipEvent[]): Promise<void> {
  for (const event of events) await projectOne(db, event);
}

async function activate(db: Queryable, teamId: string, userId: string, level: GrantableLevel, access: unknown, at: string): Promise<void> {
  await db.query(
    `INSERT INTO team_members (team_id, user_id, level, flag, access, status, joined_at)
     VALUES ($1, $2, $3, $4, $5, 'active', $6)
     ON CONFLICT (team_id, user_id) DO UPDATE SET level = $3, flag = $4, access = $5, status = 'active', joined_at = $6`,
    [teamId, userId, level, teamFlagOf(level), JSON.stringify(access), at],
  );
}

async function projectOne(db: Queryable, event: MembershipEvent): Promise<void> {
  switch (event.type) {
    case 'MemberInvited': {
      const d = event.data;
      await db.query(
        `INSERT INTO team_invitations (invite_id, team_id, channel, token_hash, level, status, invited_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, 'open', $6, $7) ON CONFLICT (invite_id) DO NOTHING`,
        [d.inviteId, d.teamId, d.channel, d.tokenHash, d.level, d.invitedAt, d.expiresAt],
      );
      return;
    }
    case 'InvitationRevoked':
      await db.query("UPDATE team_invitations SET status = 'revoked' WHERE invite_id = $1", [event.data.inviteId]);
      return;
    case 'InvitationAccepted': {
      const d = event.data;
      // A link stays open for the next person; a mail invitation is used up.
      await db.query("UPDATE team_invitations SET status = 'accepted' WHERE invite_id = $1 AND channel = 'mail'", [d.inviteId]);
      return activate(db, d.teamId, d.userId, d.level, d.access, d.acceptedAt);
    }
    case 'InvitationDeclined':
      await db.query("UPDATE team_invitations SET status = 'declined' WHERE invite_id = $1", [event.data.inviteId]);
      return;
    case 'MembershipApplied': {
      const d = event.data;
      await db.query(
        `INSERT INTO team_applications (application_id, team_id, user_id, status, applied_at)
         VALUES ($1, $2, $3, 'open', $4) ON CONFLICT (application_id) DO NOTHING`,
        [d.applicationId, d.teamId, d.userId, d.appliedAt],
      );
      return;
    }
    case 'MembershipApplicationAccepted': {
      const d = event.data;
      await db.query("UPDATE team_applications SET status = 'accepted' WHERE application_id = $1", [d.applicationId]);
      return activate(db, d.teamId, d.userId, 'member', {}, d.acceptedAt);
    }
    case 'MembershipApplicationRejected':
      await db.query("UPDATE team_applications SET status = 'rejected' WHERE application_id = $1", [event.data.applicationId]);
      return;
    case 'MemberLeft':
      await db.query("UPDATE team_members SET status = 'left', flag = 0 WHERE team_id = $1 AND user_id = $2", [event.data.teamId, event.data.userId]);
      return;
    case 'MemberDisconnected':
      await db.query("UPDATE team_members SET status = 'removed', flag = 0 WHERE team_id = $1 AND user_id = $2", [event.data.teamId, event.data.userId]);
      return;
    case 'MemberLevelChanged':
      await db.query('UPDATE team_members SET level = $3, flag = $4 WHERE team_id = $1 AND user_id = $2',
        [event.data.teamId, event.data.userId, event.data.level, teamFlagOf(event.data.level)]);
      return;
    case 'MemberAccessChanged':
      await db.query('UPDATE team_members SET access = $3 WHERE team_id = $1 AND user_id = $2',
        [event.data.teamId, event.data.userId, JSON.stringify(event.data.access)]);
      return;
    default:
      return assertNever(event);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected membership event ${JSON.stringify(value)}`);
}
