import type { Projection, TableNames } from '../runtime/projection';
import { applyCommentEvent, applyCommentsBatch, COMMENT_COLUMNS, COMMENT_INDEX, COMMENT_INDEX_COLUMNS, COMMENTS, COMMENTS_HANDLED_TYPES } from './comments.batch';

export { COMMENT_COLUMNS, COMMENT_INDEX, COMMENT_INDEX_COLUMNS, COMMENTS };
export const COMMENTS_PROJECTION = 'comments';

function createTables(t: TableNames): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${t(COMMENT_INDEX)} (
       path text PRIMARY KEY,
       project_id text NOT NULL,
       count integer NOT NULL CHECK (count >= 0),
       latest_text text NULL)`,
    `CREATE TABLE IF NOT EXISTS ${t(COMMENTS)} (
       comment_id uuid PRIMARY KEY,
       path text NOT NULL,
       project_id text NOT NULL,
       text text NULL,
       author_id text NULL,
       author_removed boolean NOT NULL,
       added_at timestamptz NOT NULL,
       removed boolean NOT NULL)`,
  ];
}

function createIndexes(t: TableNames): string[] {
  const comments = t(COMMENTS);
  return [
    // The details of a path, newest first; erasure and purge find their rows.
    `CREATE INDEX IF NOT EXISTS ${comments}_path_idx ON ${comments} (path, added_at DESC, comment_id DESC) WHERE NOT removed`,
    `CREATE INDEX IF NOT EXISTS ${comments}_author_idx ON ${comments} (author_id) WHERE author_id IS NOT NULL`,
    `CREATE INDEX IF NOT EXISTS ${comments}_project_idx ON ${comments} (project_id)`,
    `CREATE INDEX IF NOT EXISTS ${t(COMMENT_INDEX)}_project_idx ON ${t(COMMENT_INDEX)} (project_id)`,
  ];
}

/** Comments and the comment index per path (spec sections 3, 5 and 7; ADR 0006). */
export const commentsProjection: Projection = {
  name: COMMENTS_PROJECTION,
  baseTables: [COMMENT_INDEX, COMMENTS],
  createTables,
  createIndexes,
  handles: (type) => COMMENTS_HANDLED_TYPES.has(type),
  keys: (event) => {
    const data = event.data as { path?: unknown; projectId?: unknown };
    const keys: string[] = [];
    if (typeof data.path === 'string') keys.push(`comment:${data.path}`);
    if (typeof data.projectId === 'string') keys.push(`project:${data.projectId}`);
    return keys;
  },
  apply: applyCommentEvent,
  applyBatch: applyCommentsBatch,
};
