import type { LogMessage } from '@planwerk/events';
import type { Queryable } from '@planwerk/platform';

// Client log messages from the log socket (spec sections 3 and 4; ADR 0009): a bounded table,
// newest kept. Rows older than the retention or beyond the row cap are removed as new ones
// arrive. The ids in `meta` (user, session, device) are kept only that long.

export const CLIENT_LOG_MAX_ROWS = 100_000;
export const CLIENT_LOG_RETENTION_MS = 7 * 24 * 60 * 60_000;
/** Trimming runs every this many inserted messages. */
const TRIM_EVERY = 500;

const DDL = [
  `CREATE TABLE IF NOT EXISTS client_log (
     id bigserial PRIMARY KEY,
     received_at timestamptz NOT NULL,
     logged_at timestamptz NOT NULL,
     type text NOT NULL,
     app_platform text NULL,
     app_version text NULL,
     user_id text NULL,
     session_id text NULL,
     device_id text NULL,
     socket_user_id text NULL,
     extras jsonb NULL)`,
  'CREATE INDEX IF NOT EXISTS client_log_received_idx ON client_log (received_at)',
];

export async function migrateClientLog(db: Queryable): Promise<void> {
  for (const statement of DDL) await db.query(statement);
}

export class ClientLogStore {
  private sinceTrim = 0;

  constructor(private readonly db: Queryable, private readonly limits = { maxRows: CLIENT_LOG_MAX_ROWS, retentionMs: CLIENT_LOG_RETENTION_MS }) {}

  /** Stores valid messages; `socketUserId` is who the socket was logged in as, if anyone. */
  async store(messages: readonly LogMessage[], socketUserId: string | null, now: Date): Promise<void> {
    if (messages.length === 0) return;
    const values: unknown[] = [];
    const rows = messages.map((message, index) => {
      const base = index * 10;
      values.push(now, message.date, message.type, message.meta.app_platform ?? null, message.meta.app_version ?? null,
        message.meta.user_id ?? null, message.meta.session_id ?? null, message.meta.device_id ?? null, socketUserId,
        message.meta.extras === undefined ? null : JSON.stringify(message.meta.extras));
      return `(${Array.from({ length: 10 }, (_, i) => `$${base + i + 1}`).join(', ')})`;
    });
    await this.db.query(
      `INSERT INTO client_log (received_at, logged_at, type, app_platform, app_version, user_id, session_id, device_id, socket_user_id, extras)
       VALUES ${rows.join(', ')}`, values);
    this.sinceTrim += messages.length;
    if (this.sinceTrim >= TRIM_EVERY) {
      this.sinceTrim = 0;
      await this.trim(now);
    }
  }

  async trim(now: Date): Promise<void> {
    await this.db.query('DELETE FROM client_log WHERE received_at < $1', [new Date(now.getTime() - this.limits.retentionMs)]);
    await this.db.query(
      'DELETE FROM client_log WHERE id <= (SELECT id FROM client_log ORDER BY id DESC OFFSET $1 LIMIT 1)', [this.limits.maxRows]);
  }
}
