import type { PoolClient } from 'pg';
import type { RecordedEvent } from '@planwerk/events';
import type { Projection, ProjectionContext, TableNames } from '../runtime/projection';

// The response overview of a project's mail invitations (issue 14): one row per invitation —
// who sent it and when, when its link was first opened, when a sign-up followed. No address:
// it is personal data under the invitation's own key, read through the store when the overview
// is asked for (ADR 0007), so an erased invitation leaves no copy here. Every step is
// idempotent (insert once, first opening and first sign-up win), so a re-delivered event
// changes nothing.

export const PROJECT_INVITATIONS_PROJECTION = 'project-invitations';
export const PROJECT_INVITATIONS = 'project_invitations';

/** One invitation as the read model holds it (times as ISO text, to the millisecond). */
export interface ProjectInvitationRow {
  invitationId: string;
  projectId: string;
  teamId: string | null;
  /** null once the inviter erased their account. */
  invitedBy: string | null;
  sentAt: string;
  openedAt: string | null;
  signedUpAt: string | null;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const PROJECT_INVITATION_COLUMNS = `invitation_id::text AS "invitationId", project_id AS "projectId", team_id AS "teamId",
  invited_by AS "invitedBy", ${iso('sent_at')} AS "sentAt", ${iso('opened_at')} AS "openedAt", ${iso('signed_up_at')} AS "signedUpAt"`;

const HANDLED: ReadonlySet<string> = new Set(['ProjectInvitationSent', 'ProjectInvitationOpened', 'ProjectInvitationSignedUp', 'ProjectPurged', 'AccountErased']);

function createTables(t: TableNames): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${t(PROJECT_INVITATIONS)} (
       invitation_id uuid PRIMARY KEY,
       project_id text NOT NULL,
       team_id text NULL,
       invited_by text NULL,
       sent_at timestamptz NOT NULL,
       opened_at timestamptz NULL,
       signed_up_at timestamptz NULL)`,
  ];
}

function createIndexes(t: TableNames): string[] {
  const table = t(PROJECT_INVITATIONS);
  return [
    `CREATE INDEX IF NOT EXISTS ${table}_project_idx ON ${table} (project_id, sent_at DESC)`,
    `CREATE INDEX IF NOT EXISTS ${table}_inviter_idx ON ${table} (invited_by) WHERE invited_by IS NOT NULL`,
  ];
}

async function apply(client: PoolClient, event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const table = ctx.tables(PROJECT_INVITATIONS);
  const data = event.data as { invitationId?: string; projectId?: string; invitedBy?: string; userId?: string; at?: string };
  switch (event.type) {
    case 'ProjectInvitationSent':
      await client.query(
        `INSERT INTO ${table} (invitation_id, project_id, team_id, invited_by, sent_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (invitation_id) DO NOTHING`,
        [data.invitationId, data.projectId, event.metadata.teamId, data.invitedBy, data.at]);
      return;
    case 'ProjectInvitationOpened':
      await client.query(`UPDATE ${table} SET opened_at = $2 WHERE invitation_id = $1 AND opened_at IS NULL`, [data.invitationId, data.at]);
      return;
    case 'ProjectInvitationSignedUp':
      await client.query(`UPDATE ${table} SET signed_up_at = $2 WHERE invitation_id = $1 AND signed_up_at IS NULL`, [data.invitationId, data.at]);
      return;
    case 'ProjectPurged':
      // A permanently deleted project takes its invitations along.
      if (data.projectId !== undefined) await client.query(`DELETE FROM ${table} WHERE project_id = $1`, [data.projectId]);
      return;
    case 'AccountErased':
      if (data.userId !== undefined) await client.query(`UPDATE ${table} SET invited_by = NULL WHERE invited_by = $1`, [data.userId]);
      return;
    default:
      return;
  }
}

export const projectInvitationsProjection: Projection = {
  name: PROJECT_INVITATIONS_PROJECTION,
  baseTables: [PROJECT_INVITATIONS],
  createTables,
  createIndexes,
  handles: (type) => HANDLED.has(type),
  keys: (event) => {
    const projectId = (event.data as { projectId?: unknown }).projectId;
    return typeof projectId === 'string' ? [`invitations:${projectId}`] : [];
  },
  apply,
};
