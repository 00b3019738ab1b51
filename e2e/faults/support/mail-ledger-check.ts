import type { Pool } from 'pg';
import type { RecordingSmtpServer } from './recording-smtp-server';

// What "each mail once" means, checked from three sides: the store (one MailDelivered per job),
// the worker's ledger (one row per job) and the SMTP server (the job's Message-ID arrived).
// A job is the id of the event that asked for the mail.

export const PUBLIC_URL = 'http://planwerk-faults.test';

export function messageIdOf(jobId: string): string {
  return `<mail.${jobId}@planwerk-faults.test>`;
}

export interface MailOutcome {
  jobs: string[];
  delivered: Map<string, number>;
  ledger: Map<string, number>;
  copies: Map<string, number>;
}

export interface MailLoss {
  /** Jobs without a MailDelivered, or whose message never reached the server. */
  missing: string[];
  /** Jobs recorded twice in the store or the ledger. */
  twice: string[];
}

async function countBy(pool: Pool, sql: string): Promise<Map<string, number>> {
  const rows = await pool.query<{ id: string; n: string }>(sql);
  return new Map(rows.rows.map((row) => [row.id, Number(row.n)]));
}

export async function readMailOutcome(pool: Pool, smtp: RecordingSmtpServer): Promise<MailOutcome> {
  const jobs = await pool.query<{ id: string }>("SELECT event_id::text AS id FROM events WHERE type = 'AccountRegistered' ORDER BY global_position");
  return {
    jobs: jobs.rows.map((row) => row.id),
    delivered: await countBy(pool, "SELECT data->>'jobId' AS id, count(*) AS n FROM events WHERE type = 'MailDelivered' GROUP BY 1"),
    ledger: await countBy(pool, 'SELECT job_id AS id, count(*) AS n FROM mail_ledger GROUP BY 1'),
    copies: new Map(smtp.copies),
  };
}

export function mailLoss(outcome: MailOutcome): MailLoss {
  const missing = outcome.jobs.filter((job) => !outcome.delivered.has(job) || !outcome.copies.has(messageIdOf(job)));
  const twice = outcome.jobs.filter((job) => (outcome.delivered.get(job) ?? 0) > 1 || (outcome.ledger.get(job) ?? 0) > 1);
  return { missing, twice };
}
