import type { PoolClient } from 'pg';
import type { CommentEvent, RecordedEvent } from '@planwerk/events';
import type { ProjectionContext } from '../runtime/projection';
import { evolveComment, pathOf, type CommentIndexRow, type CommentRow } from './comments.evolve';

export const COMMENT_INDEX = 'comment_index';
export const COMMENTS = 'comments';

const COMMENT_TYPES: ReadonlySet<string> = new Set(['CommentAdded', 'CommentRemoved']);
/** Events that change many rows at once: an erased author, a permanently deleted project. */
const BULK_TYPES: ReadonlySet<string> = new Set(['AccountErased', 'ProjectPurged']);

export const COMMENTS_HANDLED_TYPES: ReadonlySet<string> = new Set([...COMMENT_TYPES, ...BULK_TYPES]);

/** The columns of `comments` under the names of `CommentRow` (the time as ISO text, to the millisecond). */
export const COMMENT_COLUMNS = `comment_id::text AS "commentId", path, project_id AS "projectId", text, author_id AS "authorId",
  author_removed AS "authorRemoved", to_char(added_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "addedAt", removed`;

/** The columns of `comment_index` under the names of `CommentIndexRow`. */
export const COMMENT_INDEX_COLUMNS = 'path, project_id AS "projectId", count, latest_text AS "latestText"';

const asComment = (event: RecordedEvent): CommentEvent => ({ type: event.type, data: event.data } as CommentEvent);

/**
 * The fast path, the same rows as `apply` event by event: runs of comment events are folded in
 * memory (one read of the touched comments and paths, one upsert per table); an erasure or a
 * purge between them is written in place, so the order of the log is kept.
 */
export async function applyCommentsBatch(client: PoolClient, events: readonly RecordedEvent[], ctx: ProjectionContext): Promise<void> {
  let run: CommentEvent[] = [];
  for (const event of events) {
    if (COMMENT_TYPES.has(event.type)) {
      run.push(asComment(event));
      continue;
    }
    await applyCommentRun(client, run, ctx);
    run = [];
    if (BULK_TYPES.has(event.type)) await applyBulk(client, event, ctx);
  }
  await applyCommentRun(client, run, ctx);
}

/** One comment event (the runtime's event-by-event path). */
export async function applyCommentEvent(client: PoolClient, event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  if (COMMENT_TYPES.has(event.type)) await applyCommentRun(client, [asComment(event)], ctx);
  else if (BULK_TYPES.has(event.type)) await applyBulk(client, event, ctx);
}

async function applyBulk(client: PoolClient, event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const comments = ctx.tables(COMMENTS);
  const index = ctx.tables(COMMENT_INDEX);
  const data = event.data as { userId?: string; projectId?: string };
  if (event.type === 'AccountErased' && data.userId !== undefined) {
    // Crypto-shredding (rule 8): the texts were encrypted with the author's key, so a rebuild
    // reads them as null; the read model forgets them now (and a path's latest text that was theirs).
    await client.query(
      `UPDATE ${index} i SET latest_text = NULL FROM ${comments} c
        WHERE c.author_id = $1 AND c.path = i.path AND NOT c.removed AND i.latest_text = c.text`, [data.userId]);
    await client.query(`UPDATE ${comments} SET author_id = NULL, author_removed = true, text = NULL WHERE author_id = $1`, [data.userId]);
  } else if (event.type === 'ProjectPurged' && data.projectId !== undefined) {
    // A permanently deleted project takes its comments along.
    await client.query(`DELETE FROM ${comments} WHERE project_id = $1`, [data.projectId]);
    await client.query(`DELETE FROM ${index} WHERE project_id = $1`, [data.projectId]);
  }
}

async function applyCommentRun(client: PoolClient, run: readonly CommentEvent[], ctx: ProjectionContext): Promise<void> {
  if (run.length === 0) return;
  const commentsTable = ctx.tables(COMMENTS);
  const indexTable = ctx.tables(COMMENT_INDEX);
  const ids = [...new Set(run.map((e) => e.data.commentId))];
  const loadedComments = await client.query<CommentRow>(`SELECT ${COMMENT_COLUMNS} FROM ${commentsTable} WHERE comment_id = ANY($1::uuid[])`, [ids]);
  const comments = new Map(loadedComments.rows.map((r) => [r.commentId, r]));
  const paths = [...new Set([...run.map((e) => e.data.path), ...[...comments.values()].map((c) => c.path)])];
  const loadedIndexes = await client.query<CommentIndexRow>(`SELECT ${COMMENT_INDEX_COLUMNS} FROM ${indexTable} WHERE path = ANY($1::text[])`, [paths]);
  const indexes = new Map(loadedIndexes.rows.map((r) => [r.path, r]));

  const touchedComments = new Set<string>();
  const touchedPaths = new Set<string>();
  for (const event of run) {
    const comment = comments.get(event.data.commentId) ?? null;
    const path = pathOf(comment, event);
    const known = { comment, index: indexes.get(path) ?? null };
    const step = evolveComment(known, event);
    if (step === known) continue;
    if (step.comment !== null) {
      comments.set(step.comment.commentId, step.comment);
      touchedComments.add(step.comment.commentId);
    }
    if (step.index !== null) {
      indexes.set(step.index.path, step.index);
      touchedPaths.add(step.index.path);
    }
  }
  const changedComments = [...touchedComments].flatMap((id) => comments.get(id) ?? []);
  const changedIndexes = [...touchedPaths].flatMap((path) => indexes.get(path) ?? []);
  if (changedComments.length > 0) {
    await client.query(
      `INSERT INTO ${commentsTable} (comment_id, path, project_id, text, author_id, author_removed, added_at, removed)
       SELECT r."commentId", r.path, r."projectId", r.text, r."authorId", r."authorRemoved", r."addedAt", r.removed
         FROM json_to_recordset($1::json) AS r("commentId" uuid, path text, "projectId" text, text text, "authorId" text,
           "authorRemoved" boolean, "addedAt" timestamptz, removed boolean)
       ON CONFLICT (comment_id) DO UPDATE SET text = EXCLUDED.text, author_id = EXCLUDED.author_id,
         author_removed = EXCLUDED.author_removed, removed = EXCLUDED.removed`,
      [JSON.stringify(changedComments)]);
  }
  if (changedIndexes.length > 0) {
    await client.query(
      `INSERT INTO ${indexTable} (path, project_id, count, latest_text)
       SELECT r.path, r."projectId", r.count, r."latestText"
         FROM json_to_recordset($1::json) AS r(path text, "projectId" text, count integer, "latestText" text)
       ON CONFLICT (path) DO UPDATE SET count = EXCLUDED.count, latest_text = EXCLUDED.latest_text`,
      [JSON.stringify(changedIndexes)]);
  }
}
