import { randomUUID } from 'node:crypto';
import { verify as argon2Verify } from '@node-rs/argon2';
import { describeWith } from '../../../scripts/testing/components';
import { startProjectsStack, type ProjectsStack, type TestTeam } from './testing/projects-stack';

describeWith('postgres', 'projects (command service on PostgreSQL)', () => {
  let stack: ProjectsStack;
  let team: TestTeam;
  let other: TestTeam;

  beforeAll(async () => {
    stack = await startProjectsStack('cmd_projects');
    team = await stack.createTeam();
    other = await stack.createTeam();
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  const base = (teamId: string, projectId: string) => `/v5/team/${teamId}/project/${projectId}`;
  const streamEvents = async (streamId: string) =>
    (await stack.pool.query<{ type: string; data: Record<string, unknown> }>('SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_position', [streamId])).rows;
  const countAll = async () => Number((await stack.pool.query('SELECT count(*) FROM events')).rows[0].count);
  const activeSlots = async (teamId: string) =>
    (await stack.pool.query<{ project_id: string }>('SELECT project_id FROM team_active_projects WHERE team_id = $1', [teamId])).rows.map((r) => r.project_id);

  describe('create', () => {
    it('creates a planning project with its link reserved, then refuses the same link (field link) and reserved words', async () => {
      const link = `fest-${randomUUID().slice(0, 8)}`;
      const created = await stack.createProject(team.admin, team.teamId, { link: link.toUpperCase(), name: 'Sommerfest', colour: 3 });
      expect(created.statusCode).toBe(201);
      const { projectId, shareHash } = created.json().body;
      expect(shareHash).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const events = await streamEvents(`project-${projectId}`);
      expect(events.map((e) => e.type)).toEqual(['ProjectCreated']);
      expect(events[0]?.data).toMatchObject({ teamId: team.teamId, link, name: 'Sommerfest', colour: 3, status: 3, createdBy: team.admin.userId });
      expect((await streamEvents(`project-link-${link}`)).map((e) => e.data)).toEqual([{ projectId, link }]);

      const before = await countAll();
      const taken = await stack.createProject(team.owner, team.teamId, { link });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toMatchObject({ intern: 'project_link_taken', field: 'link' });
      for (const word of ['login', 'manage', 'embed', 'team', 'settings']) {
        const reserved = await stack.createProject(team.owner, team.teamId, { link: word });
        expect(reserved.statusCode).toBe(400);
        expect(reserved.json().error.field).toBe('link');
      }
      expect(await countAll()).toBe(before);
    });

    it('gives two parallel creations with one link exactly one project', async () => {
      const link = `race-${randomUUID().slice(0, 8)}`;
      const answers = await Promise.all([stack.createProject(team.owner, team.teamId, { link }), stack.createProject(team.admin, team.teamId, { link })]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    });

    it('needs login, membership and the manage_prj area', async () => {
      expect((await stack.createProject(null, team.teamId)).statusCode).toBe(401);
      expect((await stack.createProject(team.member, team.teamId)).statusCode).toBe(403);
      expect((await stack.createProject(other.owner, team.teamId)).statusCode).toBe(404);
      expect((await stack.createProject(team.space, team.teamId)).statusCode).toBe(201);
    });
  });

  describe('a project of another team', () => {
    it('answers 404 and changes nothing', async () => {
      const tree = await stack.createProjectTree(other);
      const before = await countAll();
      const edit = await stack.send(team.owner, 'PUT', base(team.teamId, tree.projectId), { name: 'Fremd' });
      expect(edit.statusCode).toBe(404);
      const item = await stack.send(team.owner, 'POST', `${base(team.teamId, tree.projectId)}/list/${tree.listId}/item`, { name: 'x' });
      expect(item.statusCode).toBe(404);
      expect(await countAll()).toBe(before);
    });
  });

  describe('status machine and active-project slots', () => {
    it('releases 3 → 1 only by the owner; the free plan holds one active project (6201); leaving 1 frees the slot', async () => {
      const t = await stack.createTeam();
      const a = await stack.createProjectTree(t);
      const b = await stack.createProjectTree(t);
      const byAdmin = await stack.send(t.admin, 'PUT', `${base(t.teamId, a.projectId)}/status`, { status: 1 });
      expect(byAdmin.statusCode).toBe(403);
      const released = await stack.send(t.owner, 'PUT', `${base(t.teamId, a.projectId)}/status`, { status: 1 });
      expect(released.statusCode).toBe(200);
      expect(released.json().body).toMatchObject({ status: 1, changed: true });
      expect(await activeSlots(t.teamId)).toEqual([a.projectId]);

      const second = await stack.send(t.owner, 'PUT', `${base(t.teamId, b.projectId)}/status`, { status: 1 });
      expect(second.statusCode).toBe(402);
      expect(second.json().error).toMatchObject({ intern: 6201, button: { target: 'manage-project', label: 'change_status' } });
      expect((await streamEvents(`project-${b.projectId}`)).some((e) => e.type === 'ProjectStatusChanged')).toBe(false);

      const success = await stack.send(t.admin, 'PUT', `${base(t.teamId, a.projectId)}/status`, { status: 4 });
      expect(success.statusCode).toBe(200);
      expect(await activeSlots(t.teamId)).toEqual([]);
      expect((await stack.send(t.owner, 'PUT', `${base(t.teamId, b.projectId)}/status`, { status: 1 })).statusCode).toBe(200);
      expect(await activeSlots(t.teamId)).toEqual([b.projectId]);
    });

    it('lets exactly one of two parallel releases on a free team become active; the other answers 6201', async () => {
      const t = await stack.createTeam();
      const a = await stack.createProjectTree(t);
      const b = await stack.createProjectTree(t);
      const answers = await Promise.all([a, b].map((p) => stack.send(t.owner, 'PUT', `${base(t.teamId, p.projectId)}/status`, { status: 1 })));
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 402]);
      expect(answers.find((r) => r.statusCode === 402)?.json().error.intern).toBe(6201);
      const slots = await activeSlots(t.teamId);
      expect(slots).toHaveLength(1);
      const statuses = await Promise.all([a, b].map(async (p) => (await streamEvents(`project-${p.projectId}`)).filter((e) => e.type === 'ProjectStatusChanged').length));
      expect(statuses.sort()).toEqual([0, 1]);
      const winner = answers[0]?.statusCode === 200 ? a : b;
      expect(slots).toEqual([winner.projectId]);
    });

    it('soft-deletes to 0, restores to the previous status, purges only from 0', async () => {
      const t = await stack.createTeam();
      const p = await stack.createProjectTree(t, { release: true });
      const purgeActive = await stack.send(t.owner, 'DELETE', base(t.teamId, p.projectId));
      expect(purgeActive.statusCode).toBe(409);
      expect(purgeActive.json().error.intern).toBe('project_cannot_delete');
      expect((await stack.send(t.admin, 'PUT', `${base(t.teamId, p.projectId)}/status`, { status: 0 })).statusCode).toBe(200);
      expect(await activeSlots(t.teamId)).toEqual([]);
      const editInTrash = await stack.send(t.owner, 'PUT', base(t.teamId, p.projectId), { name: 'x' });
      expect(editInTrash.json().error.intern).toBe('project_in_trash');
      const restored = await stack.send(t.admin, 'PUT', `${base(t.teamId, p.projectId)}/status`, { restore: true });
      expect(restored.json().body.status).toBe(1);
      expect(await activeSlots(t.teamId)).toEqual([p.projectId]);
      expect((await stack.send(t.admin, 'PUT', `${base(t.teamId, p.projectId)}/status`, { status: 0 })).statusCode).toBe(200);
      expect((await stack.send(t.member, 'DELETE', base(t.teamId, p.projectId))).statusCode).toBe(403);
      const purged = await stack.send(t.owner, 'DELETE', base(t.teamId, p.projectId));
      expect(purged.statusCode).toBe(200);
      expect((await streamEvents(`project-${p.projectId}`)).at(-1)?.type).toBe('ProjectPurged');
      expect((await stack.send(t.owner, 'PUT', base(t.teamId, p.projectId), { name: 'x' })).statusCode).toBe(404);
    });
  });

  describe('lock and visibility', () => {
    it('lock blocks edits by a space user; admins still edit', async () => {
      const p = await stack.createProjectTree(team);
      expect((await stack.send(team.space, 'PUT', `${base(team.teamId, p.projectId)}/lock`, { locked: true })).statusCode).toBe(403);
      expect((await stack.send(team.admin, 'PUT', `${base(team.teamId, p.projectId)}/lock`, { locked: true })).statusCode).toBe(200);
      const bySpace = await stack.send(team.space, 'PUT', base(team.teamId, p.projectId), { name: 'Neu' });
      expect(bySpace.statusCode).toBe(423);
      expect(bySpace.json().error.intern).toBe('project_locked');
      expect((await stack.send(team.admin, 'PUT', base(team.teamId, p.projectId), { name: 'Neu' })).json().body.changed).toBe(true);
    });

    it('stores an argon2 hash of a project password, never the password', async () => {
      const p = await stack.createProjectTree(team);
      const noPassword = await stack.send(team.owner, 'PUT', `${base(team.teamId, p.projectId)}/visibility`, { visibility: 'password' });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json().error.field).toBe('password');
      const set = await stack.send(team.owner, 'PUT', `${base(team.teamId, p.projectId)}/visibility`, { visibility: 'password', password: 'geheim-123' });
      expect(set.statusCode).toBe(200);
      const event = (await streamEvents(`project-${p.projectId}`)).find((e) => e.type === 'ProjectVisibilityChanged');
      expect(JSON.stringify(event)).not.toContain('geheim-123');
      expect(await argon2Verify(event?.data.passwordHash as string, 'geheim-123')).toBe(true);
    });
  });

  describe('phases, lists and items', () => {
    it('builds, sorts, moves, copies and removes the tree', async () => {
      const p = await stack.createProjectTree(team);
      const url = base(team.teamId, p.projectId);
      const sub = await stack.send(team.owner, 'POST', `${url}/phase`, { name: 'Unter', folderId: p.phaseId });
      expect(sub.statusCode).toBe(201);
      const nested = await stack.send(team.owner, 'POST', `${url}/phase`, { name: 'Zu tief', folderId: sub.json().body.phaseId });
      expect(nested.statusCode).toBe(400);
      expect(nested.json().error.field).toBe('folderId');
      const second = await stack.send(team.owner, 'POST', `${url}/phase`, { name: 'Abbau' });
      const sorted = await stack.send(team.owner, 'PUT', `${url}/phase-order`, { order: [second.json().body.phaseId, p.phaseId] });
      expect(sorted.json().body.changed).toBe(true);
      const badOrder = await stack.send(team.owner, 'PUT', `${url}/phase-order`, { order: [p.phaseId] });
      expect(badOrder.json().error.field).toBe('order');

      const badWindow = await stack.send(team.owner, 'POST', `${url}/phase/${p.phaseId}/list`, {
        name: 'Falsch', window: { opensAt: '2026-06-02T10:00:00Z', closesAt: '2026-06-01T10:00:00Z', endsAt: null },
      });
      expect(badWindow.json().error.field).toBe('window');

      const copiedList = await stack.send(team.owner, 'POST', `${url}/list/${p.listId}/copy`, { phaseId: second.json().body.phaseId });
      expect(copiedList.statusCode).toBe(201);
      const moved = await stack.send(team.owner, 'PUT', `${url}/list/${copiedList.json().body.listId}/move`, { phaseId: p.phaseId });
      expect(moved.json().body.changed).toBe(true);
      const items = await stack.send(team.owner, 'PUT', `${url}/list/${p.listId}/item-order`, { order: [...p.itemIds].reverse() });
      expect(items.json().body.changed).toBe(true);
      const copiedItem = await stack.send(team.owner, 'POST', `${url}/list/${p.listId}/item/${p.itemIds[0]}/copy`, {});
      expect(copiedItem.statusCode).toBe(201);
      const multi = await stack.send(team.owner, 'PUT', `${url}/lists`, { listIds: [p.listId, copiedList.json().body.listId], changes: { attendance: 'manual' } });
      expect(multi.json().body.changedLists).toHaveLength(2);
      const copiedPhase = await stack.send(team.owner, 'POST', `${url}/phase/${p.phaseId}/copy`, {});
      expect(copiedPhase.statusCode).toBe(201);

      const removed = await stack.send(team.owner, 'DELETE', `${url}/phase/${p.phaseId}`);
      expect(removed.statusCode).toBe(200);
      const events = await streamEvents(`project-${p.projectId}`);
      const tail = events.slice(-4).map((e) => e.type);
      expect(tail).toEqual(['PhaseRemoved', 'ListRemoved', 'ListRemoved', 'PhaseRemoved']);
    });

    it('keeps the free plan to 25 items per list (6205) and 2 columns (6205)', async () => {
      const t = await stack.createTeam();
      const p = await stack.createProjectTree(t, { items: Array.from({ length: 25 }, (_, i) => ({ name: `Item ${i + 1}` })) });
      const url = base(t.teamId, p.projectId);
      const extra = await stack.send(t.owner, 'POST', `${url}/list/${p.listId}/item`, { name: 'Zu viel' });
      expect(extra.statusCode).toBe(402);
      expect(extra.json().error).toMatchObject({ intern: 6205, button: { target: 'team-setup', label: 'upgrade' } });
      const field = (label: string) => ({ kind: 'text', label, required: false });
      const wide = await stack.send(t.owner, 'POST', `${url}/phase/${p.phaseId}/list`, { name: 'Breit', fields: [field('a'), field('b'), field('c')] });
      expect(wide.json().error.intern).toBe(6205);
    });
  });

  describe('copies and presets', () => {
    it('saves a project as a preset (2) and creates a planning project from it with dates shifted', async () => {
      const p = await stack.createProjectTree(team, {
        project: { startDate: '2026-07-01' },
        list: { window: { opensAt: '2026-06-20T08:00:00+02:00', closesAt: '2026-06-30T18:00:00+02:00', endsAt: '2026-07-02T00:00:00+02:00' } },
        items: [{ name: 'Kuchen', date: '2026-07-01', time: { from: '14:00', to: '16:00' } }],
      });
      const presetLink = `vorlage-${randomUUID().slice(0, 8)}`;
      const preset = await stack.send(team.owner, 'POST', `${base(team.teamId, p.projectId)}/copy`, { link: presetLink, name: 'Vorlage', asPreset: true });
      expect(preset.statusCode).toBe(201);
      expect(preset.json().body.status).toBe(2);
      const presetId = preset.json().body.projectId as string;
      const release = await stack.send(team.owner, 'PUT', `${base(team.teamId, presetId)}/status`, { status: 1 });
      expect(release.json().error.intern).toBe('project_status_transition');

      const link = `neu-${randomUUID().slice(0, 8)}`;
      const fromPreset = await stack.send(team.owner, 'POST', `/v5/team/${team.teamId}/preset/${presetId}/project`, { link, name: 'Fest 2027', startDate: '2027-07-01' });
      expect(fromPreset.statusCode).toBe(201);
      expect(fromPreset.json().body.status).toBe(3);
      const events = await streamEvents(`project-${fromPreset.json().body.projectId}`);
      expect(events.map((e) => e.type)).toEqual(['ProjectCreated', 'PhaseAdded', 'ListAdded', 'ItemAdded']);
      expect(events[0]?.data).toMatchObject({ status: 3, startDate: '2027-07-01', copiedFrom: { projectId: presetId, kind: 'preset' } });
      expect(events[2]?.data.window).toEqual({ opensAt: '2027-06-20T08:00:00+02:00', closesAt: '2027-06-30T18:00:00+02:00', endsAt: '2027-07-02T00:00:00+02:00' });
      expect(events[3]?.data).toMatchObject({ date: '2027-07-01', time: { from: '14:00', to: '16:00' } });

      const notAPreset = await stack.send(team.owner, 'POST', `/v5/team/${team.teamId}/preset/${p.projectId}/project`, { link: `x-${randomUUID().slice(0, 8)}`, name: 'X', startDate: '2027-01-01' });
      expect(notAPreset.statusCode).toBe(404);
    });

    it('saves and removes preset columns', async () => {
      const saved = await stack.send(team.admin, 'POST', `/v5/team/${team.teamId}/preset-column`, { field: { kind: 'selection', label: 'Größe', required: true, options: ['S', 'M'] } });
      expect(saved.statusCode).toBe(201);
      const { columnId } = saved.json().body;
      expect((await stack.send(team.member, 'DELETE', `/v5/team/${team.teamId}/preset-column/${columnId}`)).statusCode).toBe(403);
      expect((await stack.send(team.admin, 'DELETE', `/v5/team/${team.teamId}/preset-column/${columnId}`)).statusCode).toBe(200);
      expect((await stack.send(team.admin, 'DELETE', `/v5/team/${team.teamId}/preset-column/${columnId}`)).statusCode).toBe(404);
    });
  });
});
