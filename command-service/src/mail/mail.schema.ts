import { migrateSchema } from '@planwerk/platform';
import type { Pool } from 'pg';


// mail_ledger: one row per sent mail, checked before sending, so a job that runs again after
// its mail left (worker killed, recording failed) does not send it twice.
// dev_mailbox: where embedded mode without SMTP_URL delivers (developer tools list it).
const STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS mail_reactor_checkpoint (
    name text PRIMARY KEY,
    checkpoint text,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS mail_ledger (
    job_id text PRIMARY KEY,
    message_id text NOT NULL,
    template text NOT NULL,
    language text NOT NULL,
    transport text NOT NULL,
    sent_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS dev_mailbox (
    id bigserial PRIMARY KEY,
    job_id text NOT NULL UNIQUE,
    message_id text NOT NULL,
    to_address text NOT NULL,
    to_name text,
    language text NOT NULL,
    subject text NOT NULL,
    text_body text NOT NULL,
    html_body text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
  )`,
  // Attachments of a mail (a calendar entry): [{ filename, contentType, content }].
  `ALTER TABLE dev_mailbox ADD COLUMN IF NOT EXISTS attachments jsonb NOT NULL DEFAULT '[]'::jsonb`,
  // Reply-To of a mail (a support request answers to its requester).
  `ALTER TABLE dev_mailbox ADD COLUMN IF NOT EXISTS reply_to text`,
];

export async function migrateMailDelivery(pool: Pool): Promise<void> {
  await migrateSchema(pool, 'mail', STATEMENTS);
}
