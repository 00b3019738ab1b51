import type { Projection, TableNames } from '../runtime/projection';

export const TEAM_AGREEMENTS = 'team_agreements';

function createTables(t: TableNames): string[] {
  return [
    // One row per version a team accepted; `accepted_by` is the member's id (names come from the
    // account streams when read, so an erased person's name goes with their key).
    `CREATE TABLE IF NOT EXISTS ${t(TEAM_AGREEMENTS)} (
       team_id text NOT NULL,
       version text NOT NULL,
       accepted_by text NULL,
       accepted_at timestamptz NOT NULL,
       PRIMARY KEY (team_id, version))`,
  ];
}

/**
 * The teams' data-processing agreements (spec section 2, /settings/admin/{ccLink}): which
 * version each team accepted, when and by whom. The stream accepts a version once, so a
 * replayed event finds its row and changes nothing.
 */
export const teamAgreementProjection: Projection = {
  name: 'team-agreements',
  baseTables: [TEAM_AGREEMENTS],
  createTables,
  handles: (type) => type === 'TeamAgreementAccepted',
  keys: (event) => (event.metadata.teamId ? [`team:${event.metadata.teamId}`] : []),
  async apply(client, event, ctx) {
    const data = event.data as { teamId: string; version: string; acceptedAt: string };
    const actor = event.metadata.actor;
    await client.query(
      `INSERT INTO ${ctx.tables(TEAM_AGREEMENTS)} (team_id, version, accepted_by, accepted_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (team_id, version) DO NOTHING`,
      [data.teamId, data.version, actor.kind === 'user' ? actor.id : null, data.acceptedAt]);
  },
};
