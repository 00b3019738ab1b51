import { finished } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** A value of one column: strings, numbers and booleans as they are, dates as ISO 8601, anything else as JSON. */
export type CopyValue = string | number | boolean | Date | null | undefined | object;

const NEEDS_ESCAPE = /[\\\n\r\t]/;
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One field in COPY's text format: `\N` for null, the four special characters escaped. */
export function copyField(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  const text = typeof value === 'string' ? value
    : typeof value === 'number' || typeof value === 'boolean' ? String(value)
      : value instanceof Date ? value.toISOString()
        : JSON.stringify(value);
  return NEEDS_ESCAPE.test(text) ? text.replace(/[\\\n\r\t]/g, (c) => ESCAPES[c]) : text;
}

/** Rows going into one table by COPY while the caller is still producing them. */
export interface CopyIn {
  write(row: readonly CopyValue[]): void;
  /** Sends the last rows and waits for the server: the number of rows it took. */
  end(): Promise<number>;
  /** Cancels the COPY (the statement fails, the connection is usable again) and waits for that. */
  abort(reason: unknown): Promise<void>;
}

// Rows leave in messages of about this size: the server takes one apart while the next is built.
const CHUNK_CHARS = 64 * 1024;

/**
 * COPY FROM STDIN (text format) into `table`: PostgreSQL's cheapest input path, with no JSON or
 * array literal to take apart on the server and no bind parameters to build on the client.
 * Rows are sent in chunks as they are written, so the server inserts while the caller computes
 * the next ones. No ON CONFLICT: a duplicate key fails the statement, so callers run it where a
 * failure rolls back to a savepoint. The caller must `end` or `abort` it: until then the
 * connection runs nothing else.
 */
export function startCopy(client: PoolClient, table: string, columns: readonly string[]): CopyIn {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  let failure: unknown = null;
  // Kept here and rethrown by `end`: a write after the server refused the COPY must not throw.
  stream.on('error', (error) => { failure ??= error; });
  const done = finished(stream).catch((error: unknown) => { failure ??= error; });
  let pending = '';
  let rows = 0;
  return {
    write(row) {
      if (row.length !== columns.length) throw new Error(`COPY into ${table}: a row has ${row.length} fields for ${columns.length} columns`);
      let line = copyField(row[0]);
      for (let i = 1; i < row.length; i += 1) line += `\t${copyField(row[i])}`;
      pending += `${line}\n`;
      rows += 1;
      if (pending.length >= CHUNK_CHARS && failure === null) {
        stream.write(Buffer.from(pending, 'utf8'));
        pending = '';
      }
    },
    async end() {
      if (failure === null) stream.end(pending.length > 0 ? Buffer.from(pending, 'utf8') : undefined);
      pending = '';
      await done;
      if (failure !== null) throw failure;
      if (stream.rowCount !== rows) throw new Error(`COPY into ${table} took ${stream.rowCount} of ${rows} rows`);
      return rows;
    },
    async abort(reason) {
      pending = '';
      if (failure === null) stream.destroy(reason instanceof Error ? reason : new Error(String(reason)));
      await done;
    },
  };
}

/** `startCopy` for rows that are all at hand. */
export async function copyRows(
  client: PoolClient, table: string, columns: readonly string[], rows: readonly (readonly CopyValue[])[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const copy = startCopy(client, table, columns);
  try {
    for (const row of rows) copy.write(row);
  } catch (error) {
    await copy.abort(error);
    throw error;
  }
  return copy.end();
}
