import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@planwerk/events';
import { describeWith } from '../../../scripts/testing/components';
import { runProjection, type RunningProjection } from '../runtime/projection-runner';
import { activeTable } from '../runtime/projector-schema';
import { createProjectorTestKit, newEvent, type ProjectorTestKit, waitForCaughtUp } from '../runtime/testing/projector-test-kit';
import { activityLogProjection } from './activity-log.projection';
import { purgeExpiredActivity } from './activity-retention.purge';
import { activitySettingsProjection } from './activity-settings.projection';

const TEAM = randomUUID();
const OTHER_TEAM = randomUUID();
const VISITOR = randomUUID();
const USER = randomUUID();

function asActor(event: NewEvent, actor: NewEvent['metadata']['actor']): NewEvent {
  return { ...event, metadata: { ...event.metadata, actor } };
}

describeWith('postgres', 'activity log erasure, retention and read positions on PostgreSQL', () => {
  let kit: ProjectorTestKit;
  let runners: RunningProjection[] = [];

  beforeEach(async () => {
    kit = await createProjectorTestKit('projector_activity_settings');
  });
  afterEach(async () => {
    for (const runner of runners) await runner.stop();
    runners = [];
    await kit.close();
  });

  function start(batchSize: number): void {
    runners = [activityLogProjection, activitySettingsProjection].map((projection) => runProjection({
      pool: kit.pool, store: kit.store, catalogue: kit.catalogue, projection, instanceId: 'settings-test', idleMs: 20, retryMs: 50, batchSize,
    }));
  }
  const caughtUp = async (): Promise<void> => {
    await waitForCaughtUp(kit, 'activity-log');
    await waitForCaughtUp(kit, 'activity-settings');
  };
  const log = async (): Promise<Record<string, unknown>[]> => {
    const table = await activeTable(kit.pool, 'activity-log', 'activity_log');
    return (await kit.pool.query(`SELECT event_id, actor_id, actor_name, changes FROM ${table} ORDER BY checkpoint`)).rows;
  };
  const reset = async (): Promise<void> => {
    for (const runner of runners) await runner.stop();
    runners = [];
    for (const name of ['activity-log', 'activity-settings']) {
      const version = await kit.pool.query<{ active_version: number }>('SELECT active_version FROM projection_versions WHERE name = $1', [name]);
      await kit.pool.query('DELETE FROM projection_versions WHERE name = $1', [name]);
      await kit.pool.query('DELETE FROM projection_checkpoints WHERE name = $1', [name]);
      const v = version.rows[0].active_version;
      const tables = name === 'activity-log' ? ['activity_log', 'activity_object_fields'] : ['activity_retention', 'activity_read_positions'];
      await kit.pool.query(`DROP TABLE ${tables.map((t) => `${t}_v${v}`).join(', ')}`);
    }
  };

  it('forgets an erased visitor\'s name in every row before the erasure, alike in batches and event by event', async () => {
    const visitor = { kind: 'anonymous' as const, id: VISITOR, name: 'Gerda Gast' };
    for (let i = 0; i < 4; i += 1) {
      await kit.store.append(`thing-${i}`, [asActor(newEvent('ThingRenamed', { thingId: `t${i}`, title: `Titel ${i}` }, TEAM), visitor)]);
    }
    await kit.store.append('thing-x', [asActor(newEvent('ThingRenamed', { thingId: 'tx', title: 'Andere' }, TEAM), { kind: 'anonymous', id: randomUUID(), name: 'Otto' })]);
    await kit.store.append(`account-${VISITOR}`, [newEvent('AccountErased', { userId: VISITOR, erasedAt: '2026-12-01T00:00:00.000Z' }, null)]);
    start(1);
    await caughtUp();
    const oneByOne = await log();
    expect(oneByOne.filter((row) => row.actor_id === VISITOR).map((row) => row.actor_name)).toEqual([null, null, null, null]);
    expect(oneByOne.map((row) => row.actor_name)).toContain('Otto');
    expect(JSON.stringify(oneByOne)).not.toContain('Gerda');

    await reset();
    start(1_000);
    await caughtUp();
    expect(await log()).toEqual(oneByOne);
  });

  it('keeps each team\'s retention and each person\'s read position, and the purge deletes only expired rows', async () => {
    await kit.store.append(`activity-retention-${TEAM}`, [newEvent('ActivityRetentionChanged', { teamId: TEAM, days: 30, changedAt: '2026-12-01T00:00:00.000Z' }, TEAM)]);
    await kit.store.append(`activity-retention-${TEAM}`, [newEvent('ActivityRetentionChanged', { teamId: TEAM, days: 60, changedAt: '2026-12-02T00:00:00.000Z' }, TEAM)]);
    for (const team of [TEAM, TEAM, TEAM, OTHER_TEAM]) await kit.store.append(`thing-${randomUUID()}`, [newEvent('ThingRenamed', { thingId: randomUUID(), title: 'x' }, team)]);
    const seen = (position: string) => newEvent('ProjectChangesSeen', { userId: USER, teamId: TEAM, projectId: 'p1', position, seenAt: '2026-12-01T00:00:00.000Z' }, null);
    await kit.store.append(`activity-seen-${USER}-p1`, [seen('00000000000000000001-00000000000000000001')]);
    await kit.store.append(`activity-seen-${USER}-p1`, [seen('00000000000000000002-00000000000000000002')]);
    start(50);
    await caughtUp();
    const retention = await activeTable(kit.pool, 'activity-settings', 'activity_retention');
    expect((await kit.pool.query(`SELECT team_id, days FROM ${retention}`)).rows).toEqual([{ team_id: TEAM, days: 60 }]);
    const positions = await activeTable(kit.pool, 'activity-settings', 'activity_read_positions');
    expect((await kit.pool.query(`SELECT user_id, project_id, position FROM ${positions}`)).rows)
      .toEqual([{ user_id: USER, project_id: 'p1', position: '00000000000000000002-00000000000000000002' }]);

    // Two of the team's things and the other team's thing are old; the purge takes the team's two.
    const table = await activeTable(kit.pool, 'activity-log', 'activity_log');
    await kit.pool.query(
      `UPDATE ${table} SET recorded_at = now() - interval '90 days'
        WHERE event_id IN (SELECT event_id FROM ${table} WHERE event_type = 'ThingRenamed' AND team_id = $1 ORDER BY checkpoint LIMIT 2)
           OR (event_type = 'ThingRenamed' AND team_id = $2)`, [TEAM, OTHER_TEAM]);
    const before = Number((await kit.pool.query(`SELECT count(*) FROM ${table}`)).rows[0].count);
    expect(await purgeExpiredActivity(kit.pool, { now: new Date(), batchSize: 1 })).toEqual({ deleted: 2 });
    expect(Number((await kit.pool.query(`SELECT count(*) FROM ${table}`)).rows[0].count)).toBe(before - 2);
    expect((await kit.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE team_id = $1 AND recorded_at < now() - interval '60 days'`, [OTHER_TEAM])).rows[0].n).toBe(1);
    expect(await purgeExpiredActivity(kit.pool, { now: new Date() })).toEqual({ deleted: 0 });

    // An erased person's read positions go with them.
    await kit.store.append(`account-${USER}`, [newEvent('AccountErased', { userId: USER, erasedAt: '2026-12-03T00:00:00.000Z' }, null)]);
    await caughtUp();
    expect((await kit.pool.query(`SELECT count(*)::int AS n FROM ${positions}`)).rows[0].n).toBe(0);
  });
});
