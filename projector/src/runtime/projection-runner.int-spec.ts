import { Pool } from 'pg';
import { describeWith } from '../../../scripts/testing/components';
import { commitBatch } from './commit-batch';
import { CheckpointConflict } from './projection';
import { tryAcquireLease } from './projection-lease';
import { runProjection, type RunningProjection, type RunnerOptions } from './projection-runner';
import { formatProjectionMetrics, getProjectionStatus } from './projection-status';
import { ensureProjection, projectionCheckpoint } from './projector-schema';
import { createProjectorTestKit, feedbackVoted, newEvent, type ProjectorTestKit, waitFor, waitForCaughtUp } from './testing/projector-test-kit';
import { seenEventsProjection } from './testing/seen-events.projection';
import { waitForVisible } from '../../../platform/src/store/testing';
// Through the package index: operator commands are another folder of this service.
import { listSkips, retryProjection, skipEvent } from '../index';

describeWith('postgres', 'projection runner on PostgreSQL', () => {
  let kit: ProjectorTestKit;
  const running: RunningProjection[] = [];
  const errors: unknown[] = [];

  beforeEach(async () => {
    kit = await createProjectorTestKit('projector_runner');
    errors.length = 0;
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.stop()));
    await kit.close();
  });

  function start(overrides: Partial<RunnerOptions> = {}): RunningProjection {
    const runner = runProjection({
      pool: kit.pool, store: kit.store, catalogue: kit.catalogue, projection: seenEventsProjection(),
      instanceId: 'instance-a', idleMs: 20, retryMs: 50, leaseTtlMs: 2_000, batchSize: 7,
      onError: (error) => errors.push(error), ...overrides,
    });
    running.push(runner);
    return runner;
  }

  const counts = async (): Promise<{ rows: number; applied: number }> => {
    const exists = await kit.pool.query<{ t: string | null }>("SELECT to_regclass('seen_counts_v1')::text AS t");
    if (exists.rows[0].t === null) return { rows: 0, applied: 0 };
    const rows = await kit.pool.query<{ n: string }>('SELECT count(*) AS n FROM seen_events_v1');
    const applied = await kit.pool.query<{ n: string | null }>('SELECT sum(n) AS n FROM seen_counts_v1');
    return { rows: Number(rows.rows[0].n), applied: Number(applied.rows[0].n ?? 0) };
  };
  const appendFeedback = async (n: number, stream = 'feedback-1'): Promise<void> => {
    let last = '';
    for (let i = 0; i < n; i += 1) last = (await kit.store.append(stream, [feedbackVoted(1, `vote ${i}`)])).checkpoint;
    await waitForVisible(kit.store, last);
  };

  it('projects events appended through the store, checkpoints at head and publishes each batch', async () => {
    const published: { projection: string; checkpoint: string; keys?: string[] }[] = [];
    await appendFeedback(20);
    start({ notifier: { publish: async (change) => { published.push(change); } } });
    await waitFor(counts, (c) => c.rows === 20);
    const head = await kit.store.head();
    await waitFor(() => projectionCheckpoint(kit.pool, 'seen-events'), (c) => c === head);
    expect(await counts()).toEqual({ rows: 20, applied: 20 });
    await waitFor(async () => published.length, (n) => n >= 3);
    expect(published[published.length - 1]).toEqual({ projection: 'seen-events', checkpoint: head, keys: ['feedback-1'] });

    const [status] = await getProjectionStatus(kit.pool, { store: kit.store });
    expect(status).toMatchObject({ name: 'seen-events', version: 1, state: 'running', owner: 'instance-a', lagEvents: 0, eventsApplied: 20, error: null });
    expect(formatProjectionMetrics([status])).toContain('planwerk_projection_lag_events{projection="seen-events"} 0');
    expect(errors).toEqual([]);
  });

  it('keeps read model and checkpoint together when the transaction dies before the checkpoint', async () => {
    await appendFeedback(15);
    let attempts = 0;
    start({
      beforeCheckpoint: async (client) => {
        attempts += 1;
        // First attempt: the connection is killed mid-transaction; second: the commit path throws.
        if (attempts === 1) await client.query('SELECT pg_terminate_backend(pg_backend_pid())');
        if (attempts === 2) throw new Error('crash before checkpoint');
      },
    });
    await waitForCaughtUp(kit, 'seen-events');
    expect(attempts).toBeGreaterThan(2);
    expect(await counts()).toEqual({ rows: 15, applied: 15 });
    expect(errors.map(String).join('\n')).toMatch(/crash before checkpoint/);
  });

  it('rolls the batch back when the checkpoint compare-and-set fails', async () => {
    await appendFeedback(3);
    const projection = seenEventsProjection();
    await ensureProjection(kit.pool, projection);
    const { events } = await kit.store.readAll({ after: null, maxCount: 10 });
    await expect(commitBatch(kit.pool, {
      projection, version: 1, catalogue: kit.catalogue, skipped: new Set(), events,
      expected: events[0].checkpoint, guard: { kind: 'rebuild' },
    })).rejects.toThrow(); // not the version being rebuilt
    await kit.pool.query("UPDATE projection_versions SET rebuilding_version = 1 WHERE name = 'seen-events'");
    await expect(commitBatch(kit.pool, {
      projection, version: 1, catalogue: kit.catalogue, skipped: new Set(), events,
      expected: events[0].checkpoint, guard: { kind: 'rebuild' },
    })).rejects.toBeInstanceOf(CheckpointConflict);
    expect(await counts()).toEqual({ rows: 0, applied: 0 });
    expect(await projectionCheckpoint(kit.pool, 'seen-events')).toBeNull();
  });

  it('stops at an unknown event type with the error in status, and resumes after an audited skip', async () => {
    await appendFeedback(4);
    const poison = newEvent('NoSuchEvent', { x: 1 });
    await kit.store.append('odd-1', [poison]);
    await appendFeedback(3, 'feedback-2');
    start();
    const [failed] = await waitFor(() => getProjectionStatus(kit.pool, { store: kit.store }), (s) => s[0]?.state === 'failed');
    expect(failed.error).toMatch(/NoSuchEvent/);
    expect(failed.errorEventId).toBe(poison.eventId);
    expect(failed.lagEvents).toBe(4);
    // Everything before the poison event is applied; nothing after it.
    expect(await counts()).toEqual({ rows: 4, applied: 4 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await counts()).toEqual({ rows: 4, applied: 4 });

    expect(await skipEvent(kit.pool, { projection: 'seen-events', eventId: poison.eventId, reason: 'test poison', by: 'ops' })).toEqual({ resumed: true });
    await waitFor(counts, (c) => c.rows === 7);
    const [resumed] = await waitFor(() => getProjectionStatus(kit.pool, { store: kit.store }), (s) => s[0]?.lagEvents === 0);
    expect(resumed).toMatchObject({ state: 'running', error: null });
    expect(await listSkips(kit.pool, 'seen-events')).toEqual([
      expect.objectContaining({ eventId: poison.eventId, eventType: 'NoSuchEvent', reason: 'test poison', skippedBy: 'ops' }),
    ]);
  });

  it('stops at a throwing handler and resumes on retry once the handler is fixed', async () => {
    let broken = true;
    await appendFeedback(2);
    await kit.store.append('thing-1', [newEvent('ThingRenamed', { thingId: 't1', title: 'A' })]);
    start({ projection: seenEventsProjection({ failOn: (type) => broken && type === 'ThingRenamed' }) });
    const [failed] = await waitFor(() => getProjectionStatus(kit.pool), (s) => s[0]?.state === 'failed');
    expect(failed.error).toMatch(/handler cannot take ThingRenamed/);
    broken = false;
    expect(await retryProjection(kit.pool, 'seen-events')).toBe(true);
    await waitFor(counts, (c) => c.rows === 3);
    expect(await counts()).toEqual({ rows: 3, applied: 3 });
  });

  it('lets only one of two instances apply, and the other take over when the first stops', async () => {
    await appendFeedback(10);
    const a = start({ instanceId: 'instance-a' });
    await waitFor(counts, (c) => c.rows === 10);
    start({ instanceId: 'instance-b' });
    await appendFeedback(10, 'feedback-2');
    await waitFor(counts, (c) => c.rows === 20);
    const [status] = await getProjectionStatus(kit.pool);
    expect(status.owner).toBe('instance-a');

    await a.stop();
    await appendFeedback(5, 'feedback-3');
    await waitFor(counts, (c) => c.rows === 25);
    const [after] = await waitFor(() => getProjectionStatus(kit.pool), (s) => s[0]?.owner === 'instance-b');
    expect(after.eventsApplied).toBe(25);
    expect(await counts()).toEqual({ rows: 25, applied: 25 });
  });

  it('takes over at once from an owner that crashed without releasing its lease (its advisory lock died with it)', async () => {
    await appendFeedback(6);
    await ensureProjection(kit.pool, seenEventsProjection());
    // What a crashed process leaves behind: its advisory lock died with its connection, its
    // lease row would stay valid for ten minutes.
    const crashedPool = new Pool({ connectionString: kit.db.url, max: 1, application_name: 'crashed-owner' });
    crashedPool.on('error', () => undefined);
    const crashed = await tryAcquireLease(crashedPool, 'seen-events', 'instance-crashed', 600_000);
    if (!crashed) throw new Error('the crashed owner could not take the lease');
    await kit.pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'crashed-owner' AND datname = current_database()");
    await waitFor(async () => crashed.alive(), (alive) => !alive);

    // Caught up long before the dead owner's lease would run out: no waiting it out.
    start({ instanceId: 'instance-b', leaseTtlMs: 3_000 });
    await waitFor(counts, (c) => c.rows === 6, 15_000);
    const [after] = await waitFor(() => getProjectionStatus(kit.pool), (s) => s[0]?.owner === 'instance-b');
    expect(after).toMatchObject({ state: 'running', eventsApplied: 6 });
    expect(await counts()).toEqual({ rows: 6, applied: 6 });
    // The dead owner cannot renew what it lost.
    await expect(crashed.renew()).rejects.toThrow();
    await crashed.release();
    await crashedPool.end();
  });

  it('never lets a live owner that lost its lock connection commit after the takeover', async () => {
    await appendFeedback(3);
    await ensureProjection(kit.pool, seenEventsProjection());
    const oldPool = new Pool({ connectionString: kit.db.url, max: 1, application_name: 'old-lock' });
    oldPool.on('error', () => undefined);
    const old = await tryAcquireLease(oldPool, 'seen-events', 'instance-old', 600_000);
    if (!old) throw new Error('the old owner could not take the lease');
    await kit.pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'old-lock' AND datname = current_database()");
    start({ instanceId: 'instance-new' });
    await waitFor(counts, (c) => c.rows === 3);
    // The old instance, still running, tries a batch under its old lease: refused.
    const checkpoint = await projectionCheckpoint(kit.pool, 'seen-events');
    const late = await kit.store.readAll({ after: null, maxCount: 1 });
    await expect(commitBatch(kit.pool, {
      projection: seenEventsProjection(), version: 1, catalogue: kit.catalogue, skipped: new Set(), events: late.events,
      expected: checkpoint, guard: { kind: 'live', owner: 'instance-old', ttlMs: 600_000 },
    })).rejects.toThrow(/no longer holds the lease/);
    expect(await counts()).toEqual({ rows: 3, applied: 3 });
    await old.release();
    await oldPool.end();
  });

  it('retries a batch whose connection was terminated inside a handler and never marks the projection failed', async () => {
    await appendFeedback(10);
    const base = seenEventsProjection();
    let terminations = 0;
    // The handler's own connection is terminated while it works on an innocent event (what a
    // database restart, a failover or pg_terminate_backend does), twice.
    const projection = {
      ...base,
      async apply(...[client, event, ctx]: Parameters<typeof base.apply>) {
        if (event.streamVersion === 4 && terminations < 2) {
          terminations += 1;
          await client.query('SELECT pg_terminate_backend(pg_backend_pid())');
        }
        return base.apply(client, event, ctx);
      },
    };
    start({ projection });
    await waitFor(counts, (c) => c.rows === 10);
    expect(terminations).toBe(2);
    const [status] = await getProjectionStatus(kit.pool);
    expect(status).toMatchObject({ state: 'running', error: null, eventsApplied: 10 });
    expect(await counts()).toEqual({ rows: 10, applied: 10 });
    expect(errors.some((error) => error instanceof Error && error.name === 'TransientBatchFailure')).toBe(true);
  });
});
