import type { Pool } from 'pg';
import { migrateSchema } from '../postgres/migrate-schema';
import type { Queryable } from '../store/postgres/append-events';
import type { UserLinkEvent } from '@planwerk/events';

// Inline read model of the `user-links-<userId>` streams, written in the append's transaction
// (ADR 0005a): the link list and the bundle's team resolution never lag behind a connect.
const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS user_links (
     user_id uuid NOT NULL,
     obj text NOT NULL,
     target_id text NOT NULL,
     cc_id uuid NOT NULL,
     connected_at timestamptz NOT NULL,
     PRIMARY KEY (user_id, obj, target_id))`,
];

export function migrateUserLinks(pool: Pool): Promise<void> {
  return migrateSchema(pool, 'user-links', SCHEMA);
}

export async function projectUserLinkEvents(db: Queryable, events: readonly UserLinkEvent[]): Promise<void> {
  for (const event of events) {
    switch (event.type) {
      case 'UserLinkConnected': {
        const d = event.data;
        // Connecting again re-chooses the link: `connected_at` is the "last chosen" time.
        await db.query(
          `INSERT INTO user_links (user_id, obj, target_id, cc_id, connected_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (user_id, obj, target_id) DO UPDATE SET cc_id = EXCLUDED.cc_id, connected_at = EXCLUDED.connected_at`,
          [d.userId, d.obj, d.targetId, d.ccId, d.connectedAt],
        );
        break;
      }
      case 'UserLinkDisconnected':
        await db.query('DELETE FROM user_links WHERE user_id = $1 AND obj = $2 AND target_id = $3', [event.data.userId, event.data.obj, event.data.targetId]);
        break;
      default:
        exhaustive(event);
    }
  }
}

/** The team the user chose last (the newest team connect), or null. */
export async function lastChosenTeam(db: Queryable, userId: string): Promise<string | null> {
  const rows = await db.query<{ cc_id: string }>(
    "SELECT cc_id FROM user_links WHERE user_id = $1 AND obj = 'link_cc' ORDER BY connected_at DESC LIMIT 1",
    [userId],
  );
  return rows.rows[0]?.cc_id ?? null;
}

function exhaustive(event: never): never {
  throw new Error(`Unhandled user link event ${JSON.stringify(event)}`);
}
