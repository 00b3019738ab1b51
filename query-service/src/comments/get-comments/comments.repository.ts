import type { CommentDetails, CommentIndexAnswer, CommentItem } from '@planwerk/events';
import {
  COMMENT_COLUMNS, COMMENT_INDEX, COMMENT_INDEX_COLUMNS, COMMENTS, COMMENTS_PROJECTION, type CommentIndexRow, type CommentRow,
} from '@planwerk/projector';
import type { Pool } from 'pg';
import { liveTable } from '../../shared/projections/live-table';

// Reads of the projector's `comments` read model (projector/src/comments), in its row shapes,
// mapped to the contract's answers. Access control sits in the handler; the repository only reads.
/** The details list the newest comments of a path; older ones are not shown. */
export const MAX_COMMENT_ITEMS = 500;

const EMPTY: CommentIndexAnswer = { count: 0, latest: null };

interface Tables {
  index: string;
  comments: string;
}

// The live tables (blue-green rebuilds swap them); null before the projector ran.
async function liveTables(pool: Pool): Promise<Tables | null> {
  const index = await liveTable(pool, COMMENTS_PROJECTION, COMMENT_INDEX);
  const comments = index === null ? null : await liveTable(pool, COMMENTS_PROJECTION, COMMENTS);
  return index === null || comments === null ? null : { index, comments };
}

/** The index of a path; an unknown path answers count 0 and latest null (spec section 7). */
export async function findCommentIndex(pool: Pool, path: string): Promise<CommentIndexAnswer> {
  const tables = await liveTables(pool);
  if (tables === null) return EMPTY;
  return readIndex(pool, tables, path);
}

export async function findCommentDetails(pool: Pool, path: string): Promise<CommentDetails> {
  const tables = await liveTables(pool);
  if (tables === null) return { ...EMPTY, items: [] };
  const index = await readIndex(pool, tables, path);
  const rows = await pool.query<CommentRow>(
    `SELECT ${COMMENT_COLUMNS} FROM ${tables.comments} WHERE path = $1 AND NOT removed
      ORDER BY added_at DESC, comment_id DESC LIMIT $2`,
    [path, MAX_COMMENT_ITEMS]);
  const items: CommentItem[] = rows.rows.map((r) => ({
    // Empty once the author's key is erased (crypto-shredding): the comment stays counted.
    id: r.commentId, path: r.path, text: r.text ?? '', authorId: r.authorId,
    // Names are personal data, encrypted per person in the events; no read model holds them in plaintext yet.
    authorName: null,
    authorRemoved: r.authorRemoved, at: r.addedAt,
  }));
  return { ...index, items };
}

async function readIndex(pool: Pool, tables: Tables, path: string): Promise<CommentIndexAnswer> {
  const result = await pool.query<CommentIndexRow>(`SELECT ${COMMENT_INDEX_COLUMNS} FROM ${tables.index} WHERE path = $1`, [path]);
  const row = result.rows[0];
  if (!row) return EMPTY;
  return { count: row.count, latest: row.latestText === null ? null : { text: row.latestText } };
}
