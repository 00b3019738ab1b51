import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from '@planwerk/platform';
import { Pool, type PoolClient } from 'pg';
import { describeWith } from '../../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../../scripts/testing/database';
import { randomIds } from '../idempotency/deterministic-ids';
import { decideAndAppend, type Decider } from './decide-and-append';

// A command that appends nothing still answers a checkpoint the next query accepts as
// `minCheckpoint` and that covers what the decision read. Serial: it holds a writing
// transaction open, which moves the global-log visibility bound of the whole cluster.

type Noted = { type: 'Noted'; data: { text: string } };
const notes: Decider<{ text: string }, Noted, string[]> = {
  initialState: () => [],
  evolve: (state, event) => [...state, event.data.text],
  // Noting a text twice changes nothing.
  decide: (command, state) => (state.includes(command.text) ? [] : [{ type: 'Noted', data: { text: command.text } }]),
};

describeWith('postgres', 'decide and append: the answer of a command that appended nothing', () => {
  let database: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('cs_noop_checkpoint');
    pool = new Pool({ connectionString: database.url, max: 4 });
    pool.on('error', () => undefined);
    await migrateEventStore(pool);
    store = createPostgresEventStore({ pool });
  });

  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await database?.drop();
  });

  const note = (streamId: string, text: string) => decideAndAppend({
    store, streamId, decider: notes, command: { text }, mode: 'loaded', ids: randomIds(), schemaVersions: { Noted: 1 },
    metadata: { commandId: 'c', correlationId: 'c', causationId: null, actor: { kind: 'system', id: 'test' }, teamId: null },
  });

  it('answers the start of the log for a command that read nothing and appended nothing on an empty log (the suite’s fresh database)', async () => {
    const result = await decideAndAppend({
      store, streamId: `empty-${Date.now()}`, decider: { ...notes, decide: () => [] }, command: { text: 'x' }, mode: 'loaded', ids: randomIds(), schemaVersions: { Noted: 1 },
      metadata: { commandId: 'c', correlationId: 'c', causationId: null, actor: { kind: 'system', id: 'test' }, teamId: null },
    });
    expect(result.checkpoint).toBe(store.startCheckpoint);
  });

  it('covers the event it read while another transaction holds the visibility bound (no empty checkpoint)', async () => {
    let holder: PoolClient | null = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_current_xact_id()');
      const streamId = `notes-${Date.now()}`;
      const first = await note(streamId, 'Kuchen');
      expect(first.events).toHaveLength(1);
      // Committed, but not yet visible to log readers: the holder's transaction is older.
      const again = await note(streamId, 'Kuchen');
      expect(again.events).toHaveLength(0);
      expect(again.checkpoint).not.toBe('');
      expect(store.compareCheckpoints(again.checkpoint, first.checkpoint)).toBeGreaterThanOrEqual(0);
      await holder.query('ROLLBACK');
      holder.release();
      holder = null;
    } finally {
      if (holder) {
        await holder.query('ROLLBACK').catch(() => undefined);
        holder.release();
      }
    }
  });
});
