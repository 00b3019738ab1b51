import { Pool } from 'pg';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { copyRows, startCopy } from './copy-rows';

describeWith('postgres', 'COPY into projection tables', () => {
  let db: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    db = await createTestDatabase('projector_copy');
    pool = new Pool({ connectionString: db.url, max: 2 });
    await pool.query(`CREATE TABLE copied (id text PRIMARY KEY, note text NULL, n integer NULL, at timestamptz NULL, doc jsonb NULL, ok boolean NULL)`);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });
  beforeEach(async () => {
    await pool.query('TRUNCATE copied');
  });

  const columns = ['id', 'note', 'n', 'at', 'doc', 'ok'];

  it('keeps every character the text format treats specially, nulls, dates and JSON as given', async () => {
    const tricky = 'tab\there, new\nline, return\r, back\\slash, \\N, quote " \' and ümlaut 🙂';
    const doc = { text: tricky, nested: { list: [1, null, 'x\ty'] }, empty: '' };
    const at = new Date('2025-03-01T10:00:00.123Z');
    const client = await pool.connect();
    try {
      expect(await copyRows(client, 'copied', columns, [
        ['a', tricky, 42, at, doc, true],
        ['b', null, null, null, null, null],
        ['c', '', 0, at, [], false],
        ['\\N', '\\N', -1, at, { '\\': '\t' }, false],
      ])).toBe(4);
    } finally {
      client.release();
    }
    const rows = (await pool.query('SELECT * FROM copied ORDER BY id')).rows;
    expect(rows).toEqual([
      { id: '\\N', note: '\\N', n: -1, at, doc: { '\\': '\t' }, ok: false },
      { id: 'a', note: tricky, n: 42, at, doc, ok: true },
      { id: 'b', note: null, n: null, at: null, doc: null, ok: null },
      { id: 'c', note: '', n: 0, at, doc: [], ok: false },
    ]);
  });

  it('sends rows in chunks while they are written and counts them', async () => {
    const client = await pool.connect();
    try {
      const copy = startCopy(client, 'copied', columns);
      for (let i = 0; i < 5_000; i += 1) copy.write([`row-${i}`, 'x'.repeat(40), i, null, { i }, null]);
      expect(await copy.end()).toBe(5_000);
    } finally {
      client.release();
    }
    expect((await pool.query('SELECT count(*)::int AS n, sum(n)::int AS s FROM copied')).rows[0]).toEqual({ n: 5_000, s: 12_497_500 });
  });

  it('fails on a duplicate key and leaves the transaction usable from its savepoint', async () => {
    await pool.query("INSERT INTO copied (id) VALUES ('taken')");
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("INSERT INTO copied (id) VALUES ('kept')");
      await client.query('SAVEPOINT before_copy');
      await expect(copyRows(client, 'copied', columns, [['new', null, null, null, null, null], ['taken', null, null, null, null, null]]))
        .rejects.toMatchObject({ code: '23505' });
      await client.query('ROLLBACK TO SAVEPOINT before_copy');
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect((await pool.query('SELECT id FROM copied ORDER BY id')).rows.map((r) => r.id)).toEqual(['kept', 'taken']);
  });

  it('is cancelled when the caller fails while writing, and the connection runs the next statement', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SAVEPOINT before_copy');
      const copy = startCopy(client, 'copied', columns);
      copy.write(['written-before-the-failure', null, null, null, null, null]);
      await copy.abort(new Error('evolve threw'));
      await client.query('ROLLBACK TO SAVEPOINT before_copy');
      await client.query("INSERT INTO copied (id) VALUES ('after')");
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect((await pool.query('SELECT id FROM copied')).rows).toEqual([{ id: 'after' }]);
  });
});
