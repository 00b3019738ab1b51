import { describeWith } from '../../../../scripts/testing/components';
import { runProjection, type RunningProjection } from '../../runtime/projection-runner';
import { activeTable } from '../../runtime/projector-schema';
import { createProjectorTestKit, newEvent, type ProjectorTestKit, waitForCaughtUp } from '../../runtime/testing/projector-test-kit';
import { CONTACT_GROUP_MEMBERS, CONTACT_GROUPS, CONTACT_GROUPS_PROJECTION, contactGroupsProjection } from './contact-groups.projection';

const T1 = '0c3c3c3c-0000-4000-8000-000000000001';
const T2 = '0c3c3c3c-0000-4000-8000-000000000002';
const G = (n: number) => `0c4c4c4c-0000-4000-8000-${String(n).padStart(12, '0')}`;
const K = (n: number) => `0c5c5c5c-0000-4000-8000-${String(n).padStart(12, '0')}`;

const group = (n: number, type: string, data: object = {}, teamId = T1) => newEvent(type, { groupId: G(n), teamId, ...data }, teamId);
const created = (n: number, name: string, teamId = T1) => group(n, 'ContactGroupCreated', { name, kind: 'group', policy: 'admins', description: '' }, teamId);
const changed = (n: number, added: number[], removed: number[] = [], teamId = T1) =>
  group(n, 'ContactGroupMembersChanged', { added: added.map(K), removed: removed.map(K) }, teamId);
const contactRemoved = (n: number, teamId = T1) => newEvent('ContactRemoved', { contactId: K(n), teamId }, teamId);

describeWith('postgres', 'contact groups projection on PostgreSQL', () => {
  let kit: ProjectorTestKit;
  let runner: RunningProjection | null = null;

  beforeEach(async () => {
    kit = await createProjectorTestKit('projector_contact_groups');
  });
  afterEach(async () => {
    await runner?.stop();
    runner = null;
    await kit.close();
  });

  function start(batchSize: number): void {
    runner = runProjection({
      pool: kit.pool, store: kit.store, catalogue: kit.catalogue, projection: contactGroupsProjection,
      instanceId: 'contact-groups-test', idleMs: 20, retryMs: 50, batchSize,
    });
  }

  async function snapshot() {
    const groups = await activeTable(kit.pool, CONTACT_GROUPS_PROJECTION, CONTACT_GROUPS);
    const members = await activeTable(kit.pool, CONTACT_GROUPS_PROJECTION, CONTACT_GROUP_MEMBERS);
    return {
      groups: (await kit.pool.query(`SELECT group_id::text, team_id::text, name, kind, policy, description, member_count, version FROM ${groups} ORDER BY name`)).rows,
      members: (await kit.pool.query(`SELECT group_id::text, contact_id::text, team_id::text FROM ${members} ORDER BY group_id, contact_id`)).rows,
    };
  }

  async function appendScenario(): Promise<void> {
    await kit.store.append(`contact-group-${G(1)}`, [
      created(1, 'Klasse 5b'),
      group(1, 'ContactGroupEdited', { kind: 'class', policy: 'request', description: 'Frau Lang' }),
      changed(1, [1, 2, 3]),
      changed(1, [4], [2]),
    ]);
    await kit.store.append(`contact-group-${G(2)}`, [created(2, 'Elternbeirat'), changed(2, [1, 3])]);
    // Contact 3 is erased: it leaves both groups, and both counts drop.
    await kit.store.append(`contact-${K(3)}`, [contactRemoved(3)]);
    // A change decided just before the erasure, stored after it: the erased contact never joins.
    await kit.store.append(`contact-group-${G(2)}`, [changed(2, [3, 5])]);
    // A removed group leaves no rows; its contacts stay in the other group.
    await kit.store.append(`contact-group-${G(3)}`, [created(3, 'Alt'), changed(3, [1, 4]), group(3, 'ContactGroupRemoved')]);
    await kit.store.append(`contact-group-${G(4)}`, [created(4, 'Riege A', T2), changed(4, [9], [], T2)]);
    await kit.store.append(`contact-${K(8)}`, [contactRemoved(8)]);
  }

  const expected = {
    groups: [
      { group_id: G(2), team_id: T1, name: 'Elternbeirat', kind: 'group', policy: 'admins', description: '', member_count: 2, version: 3 },
      { group_id: G(1), team_id: T1, name: 'Klasse 5b', kind: 'class', policy: 'request', description: 'Frau Lang', member_count: 2, version: 4 },
      { group_id: G(4), team_id: T2, name: 'Riege A', kind: 'group', policy: 'admins', description: '', member_count: 1, version: 2 },
    ],
    members: [
      { group_id: G(1), contact_id: K(1), team_id: T1 },
      { group_id: G(1), contact_id: K(4), team_id: T1 },
      { group_id: G(2), contact_id: K(1), team_id: T1 },
      { group_id: G(2), contact_id: K(5), team_id: T1 },
      { group_id: G(4), contact_id: K(9), team_id: T2 },
    ],
  };

  it('folds groups and members, with erased contacts leaving every group and removed groups leaving no rows', async () => {
    await appendScenario();
    start(50);
    await waitForCaughtUp(kit, CONTACT_GROUPS_PROJECTION);
    expect(await snapshot()).toEqual(expected);
  });

  it('gives the same rows event by event', async () => {
    await appendScenario();
    start(1);
    await waitForCaughtUp(kit, CONTACT_GROUPS_PROJECTION);
    expect(await snapshot()).toEqual(expected);
  });

  it('keeps the count equal to the member rows when changes arrive while it runs, and stamps each member with its event\u2019s time', async () => {
    start(50);
    await kit.store.append(`contact-group-${G(1)}`, [created(1, 'Chor'), changed(1, [1, 2])]);
    await waitForCaughtUp(kit, CONTACT_GROUPS_PROJECTION);
    await kit.store.append(`contact-group-${G(1)}`, [changed(1, [3], [1])]);
    await kit.store.append(`contact-${K(2)}`, [contactRemoved(2)]);
    await waitForCaughtUp(kit, CONTACT_GROUPS_PROJECTION);
    const { groups, members } = await snapshot();
    expect(groups).toEqual([expect.objectContaining({ group_id: G(1), member_count: 1 })]);
    expect(members).toEqual([{ group_id: G(1), contact_id: K(3), team_id: T1 }]);
    const table = await activeTable(kit.pool, CONTACT_GROUPS_PROJECTION, CONTACT_GROUP_MEMBERS);
    const stamped = await kit.pool.query(
      `SELECT m.added_at = date_trunc('milliseconds', e.recorded_at) AS same FROM ${table} m
         JOIN (SELECT recorded_at FROM events WHERE stream_id = $1 ORDER BY stream_position DESC LIMIT 1) e ON true`, [`contact-group-${G(1)}`]);
    expect(stamped.rows).toEqual([{ same: true }]);
  });
});
