import { migrateSchema } from '@planwerk/platform';
import type { Pool } from 'pg';
import type { Checkpoint } from '@planwerk/events';

// The relay's own position in the committed log (architecture.md: "a relay with its own
// checkpoint"). Advanced by compare-and-set, so a second relay under the same name is noticed
// instead of moving the checkpoint backwards.

export interface RelayCheckpoints {
  load(): Promise<Checkpoint | null>;
  /** Moves the checkpoint from `from` to `to`; throws RelayCheckpointMoved when it was not at `from`. */
  advance(from: Checkpoint | null, to: Checkpoint): Promise<void>;
}

export class RelayCheckpointMoved extends Error {
  override readonly name = 'RelayCheckpointMoved';
  constructor(readonly relayName: string) {
    super(
      `relay "${relayName}": its checkpoint was moved by someone else; run one relay per name ` +
        '(or give each relay its own name)',
    );
  }
}

export async function migrateRelay(pool: Pool): Promise<void> {
  await migrateSchema(pool, 'relay', [`CREATE TABLE IF NOT EXISTS relay_checkpoints (
    name text PRIMARY KEY,
    checkpoint text,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`]);
}

export function createPostgresRelayCheckpoints(pool: Pool, name: string): RelayCheckpoints {
  return {
    async load() {
      await pool.query('INSERT INTO relay_checkpoints (name, checkpoint) VALUES ($1, NULL) ON CONFLICT (name) DO NOTHING', [name]);
      const result = await pool.query<{ checkpoint: string | null }>('SELECT checkpoint FROM relay_checkpoints WHERE name = $1', [name]);
      return result.rows[0]?.checkpoint ?? null;
    },
    async advance(from, to) {
      const result = await pool.query(
        `UPDATE relay_checkpoints SET checkpoint = $2, updated_at = now()
          WHERE name = $1 AND checkpoint IS NOT DISTINCT FROM $3`,
        [name, to, from],
      );
      if (result.rowCount !== 1) throw new RelayCheckpointMoved(name);
    },
  };
}
