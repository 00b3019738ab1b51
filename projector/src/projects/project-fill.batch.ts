import type { PoolClient } from 'pg';
import type { RecordedEvent } from '@planwerk/events';
import type { ProjectionContext } from '../runtime/projection';
import { emptyFill, evolveFill, PROJECT_FILL_TYPES, type FillItem, type FillSignup, type FillSweep } from './project-fill.evolve';
import { asProjectsFeedEvent, freshEvents, type ProjectsFeedEvent } from './projects-feed';

export const PROJECT_FILL_DAILY = 'project_fill_daily';
export const PROJECT_FILL_ITEMS = 'project_fill_items';
export const PROJECT_FILL_SIGNUPS = 'project_fill_signups';
export const PROJECT_FILL_STREAMS = 'project_fill_streams';

const SWEEP_COLUMNS: Record<FillSweep['by'], string> = { list: 'list_id', item: 'item_id', project: 'project_id' };

function idsOf(event: ProjectsFeedEvent): { items: string[]; signups: string[] } {
  switch (event.type) {
    case 'ItemAdded':
    case 'ItemEdited':
      return { items: [event.data.itemId], signups: [] };
    case 'SignUpAdded':
    case 'SignUpPromoted':
    case 'SignUpCancelled':
      return { items: [event.data.itemId], signups: [event.data.signupId] };
    case 'SignUpChanged':
      return { items: [event.data.itemId, ...(event.data.toItemId ? [event.data.toItemId] : [])], signups: [event.data.signupId] };
    case 'ItemSignUpsCleared':
      return { items: [event.data.itemId], signups: event.data.signupIds };
    case 'ListSignUpsCleared':
      return { items: [], signups: event.data.signupIds };
    default:
      return { items: [], signups: [] };
  }
}

/** Loads the items and sign-ups the events touch, folds in memory, writes once; `apply` is this with one event. */
export async function applyProjectFillBatch(client: PoolClient, events: readonly RecordedEvent[], ctx: ProjectionContext): Promise<void> {
  const t = ctx.tables;
  const typed = events.flatMap((envelope) => {
    const event = asProjectsFeedEvent(envelope);
    return event && PROJECT_FILL_TYPES.has(event.type) ? [{ envelope, event, streamId: envelope.streamId, streamVersion: envelope.streamVersion }] : [];
  });
  if (typed.length === 0) return;
  const guard = await client.query<{ stream_id: string; version: number }>(
    `SELECT stream_id, version FROM ${t(PROJECT_FILL_STREAMS)} WHERE stream_id = ANY($1::text[])`, [[...new Set(typed.map((e) => e.streamId))]]);
  const applied = new Map(guard.rows.map((r) => [r.stream_id, r.version]));
  const fresh = freshEvents(typed, applied);
  if (fresh.length === 0) return;

  const state = emptyFill();
  const wanted = fresh.map((e) => idsOf(e.event));
  const signupRows = await client.query<{ signup_id: string; project_id: string; list_id: string; item_id: string; status: FillSignup['status']; vote: string | null }>(
    `SELECT signup_id, project_id, list_id, item_id, status, vote FROM ${t(PROJECT_FILL_SIGNUPS)} WHERE signup_id = ANY($1::text[])`,
    [[...new Set(wanted.flatMap((w) => w.signups))]]);
  for (const r of signupRows.rows) {
    state.signups.set(r.signup_id, { signupId: r.signup_id, projectId: r.project_id, listId: r.list_id, itemId: r.item_id, status: r.status, vote: r.vote });
  }
  const itemIds = new Set([...wanted.flatMap((w) => w.items), ...signupRows.rows.map((r) => r.item_id)]);
  const itemRows = await client.query<{ item_id: string; project_id: string; list_id: string; capacity: number | null; placed: number; waitlisted: number }>(
    `SELECT item_id, project_id, list_id, capacity, placed, waitlisted FROM ${t(PROJECT_FILL_ITEMS)} WHERE item_id = ANY($1::text[])`, [[...itemIds]]);
  for (const r of itemRows.rows) {
    state.items.set(r.item_id, { itemId: r.item_id, projectId: r.project_id, listId: r.list_id, capacity: r.capacity, placed: r.placed, waitlisted: r.waitlisted });
  }
  const loadedItems = new Set(state.items.keys());
  const loadedSignups = new Set(state.signups.keys());

  for (const { event, envelope } of fresh) evolveFill(state, event, envelope.recordedAt);

  // Sweeps first: whatever is still in memory came after them in the log.
  for (const s of state.sweeps) {
    for (const table of [PROJECT_FILL_ITEMS, PROJECT_FILL_SIGNUPS, PROJECT_FILL_DAILY]) {
      await client.query(`DELETE FROM ${t(table)} WHERE ${SWEEP_COLUMNS[s.by]} = $1`, [s.id]);
    }
  }
  const items = [...state.items.values()].filter((i): i is FillItem => i !== null);
  const goneItems = [...state.items].filter(([id, i]) => i === null && loadedItems.has(id)).map(([id]) => id);
  const signups = [...state.signups.values()].filter((s): s is FillSignup => s !== null);
  const goneSignups = [...state.signups].filter(([id, s]) => s === null && loadedSignups.has(id)).map(([id]) => id);
  if (goneItems.length > 0) await client.query(`DELETE FROM ${t(PROJECT_FILL_ITEMS)} WHERE item_id = ANY($1::text[])`, [goneItems]);
  if (goneSignups.length > 0) await client.query(`DELETE FROM ${t(PROJECT_FILL_SIGNUPS)} WHERE signup_id = ANY($1::text[])`, [goneSignups]);
  if (items.length > 0) {
    await client.query(
      `INSERT INTO ${t(PROJECT_FILL_ITEMS)} (item_id, project_id, list_id, capacity, placed, waitlisted)
       SELECT r."itemId", r."projectId", r."listId", r.capacity, r.placed, r.waitlisted
         FROM jsonb_to_recordset($1::jsonb) AS r("itemId" text, "projectId" text, "listId" text, capacity int, placed int, waitlisted int)
       ON CONFLICT (item_id) DO UPDATE SET capacity = EXCLUDED.capacity, placed = EXCLUDED.placed, waitlisted = EXCLUDED.waitlisted`,
      [JSON.stringify(items)]);
  }
  if (signups.length > 0) {
    await client.query(
      `INSERT INTO ${t(PROJECT_FILL_SIGNUPS)} (signup_id, project_id, list_id, item_id, status, vote)
       SELECT r."signupId", r."projectId", r."listId", r."itemId", r.status, r.vote
         FROM jsonb_to_recordset($1::jsonb) AS r("signupId" text, "projectId" text, "listId" text, "itemId" text, status text, vote text)
       ON CONFLICT (signup_id) DO UPDATE SET item_id = EXCLUDED.item_id, status = EXCLUDED.status, vote = EXCLUDED.vote`,
      [JSON.stringify(signups)]);
  }
  if (state.days.size > 0) {
    await client.query(
      `INSERT INTO ${t(PROJECT_FILL_DAILY)} (project_id, list_id, item_id, day, placed, waitlisted, capacity)
       SELECT r."projectId", r."listId", r."itemId", r.day, r.placed, r.waitlisted, r.capacity
         FROM jsonb_to_recordset($1::jsonb) AS r("projectId" text, "listId" text, "itemId" text, day date, placed int, waitlisted int, capacity int)
       ON CONFLICT (item_id, day) DO UPDATE SET placed = EXCLUDED.placed, waitlisted = EXCLUDED.waitlisted, capacity = EXCLUDED.capacity`,
      [JSON.stringify([...state.days.values()])]);
  }
  await client.query(
    `INSERT INTO ${t(PROJECT_FILL_STREAMS)} (stream_id, version) SELECT * FROM unnest($1::text[], $2::int[])
     ON CONFLICT (stream_id) DO UPDATE SET version = EXCLUDED.version`,
    [[...applied.keys()], [...applied.values()]]);
}
