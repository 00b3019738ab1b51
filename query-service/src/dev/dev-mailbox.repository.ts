import type { DevMail } from '@planwerk/events';
import type { Pool } from 'pg';

interface DevMailboxRow {
  id: string;
  to_address: string;
  to_name: string | null;
  language: string;
  subject: string;
  text_body: string;
  html_body: string;
  received_at: Date;
}

// PostgreSQL's undefined_table: the command service has not created the mailbox yet.
const UNDEFINED_TABLE = '42P01';

/**
 * The newest mails of the local mailbox (the command service's dev_mailbox table, written by its
 * dev-mailbox transport), newest first. The query side reads it directly: it is no read model.
 */
export async function listDevMailbox(pool: Pool, limit: number): Promise<DevMail[]> {
  try {
    const result = await pool.query<DevMailboxRow>(
      `SELECT id, to_address, to_name, language, subject, text_body, html_body, received_at
         FROM dev_mailbox ORDER BY id DESC LIMIT $1`,
      [limit],
    );
    return result.rows.map((row) => ({
      id: Number(row.id),
      to: row.to_address,
      toName: row.to_name,
      subject: row.subject,
      language: row.language,
      received: row.received_at.toISOString(),
      text: row.text_body,
      html: row.html_body,
    }));
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return [];
    throw error;
  }
}
