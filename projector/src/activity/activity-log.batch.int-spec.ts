import type { NewEvent, RecordedEvent } from '@planwerk/events';
import { describeWith } from '../../../scripts/testing/components';
import { getProjectionStatus } from '../runtime/projection-status';
import { applyEvents, commitBatch } from '../runtime/commit-batch';
import { tryAcquireLease } from '../runtime/projection-lease';
import { runProjection, type RunningProjection } from '../runtime/projection-runner';
import { activeTable, ensureProjection, projectionCheckpoint } from '../runtime/projector-schema';
import { ACTIVITY_OBJECT_FIELDS } from './activity-log.batch';
import { createProjectorTestKit, feedbackVoted, newEvent, type ProjectorTestKit, waitFor } from '../runtime/testing/projector-test-kit';
import { activityLogProjection } from './activity-log.projection';

interface Snapshot {
  log: Record<string, unknown>[];
  fields: Record<string, unknown>[];
}

describeWith('postgres', 'activity log batch apply on PostgreSQL', () => {
  let kit: ProjectorTestKit;
  let runner: RunningProjection | null = null;
  const errors: unknown[] = [];

  beforeEach(async () => {
    kit = await createProjectorTestKit('projector_activity_batch');
    errors.length = 0;
    last = null;
    appended = 0;
  });
  afterEach(async () => {
    await runner?.stop();
    runner = null;
    await kit.close();
  });

  function start(batchSize: number): void {
    runner = runProjection({
      pool: kit.pool, store: kit.store, catalogue: kit.catalogue, projection: activityLogProjection,
      instanceId: 'batch-test', idleMs: 20, retryMs: 50, batchSize, onError: (error) => errors.push(error),
    });
  }
  // The last appended checkpoint, not the store's head: on a shared server another session's
  // open transaction can hold the visibility bound (and so the head) back for a while.
  let last: string | null = null;
  let appended = 0;
  const append = async (stream: string, event: NewEvent): Promise<void> => {
    last = (await kit.store.append(stream, [event])).checkpoint;
    appended += 1;
  };
  const caughtUp = async (): Promise<void> => {
    await waitFor(() => projectionCheckpoint(kit.pool, 'activity-log'), (c) => c === last);
  };
  const snapshot = async (): Promise<Snapshot> => {
    const log = await activeTable(kit.pool, 'activity-log', 'activity_log');
    const fields = await activeTable(kit.pool, 'activity-log', 'activity_object_fields');
    return {
      log: (await kit.pool.query(`SELECT * FROM ${log} ORDER BY checkpoint`)).rows,
      fields: (await kit.pool.query(`SELECT * FROM ${fields} ORDER BY object_kind, object_id`)).rows,
    };
  };
  const reset = async (): Promise<void> => {
    await runner?.stop();
    runner = null;
    const version = await kit.pool.query<{ active_version: number }>("SELECT active_version FROM projection_versions WHERE name = 'activity-log'");
    const v = version.rows[0].active_version;
    await kit.pool.query("DELETE FROM projection_versions WHERE name = 'activity-log'");
    await kit.pool.query("DELETE FROM projection_checkpoints WHERE name = 'activity-log'");
    await kit.pool.query(`DROP TABLE activity_log_v${v}, activity_object_fields_v${v}`);
  };
  // Edits of a few objects interleaved, a removal and a re-creation, and unrelated votes.
  const appendMix = async (): Promise<void> => {
    for (let i = 0; i < 30; i += 1) {
      const thing = `t${i % 3}`;
      await append(`thing-${thing}`, newEvent('ThingRenamed', { thingId: thing, title: `title ${i % 4}`, colour: i % 2 }));
      if (i === 10) await append('thing-t1', newEvent('ThingRemoved', { thingId: 't1' }));
      if (i % 7 === 0) await append(`feedback-${i}`, feedbackVoted(1, `vote ${i}`));
    }
  };
  const allEvents = async (): Promise<RecordedEvent[]> =>
    (await waitFor(() => kit.store.readAll({ after: null, maxCount: 1_000 }), (slice) => slice.events.length === appended)).events;

  it('gives the same rows and remembered fields in one batch as one event per transaction', async () => {
    await appendMix();
    start(1);
    await caughtUp();
    const oneByOne = await snapshot();
    expect(oneByOne.log).toHaveLength(36);
    const t1 = oneByOne.log.filter((row) => row.object_id === 't1').map((row) => row.changes);
    // After the removal, t1 starts over: every field is new again.
    expect(t1[4]).toEqual([{ field: 'title', before: 'title 2', after: null }]);
    expect(t1[5]).toEqual([{ field: 'title', before: null, after: 'title 1' }, { field: 'colour', before: null, after: 1 }]);

    await reset();
    start(1_000);
    await caughtUp();
    expect(await snapshot()).toEqual(oneByOne);
    expect(errors).toEqual([]);
  });

  it('does not double-apply a batch that overlaps one already applied', async () => {
    await appendMix();
    start(1);
    await caughtUp();
    const reference = await snapshot();
    await reset();

    // Proves the batch path did the work: the event-by-event fallback would throw here.
    const projection = { ...activityLogProjection, apply: async () => { throw new Error('fell back to apply'); } };
    const events = await allEvents();
    const version = await ensureProjection(kit.pool, projection);
    const target = { projection, version, catalogue: kit.catalogue, skipped: new Set<string>() };
    const client = await kit.pool.connect();
    try {
      await client.query('BEGIN');
      await applyEvents(client, target, events.slice(0, 20));
      await applyEvents(client, target, events.slice(12, 28));
      await applyEvents(client, target, events.slice(0, 28));
      await applyEvents(client, target, events.slice(25));
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await snapshot()).toEqual(reference);
  });

  it('gives the same rows when a runner resumes a version it did not fill from empty in this process', async () => {
    await appendMix();
    start(1);
    await caughtUp();
    const oneByOne = await snapshot();
    await reset();

    // The first runner stops half way; the next one starts on a version that holds rows and
    // remembered fields, so it must read them (the edits below show their before values).
    const events = await allEvents();
    const half = events[17].checkpoint;
    runner = runProjection({
      pool: kit.pool, store: kit.store, catalogue: kit.catalogue, projection: activityLogProjection,
      instanceId: 'batch-test', idleMs: 20, retryMs: 50, batchSize: 18, onError: (error) => errors.push(error),
    });
    await waitFor(() => projectionCheckpoint(kit.pool, 'activity-log'), (c) => c !== null && c >= half);
    await runner.stop();
    runner = null;
    start(1_000);
    await caughtUp();
    expect(await snapshot()).toEqual(oneByOne);
    expect(errors).toEqual([]);
  });

  it('reads back an object it took for new when the key says it is there, and logs each event once', async () => {
    await appendMix();
    start(1);
    await caughtUp();
    const reference = await snapshot();
    await reset();

    // A fresh version, filled by one writer: its memo says t0 was never written. A row put there
    // behind its back makes COPY of the new object fail on the key after the log rows went in;
    // the batch goes back to its savepoint and is done again reading every object first.
    const events = await allEvents();
    const version = await ensureProjection(kit.pool, activityLogProjection);
    const fields = await activeTable(kit.pool, 'activity-log', ACTIVITY_OBJECT_FIELDS);
    await kit.pool.query(`INSERT INTO ${fields} (object_kind, object_id, fields) VALUES ('thing', 't0', '{"title": "seeded"}')`);
    const projection = { ...activityLogProjection, apply: async () => { throw new Error('fell back to apply'); } };
    const target = { projection, version, catalogue: kit.catalogue, skipped: new Set<string>(), memo: new Map<string, unknown>() };
    const client = await kit.pool.connect();
    try {
      await client.query('BEGIN');
      await applyEvents(client, target, events);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const after = await snapshot();
    expect(after.log.map((row) => row.event_id)).toEqual(reference.log.map((row) => row.event_id));
    const firstT0 = after.log.find((row) => row.object_id === 't0');
    expect(firstT0?.changes).toEqual(expect.arrayContaining([{ field: 'title', before: 'seeded', after: 'title 0' }]));
    expect(after.fields).toEqual(reference.fields);
  });

  it('commits rows and checkpoint together: a failure after the rows went in leaves neither', async () => {
    for (let i = 0; i < 20; i += 1) await append(`feedback-${i}`, feedbackVoted(1, `vote ${i}`));
    const events = await allEvents();
    const version = await ensureProjection(kit.pool, activityLogProjection);
    const target = { projection: activityLogProjection, version, catalogue: kit.catalogue, skipped: new Set<string>(), memo: new Map<string, unknown>() };
    const lease = await tryAcquireLease(kit.pool, 'activity-log', 'batch-test', 60_000);
    const guard = { kind: 'live' as const, owner: 'batch-test', ttlMs: 60_000 };
    let rowsBeforeFailure = -1;
    await expect(commitBatch(kit.pool, {
      ...target, events, expected: null, guard,
      beforeCheckpoint: async (client) => {
        rowsBeforeFailure = (await client.query(`SELECT count(*)::int AS n FROM ${await activeTable(client, 'activity-log', 'activity_log')}`)).rows[0].n;
        throw new Error('connection lost before the checkpoint');
      },
    })).rejects.toThrow(/before the checkpoint/);
    expect(rowsBeforeFailure).toBe(20);
    expect(await snapshot()).toEqual({ log: [], fields: [] });
    expect(await projectionCheckpoint(kit.pool, 'activity-log')).toBeNull();

    // The same batch again commits whole.
    expect(await commitBatch(kit.pool, { ...target, events, expected: null, guard })).toBe(events[19].checkpoint);
    const committed = await snapshot();
    expect([committed.log.length, committed.fields.length]).toEqual([20, 20]);
    await lease?.release();
  });

  it('traces a failing batch to its single event and keeps everything before it', async () => {
    for (let i = 0; i < 3; i += 1) await append(`feedback-${i}`, feedbackVoted(1, `vote ${i}`));
    const poison = newEvent('ThingExploded', { thingId: 'boom' });
    await append('thing-boom', poison);
    for (let i = 3; i < 5; i += 1) await append(`feedback-${i}`, feedbackVoted(2, `vote ${i}`));
    const third = (await allEvents())[2];
    start(1_000);
    const [failed] = await waitFor(() => getProjectionStatus(kit.pool), (s) => s[0]?.state === 'failed');
    expect(failed.errorEventId).toBe(poison.eventId);
    expect(failed.error).toMatch(/ThingExploded.*cannot describe thing boom/);
    expect((await snapshot()).log.map((row) => row.event_type)).toEqual(['FeedbackVoted', 'FeedbackVoted', 'FeedbackVoted']);
    expect(await projectionCheckpoint(kit.pool, 'activity-log')).toBe(third.checkpoint);
  });
});
