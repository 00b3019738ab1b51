import { describeWith } from '../../../scripts/testing/components';
import { rebuildProjection, type RebuildProgress } from '../index';
import { runProjection, type RunningProjection } from '../runtime/projection-runner';
import { activeTable } from '../runtime/projector-schema';
import { createProjectorTestKit, feedbackVoted, newEvent, type ProjectorTestKit, waitForCaughtUp } from '../runtime/testing/projector-test-kit';
import { activityLogProjection } from './activity-log.projection';

describeWith('postgres', 'activity log projection on PostgreSQL', () => {
  let kit: ProjectorTestKit;
  let runner: RunningProjection | null = null;

  beforeEach(async () => {
    kit = await createProjectorTestKit('projector_activity');
  });
  afterEach(async () => {
    await runner?.stop();
    runner = null;
    await kit.close();
  });

  function start(): void {
    runner = runProjection({
      pool: kit.pool, store: kit.store, catalogue: kit.catalogue, projection: activityLogProjection,
      instanceId: 'activity-test', idleMs: 20, retryMs: 50, batchSize: 50,
    });
  }
  const caughtUp = (): Promise<void> => waitForCaughtUp(kit, 'activity-log');
  const rows = async (): Promise<Record<string, unknown>[]> => {
    const table = await activeTable(kit.pool, 'activity-log', 'activity_log');
    const result = await kit.pool.query(
      `SELECT event_id, team_id, project_id, list_id, object_kind, object_id, action, event_type, actor_kind, actor_id,
              actor_name, recorded_at, checkpoint, stream_id, stream_version, changes
         FROM ${table} ORDER BY recorded_at DESC, event_id DESC`);
    return result.rows;
  };

  it('shows a feedback vote with its fields, who sent it and when', async () => {
    const vote = feedbackVoted(2, 'Knopf fehlt');
    const appended = await kit.store.append('feedback-x', [vote]);
    start();
    await caughtUp();
    const [row] = await rows();
    expect(row).toMatchObject({
      event_id: vote.eventId, team_id: 'team-1', project_id: null, list_id: null,
      object_kind: 'feedback', object_id: (vote.data as { feedbackId: string }).feedbackId,
      action: 'feedback.voted', event_type: 'FeedbackVoted', actor_kind: 'user', actor_id: 'user-1',
      checkpoint: appended.checkpoint, stream_id: 'feedback-x', stream_version: 1,
      changes: [
        { field: 'vote', before: null, after: 2 },
        { field: 'text', before: null, after: 'Knopf fehlt' },
        { field: 'href', before: null, after: 'https://planwerk.test/p/1' },
      ],
    });
    expect(row.recorded_at).toBeInstanceOf(Date);
  });

  it('records before and after values across edits of one object', async () => {
    await kit.store.append('thing-1', [newEvent('ThingRenamed', { thingId: 't1', title: 'Alt', colour: 1 })]);
    await kit.store.append('thing-1', [newEvent('ThingRenamed', { thingId: 't1', title: 'Neu', colour: 1 })]);
    start();
    await caughtUp();
    const [latest, first] = await rows();
    expect(first.changes).toEqual([{ field: 'title', before: null, after: 'Alt' }, { field: 'colour', before: null, after: 1 }]);
    expect(latest.changes).toEqual([{ field: 'title', before: 'Alt', after: 'Neu' }]);
    expect(latest.project_id).toBe('project-1');
  });

  it('serves newest-first keyset pages per team from its index', async () => {
    for (let i = 0; i < 5; i += 1) await kit.store.append(`feedback-${i}`, [feedbackVoted(1, `v${i}`)]);
    start();
    await caughtUp();
    const table = await activeTable(kit.pool, 'activity-log', 'activity_log');
    const all = await rows();
    const page = await kit.pool.query<{ event_id: string }>(
      `SELECT event_id FROM ${table} WHERE team_id = $1 AND (recorded_at, event_id) < ($2, $3)
        ORDER BY recorded_at DESC, event_id DESC LIMIT 2`, ['team-1', all[1].recorded_at, all[1].event_id]);
    expect(page.rows.map((r) => r.event_id)).toEqual([all[2].event_id, all[3].event_id]);
  });

  it('rebuilds blue-green beside the live version while appends go on, then swaps to identical rows', async () => {
    for (let i = 0; i < 40; i += 1) {
      await kit.store.append(`thing-${i % 4}`, [newEvent('ThingRenamed', { thingId: `t${i % 4}`, title: `title ${i}`, colour: i % 3 })]);
    }
    start();
    await caughtUp();
    const progress: RebuildProgress[] = [];
    const appending = (async () => {
      for (let i = 0; i < 20; i += 1) await kit.store.append(`feedback-${i}`, [feedbackVoted(1, `während ${i}`)]);
    })();
    const result = await rebuildProjection({
      pool: kit.pool, store: kit.store, catalogue: kit.catalogue, projection: activityLogProjection, batchSize: 7,
      onProgress: (p) => progress.push(p),
    });
    await appending;
    expect(result).toMatchObject({ projection: 'activity-log', fromVersion: 1, toVersion: 2 });
    expect(progress.length).toBeGreaterThan(3);
    expect(progress[0].estimatedTotal).toBe(40);
    expect(await activeTable(kit.pool, 'activity-log', 'activity_log')).toBe('activity_log_v2');
    const old = await kit.pool.query("SELECT to_regclass('activity_log_v1')::text AS t");
    expect(old.rows[0].t).toBeNull();
    // The rebuild builds the secondary indexes after its bulk load; they are all there at the swap.
    const indexes = await kit.pool.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'activity_log_v2' ORDER BY indexname");
    expect(indexes.rows.map((r) => r.indexname)).toEqual([
      'activity_log_v2_actor_idx', 'activity_log_v2_kind_idx', 'activity_log_v2_list_idx', 'activity_log_v2_named_actor_idx',
      'activity_log_v2_object_idx', 'activity_log_v2_pkey', 'activity_log_v2_project_idx', 'activity_log_v2_project_position_idx',
      'activity_log_v2_team_idx', 'activity_log_v2_type_idx',
    ]);

    await caughtUp();
    const rebuilt = await rows();
    expect(rebuilt).toHaveLength(60);
    // A fresh live projection from scratch must equal what rebuild + live tail produced.
    await runner?.stop();
    await kit.pool.query("DELETE FROM projection_versions WHERE name = 'activity-log'");
    await kit.pool.query("DELETE FROM projection_checkpoints WHERE name = 'activity-log'");
    await kit.pool.query('DROP TABLE activity_log_v2, activity_object_fields_v2');
    start();
    await caughtUp();
    expect(await activeTable(kit.pool, 'activity-log', 'activity_log')).toBe('activity_log_v1');
    expect(await rows()).toEqual(rebuilt);
  });
});
