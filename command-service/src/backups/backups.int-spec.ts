import {
  getBackupDiffEndpoint, getBackupStateEndpoint, listBackupPointsEndpoint, listUndoableEndpoint, restoreBackupEndpoint, undoConflictBody,
  undoEndpoint,
} from '@planwerk/events';
import type { z } from 'zod';
import { describeWith } from '../../../scripts/testing/components';
import type { TestUser } from '../accounts/testing/register-test-user';
import { UNDO_WINDOW_HOURS } from './backups.repository';
import { auth, HEADERS, startProjectsStack, type ProjectsStack, type TestProjectTree, type TestTeam } from '../projects/testing/projects-stack';

// Backups, restore and undo on the real stack (ADR 0008): command service on PostgreSQL,
// every call through HTTP, every check against the stored events.

describeWith('postgres', 'backups, restore and undo (command service on PostgreSQL)', () => {
  let stack: ProjectsStack;
  let team: TestTeam;
  // Both services read the time through this clock: a test moves it ahead and back.
  let aheadMs = 0;
  const clock = { now: () => new Date(Date.now() + aheadMs) };

  beforeAll(async () => {
    stack = await startProjectsStack('cmd_backups', { clock });
    team = await stack.createTeam();
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  const manage = (t: TestTeam, projectId: string) => `/v5/team/${t.teamId}/project/${projectId}`;
  const get = (user: TestUser | null, url: string) => stack.command.inject({ method: 'GET', url, headers: auth(user) });
  const countAll = async () => Number((await stack.pool.query('SELECT count(*) FROM events')).rows[0].count);
  const streamEvents = async (streamId: string) =>
    (await stack.pool.query<{ type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }>(
      'SELECT type, data, metadata FROM events WHERE stream_id = $1 ORDER BY stream_position', [streamId])).rows;
  const visitorSignup = async (tree: TestProjectTree, itemId: string, name: string): Promise<string> => {
    const answer = await stack.command.inject({ method: 'POST', url: `/v5/project/${tree.projectId}/list/${tree.listId}/signup`, headers: HEADERS, payload: { itemId, name } });
    expect(answer.statusCode).toBe(201);
    return answer.json().body.signupId as string;
  };
  const ok = async (what: string, answer: Awaited<ReturnType<typeof get>>) => {
    if (answer.statusCode >= 300) throw new Error(`${what} failed (${answer.statusCode}): ${answer.body}`);
    return answer.json().body;
  };
  /** The issues of an answer against its declared schema (the contract the console is built from): none expected. */
  const issuesOf = (schema: z.ZodType, body: unknown) => schema.safeParse(body).error?.issues ?? [];
  /** The newest restore point of the project: the position to come back to. */
  const latestPosition = async (t: TestTeam, projectId: string): Promise<string> => {
    const points = await ok('points', await get(t.owner, `${manage(t, projectId)}/backup`));
    return points.days[0].points[0].position as string;
  };
  const listState = async (t: TestTeam, tree: TestProjectTree, position: string) =>
    ok('state', await get(t.owner, `${manage(t, tree.projectId)}/backup/state?position=${encodeURIComponent(position)}&listId=${tree.listId}`));
  /** The list now (its tree part and sign-ups), from the newest point. */
  const listNow = async (t: TestTeam, tree: TestProjectTree) => listState(t, tree, await latestPosition(t, tree.projectId));
  const comparable = (state: { project: { lists: unknown[]; items: unknown[] }; signups: Record<string, unknown[]> }) =>
    ({ lists: state.project.lists, items: state.project.items, signups: state.signups });

  it('shows a list as of a moment, restores it to that moment, and undoes the restore', async () => {
    const tree = await stack.createProjectTree(team, { release: true, list: { settings: { allowAnonymous: true } } });
    const [kuchen, grill] = tree.itemIds as [string, string];
    const anna = await visitorSignup(tree, kuchen, 'Anna');
    await visitorSignup(tree, grill, 'Ben');
    const moment = await latestPosition(team, tree.projectId);
    const then = await listState(team, tree, moment);

    // Later: renamed, an item removed, Anna cancelled by an admin, a new item.
    const base = manage(team, tree.projectId);
    await ok('edit', await stack.send(team.admin, 'PUT', `${base}/list/${tree.listId}`, { name: 'Umbenannt' }));
    await ok('cancel', await stack.send(team.admin, 'DELETE', `/v5/project/${tree.projectId}/list/${tree.listId}/signup/${anna}`));
    await ok('remove', await stack.send(team.admin, 'DELETE', `${base}/list/${tree.listId}/item/${grill}`));
    await ok('add', await stack.send(team.admin, 'POST', `${base}/list/${tree.listId}/item`, { name: 'Salat' }));

    // As of the moment: the old name, both items, both sign-ups with their names.
    const asOf = await listState(team, tree, moment);
    expect(asOf.project.lists[0].name).toBe('Helfer');
    expect(asOf.project.items.map((i: { itemId: string }) => i.itemId)).toEqual([kuchen, grill]);
    expect(asOf.signups[tree.listId].map((s: { name: string }) => s.name)).toEqual(['Anna', 'Ben']);
    expect(asOf.project).not.toHaveProperty('passwordHash');
    expect(issuesOf(getBackupStateEndpoint.response, asOf)).toEqual([]);
    const whole = await ok('state', await get(team.owner, `${base}/backup/state?position=${encodeURIComponent(moment)}`));
    expect(whole.project).toMatchObject({ projectId: tree.projectId, passwordSet: false, locked: false });
    expect(issuesOf(getBackupStateEndpoint.response, whole)).toEqual([]);
    expect(issuesOf(listBackupPointsEndpoint.response, await ok('points', await get(team.owner, `${base}/backup`)))).toEqual([]);
    const diff = await ok('diff', await get(team.owner, `${base}/backup/diff?position=${encodeURIComponent(moment)}&listId=${tree.listId}`));
    expect(diff.lists.changed).toEqual([{ id: tree.listId, changes: [{ field: 'name', before: 'Helfer', after: 'Umbenannt' }] }]);
    expect(diff.items.removed.map((i: { itemId: string }) => i.itemId)).toEqual([grill]);
    expect(diff.items.added.map((i: { name: string }) => i.name)).toEqual(['Salat']);
    expect(diff.signups.removed.map((s: { name: string }) => s.name).sort()).toEqual(['Anna', 'Ben']);
    expect(issuesOf(getBackupDiffEndpoint.response, diff)).toEqual([]);

    const beforeRestore = await listNow(team, tree);
    const restored = await stack.send(team.owner, 'POST', `${base}/backup/restore`, { scope: 'list', listId: tree.listId, position: moment });
    expect(restored.statusCode).toBe(200);
    const { restoreId, commandId, events } = restored.json().body;
    expect(issuesOf(restoreBackupEndpoint.response, restored.json().body)).toEqual([]);
    expect(events).toBeGreaterThan(0);
    expect(comparable(await listNow(team, tree))).toEqual(comparable(then));
    // Same ids back, history kept: the removed item is added again, nothing was deleted.
    const projectTypes = (await streamEvents(`project-${tree.projectId}`)).map((e) => e.type);
    expect(projectTypes.filter((t) => t === 'ItemRemoved').length).toBeGreaterThanOrEqual(2);
    const record = (await streamEvents(`backups-${tree.projectId}`)).find((e) => e.type === 'RestorePerformed');
    expect(record?.data).toMatchObject({ restoreId, kind: 'restore', scope: 'list', listId: tree.listId, toPosition: moment, by: team.owner.userId });
    // One command: every compensating event carries the restore's command id.
    const restoreEvents = (await stack.pool.query(`SELECT stream_id FROM events WHERE metadata->>'commandId' = $1`, [commandId])).rows;
    expect(restoreEvents).toHaveLength(events + 1);

    // The restore is undoable as one step and shows up in my undo list.
    const undoable = await ok('undo list', await get(team.owner, `/v5/team/${team.teamId}/undo`));
    expect(undoable.actions[0]).toMatchObject({ commandId, projectId: tree.projectId, undone: false });
    expect(issuesOf(listUndoableEndpoint.response, undoable)).toEqual([]);
    const undone = await stack.send(team.owner, 'POST', `/v5/team/${team.teamId}/undo`, { commandId });
    expect(undone.statusCode).toBe(200);
    expect(issuesOf(undoEndpoint.response, undone.json().body)).toEqual([]);
    expect(comparable(await listNow(team, tree))).toEqual(comparable(beforeRestore));
    const again = await stack.send(team.owner, 'POST', `/v5/team/${team.teamId}/undo`, { commandId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.intern).toBe('undo_already_done');
  }, 60_000);

  it('restores a permanently deleted project with its tree under its old id', async () => {
    const t = await stack.createTeam();
    const tree = await stack.createProjectTree(t, { release: true, list: { settings: { allowAnonymous: true } } });
    await visitorSignup(tree, tree.itemIds[0] as string, 'Clara');
    const moment = await latestPosition(t, tree.projectId);
    const base = manage(t, tree.projectId);
    await ok('trash', await stack.send(t.owner, 'PUT', `${base}/status`, { status: 0 }));
    await ok('purge', await stack.send(t.owner, 'DELETE', base));
    expect((await stack.send(t.owner, 'PUT', base, { name: 'x' })).statusCode).toBe(404);

    // Only owner and admin restore a whole project.
    expect((await stack.send(t.space, 'POST', `${base}/backup/restore`, { scope: 'project', position: moment })).statusCode).toBe(403);
    const restored = await stack.send(t.owner, 'POST', `${base}/backup/restore`, { scope: 'project', position: moment });
    expect(restored.statusCode).toBe(200);
    const types = (await streamEvents(`project-${tree.projectId}`)).map((e) => e.type);
    expect(types.filter((x) => x === 'ProjectCreated')).toHaveLength(2);
    expect(types.indexOf('ProjectPurged')).toBeLessThan(types.lastIndexOf('ProjectCreated'));
    const now = await ok('state', await get(t.owner, `${base}/backup/state?position=${encodeURIComponent(await latestPosition(t, tree.projectId))}`));
    const then = await ok('state', await get(t.owner, `${base}/backup/state?position=${encodeURIComponent(moment)}`));
    expect(now.project).toMatchObject({ status: 1, name: then.project.name });
    expect(now.project.items).toEqual(then.project.items);
    expect(now.signups).toEqual(then.signups);
    // Usable again: an edit works, the active slot is held again.
    expect((await stack.send(t.owner, 'PUT', base, { name: 'Wieder da' })).statusCode).toBe(200);
    const slots = await stack.pool.query('SELECT project_id FROM team_active_projects WHERE team_id = $1', [t.teamId]);
    expect(slots.rows.map((r) => r.project_id)).toEqual([tree.projectId]);
  }, 60_000);

  it('undoes a bulk action (multi-edit of lists, project clean) as one step', async () => {
    const team = await stack.createTeam();
    const tree = await stack.createProjectTree(team, { release: true, list: { settings: { allowAnonymous: true }, attendance: 'manual' } });
    const base = manage(team, tree.projectId);
    const second = await ok('list', await stack.send(team.admin, 'POST', `${base}/phase/${tree.phaseId}/list`, { name: 'Zweite', attendance: 'manual' }));
    await visitorSignup(tree, tree.itemIds[0] as string, 'Dana');
    await visitorSignup(tree, tree.itemIds[1] as string, 'Emil');
    const before = await listNow(team, tree);

    await ok('multi-edit', await stack.send(team.admin, 'PUT', `${base}/lists`, { listIds: [tree.listId, second.listId], changes: { attendance: 'automatic' } }));
    const edit = (await ok('undo list', await get(team.admin, `/v5/team/${team.teamId}/undo`))).actions[0];
    expect(edit.types).toEqual(['ListEdited', 'ListEdited']);
    expect((await ok('undo', await stack.send(team.admin, 'POST', `/v5/team/${team.teamId}/undo`, { commandId: edit.commandId }))).events).toBe(2);
    const state = await ok('state', await get(team.owner, `${base}/backup/state?position=${encodeURIComponent(await latestPosition(team, tree.projectId))}`));
    expect(state.project.lists.map((l: { attendance: string }) => l.attendance)).toEqual(['manual', 'manual']);

    await ok('clean', await stack.send(team.admin, 'POST', `${base}/clean`));
    expect((await listNow(team, tree)).signups[tree.listId]).toEqual([]);
    const clean = (await ok('undo list', await get(team.admin, `/v5/team/${team.teamId}/undo`))).actions[0];
    expect(clean.types).toEqual(['ListSignUpsCleared']);
    expect((await stack.send(team.admin, 'POST', `/v5/team/${team.teamId}/undo`, { commandId: clean.commandId })).statusCode).toBe(200);
    expect(comparable(await listNow(team, tree))).toEqual(comparable(before));
  }, 60_000);

  it('answers an undo that meets a later change by someone else with the conflict, and changes nothing', async () => {
    const tree = await stack.createProjectTree(team);
    const base = manage(team, tree.projectId);
    const itemUrl = `${base}/list/${tree.listId}/item/${tree.itemIds[0]}`;
    await ok('admin edit', await stack.send(team.admin, 'PUT', itemUrl, { name: 'Torte' }));
    const mine = (await ok('undo list', await get(team.admin, `/v5/team/${team.teamId}/undo`))).actions[0];
    await ok('owner edit', await stack.send(team.owner, 'PUT', itemUrl, { capacity: 5 }));
    const theirs = (await ok('undo list', await get(team.owner, `/v5/team/${team.teamId}/undo`))).actions[0];

    // Someone else's action is not mine to undo.
    expect((await stack.send(team.owner, 'POST', `/v5/team/${team.teamId}/undo`, { commandId: mine.commandId })).statusCode).toBe(404);
    const count = await countAll();
    const answer = await stack.send(team.admin, 'POST', `/v5/team/${team.teamId}/undo`, { commandId: mine.commandId });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.intern).toBe('undo_conflict');
    expect(answer.json().body.conflicts).toEqual([expect.objectContaining({
      commandId: theirs.commandId, actor: { kind: 'user', id: team.owner.userId }, type: 'ItemEdited', objects: [`item:${tree.itemIds[0]}`],
    })]);
    // The conflict's body is the endpoint's declared error body (the console reads it by that type).
    expect(undoEndpoint.errorBody).toBe(undoConflictBody);
    expect(issuesOf(undoConflictBody, answer.json().body)).toEqual([]);
    expect(await countAll()).toBe(count);
    // A change elsewhere does not stand in the way: undo of the owner's own edit works.
    expect((await stack.send(team.owner, 'POST', `/v5/team/${team.teamId}/undo`, { commandId: theirs.commandId })).statusCode).toBe(200);
  }, 60_000);

  it("exports the project's full history as a JSON download, and marks named backups", async () => {
    const team = await stack.createTeam();
    const tree = await stack.createProjectTree(team, { release: true, list: { settings: { allowAnonymous: true } } });
    await visitorSignup(tree, tree.itemIds[0] as string, 'Fritz');
    const base = manage(team, tree.projectId);
    const marked = await stack.send(team.admin, 'POST', `${base}/backup`, { name: 'Vor dem Fest' });
    expect(marked.statusCode).toBe(201);
    const points = await ok('points', await get(team.admin, `${base}/backup`));
    expect(points.markers).toEqual([expect.objectContaining({ name: 'Vor dem Fest', position: points.days[0].points[0].position })]);

    const answer = await get(team.admin, `${base}/history`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    expect(answer.headers['content-disposition']).toContain('attachment');
    const history = JSON.parse(answer.body);
    const types = history.events.map((e: { type: string }) => e.type);
    expect(types.slice(0, 2)).toEqual(expect.arrayContaining(['ProjectLinkReserved', 'ProjectCreated']));
    expect(types).toEqual(expect.arrayContaining(['PhaseAdded', 'ListAdded', 'ItemAdded', 'SignUpAdded', 'ProjectStatusChanged', 'BackupMarked']));
    const checkpoints = history.events.map((e: { checkpoint: string }) => e.checkpoint);
    expect([...checkpoints].sort()).toEqual(checkpoints);
    const signupAdded = history.events.find((e: { type: string }) => e.type === 'SignUpAdded');
    expect(signupAdded.data).toMatchObject({ name: 'Fritz', tokenHash: null });
    expect(signupAdded.metadata.redacted).toEqual(['tokenHash']);

    // Access: members without manage_backup, other teams.
    expect((await get(team.member, `${base}/history`)).statusCode).toBe(403);
    expect((await get(team.space, `${base}/backup`)).statusCode).toBe(403);
    const other = await stack.createTeam();
    expect((await get(other.owner, `/v5/team/${other.teamId}/project/${tree.projectId}/backup`)).statusCode).toBe(404);
    expect((await get(team.owner, `${base}/backup/state`)).statusCode).toBe(400);
  }, 60_000);

  it('lists and undoes an action only within the undo window of the service\'s clock', async () => {
    const t = await stack.createTeam();
    const tree = await stack.createProjectTree(t);
    await ok('rename', await stack.send(t.owner, 'PUT', manage(t, tree.projectId), { name: 'Umbenannt' }));
    const action = (await ok('undo list', await get(t.owner, `/v5/team/${t.teamId}/undo`))).actions[0];
    expect(action.types).toContain('ProjectEdited');
    try {
      aheadMs = (UNDO_WINDOW_HOURS + 1) * 3_600_000;
      expect((await ok('undo list later', await get(t.owner, `/v5/team/${t.teamId}/undo`))).actions).toEqual([]);
      const late = await stack.send(t.owner, 'POST', `/v5/team/${t.teamId}/undo`, { commandId: action.commandId });
      expect(late.statusCode).toBe(404);
    } finally {
      aheadMs = 0;
    }
    expect((await stack.send(t.owner, 'POST', `/v5/team/${t.teamId}/undo`, { commandId: action.commandId })).statusCode).toBe(200);
  }, 60_000);
});
