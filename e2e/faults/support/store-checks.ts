import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@planwerk/events';
import { ACTIVITY_LOG, activeTable } from '@planwerk/projector';
import type { Pool } from 'pg';

// What the checks compare: the store's own table (the truth) against the read models.

/** Every committed event id in log order. */
export async function storeEventIds(pool: Pool): Promise<string[]> {
  const rows = await pool.query<{ id: string }>('SELECT event_id::text AS id FROM events ORDER BY global_position');
  return rows.rows.map((row) => row.id);
}

/** FeedbackVoted events per feedback id (a stream per feedback, so more than 1 is a double apply). */
export async function votesPerFeedback(pool: Pool): Promise<Map<string, number>> {
  const rows = await pool.query<{ id: string; n: string }>(
    "SELECT data->>'feedbackId' AS id, count(*) AS n FROM events WHERE type = 'FeedbackVoted' GROUP BY 1");
  return new Map(rows.rows.map((row) => [row.id, Number(row.n)]));
}

export async function activityEventIds(pool: Pool): Promise<string[]> {
  const table = await activeTable(pool, 'activity-log', ACTIVITY_LOG);
  const rows = await pool.query<{ id: string }>(`SELECT event_id::text AS id FROM ${table}`);
  return rows.rows.map((row) => row.id);
}

/** The whole activity log, row by row, in a stable order: what a rebuild must reproduce. */
export async function activitySnapshot(pool: Pool): Promise<unknown[]> {
  const table = await activeTable(pool, 'activity-log', ACTIVITY_LOG);
  return (await pool.query(`SELECT * FROM ${table} ORDER BY event_id`)).rows;
}

/** A FeedbackVoted event as the command-service would append it, for writers outside HTTP. */
export function feedbackVotedEvent(): { streamId: string; event: NewEvent } {
  const feedbackId = randomUUID();
  const event: NewEvent = {
    eventId: randomUUID(),
    type: 'FeedbackVoted',
    data: { feedbackId, vote: 1, text: 'slow writer', meta: { app_version: '', href: '', host: '', referrer: '', lang: 'de', agent: '' } },
    metadata: {
      commandId: randomUUID(), correlationId: randomUUID(), causationId: null,
      actor: { kind: 'system', id: 'fault-test' }, teamId: null, schemaVersion: 1,
    },
  };
  return { streamId: `feedback-${feedbackId}`, event };
}

export function sorted(values: readonly string[]): string[] {
  return [...values].sort();
}
