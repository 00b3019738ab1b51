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
  attachments: { filename: string; contentType: string; content: string }[] | null;
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
      // to_jsonb(...)->'attachments': null before the command service added the column.
      `SELECT id, to_address, to_name, language, subject, text_body, html_body, received_at, to_jsonb(m) -> 'attachments' AS attachments
         FROM dev_mailbox m ORDER BY id DESC LIMIT $1`,
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
      attachments: row.attachments ?? [],
    }));
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return [];
    throw error;
  }
}
