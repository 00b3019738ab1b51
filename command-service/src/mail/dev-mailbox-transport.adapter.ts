import type { Pool } from 'pg';
import type { MailAttachment, MailTransport } from './mail-transport.port';

// Embedded mode without SMTP_URL: mails land in a table the developer tools show (`/dev`).

export function createDevMailboxTransport(pool: Pool): MailTransport {
  return {
    kind: 'dev-mailbox',
    async send(mail) {
      // A second delivery of the same job is the duplicate the Message-ID would reveal: keep one.
      await pool.query(
        `INSERT INTO dev_mailbox (job_id, message_id, to_address, to_name, reply_to, language, subject, text_body, html_body, attachments)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (job_id) DO NOTHING`,
        [mail.jobId, mail.messageId, mail.to.address, mail.to.name ?? null, mail.replyTo ?? null, mail.language, mail.subject, mail.text, mail.html, JSON.stringify(mail.attachments ?? [])],
      );
    },
    async close() {},
  };
}

export interface DevMailboxEntry {
  id: number;
  jobId: string;
  messageId: string;
  to: { address: string; name: string | null };
  /** Reply-To, when the mail has one (a support request: the requester). */
  replyTo: string | null;
  language: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  receivedAt: Date;
}

interface DevMailboxRow {
  id: string;
  job_id: string;
  message_id: string;
  to_address: string;
  to_name: string | null;
  reply_to: string | null;
  language: string;
  subject: string;
  text_body: string;
  html_body: string;
  attachments: MailAttachment[] | null;
  received_at: Date;
}

/** Newest first. */
export async function listDevMailbox(pool: Pool, options: { limit?: number } = {}): Promise<DevMailboxEntry[]> {
  const limit = Math.min(Math.max(options.limit ?? 100, 1), 1000);
  const result = await pool.query<DevMailboxRow>('SELECT * FROM dev_mailbox ORDER BY id DESC LIMIT $1', [limit]);
  return result.rows.map((row) => ({
    id: Number(row.id),
    jobId: row.job_id,
    messageId: row.message_id,
    to: { address: row.to_address, name: row.to_name },
    replyTo: row.reply_to,
    language: row.language,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    attachments: row.attachments ?? [],
    receivedAt: row.received_at,
  }));
}
