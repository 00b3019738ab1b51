import { randomUUID } from 'node:crypto';
import { createEventCatalogue, type NewEvent } from '@planwerk/events';
import { PASSWORD_ATTEMPTS_ALLOWED } from '@planwerk/platform';
import { activeTable, projectProjections, startProjector, type RunningProjector } from '@planwerk/projector';
import { describeWith } from '../../../scripts/testing/components';
import type { TestUser } from '../../../command-service/src/accounts/testing/register-test-user';
import {
  auth,
  startProjectsStack,
  type ProjectsStack,
  type TestProjectTree,
  type TestTeam,
} from '../../../command-service/src/projects/testing/projects-stack';

// The project reads on the real stack: command service (projects through HTTP), the projector
// with the project read models, the query service. Sign-ups are appended to the store as the
// sign-up feature records them, so these tests do not depend on its rules.

describeWith('postgres', 'project reads over HTTP (real stack)', () => {
  let stack: ProjectsStack;
  let projector: RunningProjector;
  let team: TestTeam;
  let outsider: TestUser;
  let tree: TestProjectTree;
  let fieldId: string;

  beforeAll(async () => {
    stack = await startProjectsStack('qs_project_reads');
    projector = startProjector({
      pool: stack.pool, store: stack.store, catalogue: createEventCatalogue(), notifier: stack.notifier,
      projections: projectProjections, tuning: { idleMs: 20, retryMs: 50 },
    });
    team = await stack.createTeam();
    outsider = await stack.register();
    tree = await stack.createProjectTree(team, {
      release: true,
      list: { name: 'Kuchen', fields: [{ kind: 'phone', label: 'Telefon', required: false }], settings: { waitlist: true } },
      items: [{ name: 'Apfelkuchen', capacity: 2 }, { name: 'Getränke', capacity: null }],
    });
    // The command gives the field its id.
    const added = await stack.pool.query<{ field_id: string }>(
      "SELECT data->'fields'->0->>'fieldId' AS field_id FROM events WHERE type = 'ListAdded' AND data->>'listId' = $1", [tree.listId]);
    fieldId = added.rows[0].field_id;
    // A change that moves the log, so the first reads wait for the whole setup (a command that
    // changes nothing may answer an older checkpoint).
    const settled = await stack.send(team.owner, 'PUT', `/v5/team/${team.teamId}/project/${tree.projectId}`, { colour: 4 });
    expect((await get(team.owner, `/v5/team/${team.teamId}/project/${tree.projectId}`, settled.json().body.checkpoint as string)).statusCode).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await projector?.stop();
    await stack?.close();
  });

  const command = async (user: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<string> => {
    const response = await stack.send(user, method, url, payload);
    if (response.statusCode >= 300) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
    return response.json().body.checkpoint as string;
  };
  const get = (user: TestUser | null, url: string, checkpoint?: string, headers: Record<string, string> = {}) => stack.query.inject({
    method: 'GET',
    url: checkpoint ? `${url}${url.includes('?') ? '&' : '?'}minCheckpoint=${encodeURIComponent(checkpoint)}` : url,
    headers: { ...auth(user), ...headers },
  });
  const manage = (projectId: string) => `/v5/team/${team.teamId}/project/${projectId}`;
  const setVisibility = (visibility: string, password?: string) =>
    command(team.owner, 'PUT', `${manage(tree.projectId)}/visibility`, { visibility, ...(password ? { password } : {}) });

  /** A sign-up as the sign-up feature records it; returns its checkpoint. */
  async function addSignup(p: TestProjectTree, teamId: string, options: { itemId?: string; userId?: string | null; name?: string | null; values?: Record<string, unknown>; status?: 'placed' | 'waitlisted' }): Promise<string> {
    const signupId = randomUUID();
    const userId = options.userId ?? null;
    const event: NewEvent = {
      eventId: randomUUID(), type: 'SignUpAdded',
      data: {
        projectId: p.projectId, listId: p.listId, itemId: options.itemId ?? p.itemIds[0], signupId, userId, name: options.name ?? null,
        values: options.values ?? {}, vote: null, status: options.status ?? 'placed', by: userId ? 'self' : 'admin', tokenHash: null, at: new Date().toISOString(),
      },
      metadata: {
        commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'user', id: team.owner.userId }, teamId,
        schemaVersion: 1, personId: userId ?? `anon-${signupId}`,
      },
    };
    return (await stack.store.append(`signups-${p.listId}`, [event])).checkpoint;
  }

  const view = (user: TestUser | null, checkpoint?: string, headers: Record<string, string> = {}) => get(user, `/v5/project/view/${tree.link}`, checkpoint, headers);
  const outcome = async (user: TestUser | null, checkpoint: string, headers: Record<string, string> = {}): Promise<number | string> => {
    const response = await view(user, checkpoint, headers);
    return response.statusCode === 200 ? 200 : `${response.statusCode} ${response.json().error.intern}`;
  };

  describe('visibility of the public view', () => {
    afterAll(async () => {
      await setVisibility('public');
    });

    it.each([
      ['public', [200, 200, 200, 200, 200, 200]],
      ['login', ['401 6011', 200, 200, 200, 200, 200]],
      ['verified', ['401 6011', 200, 200, 200, 200, 200]],
      ['team', ['401 6011', '403 no_permission', 200, 200, 200, 200]],
      ['admins', ['401 6011', '403 no_permission', '403 no_permission', '403 no_permission', 200, 200]],
      ['owner', ['401 6011', '403 no_permission', '403 no_permission', '403 no_permission', '403 no_permission', 200]],
    ])('%s: anonymous, outsider, member, space, admin, owner', async (visibility, expected) => {
      const checkpoint = await setVisibility(visibility);
      const seen = [];
      for (const user of [null, outsider, team.member, team.space, team.admin, team.owner]) seen.push(await outcome(user, checkpoint));
      expect(seen).toEqual(expected);
    });

    it('password: asks for it, takes the right one, and team managers need none', async () => {
      const checkpoint = await setVisibility('password', 'geheim-123');
      const ip = { 'x-forwarded-for': '198.51.100.7' };
      expect(await outcome(null, checkpoint, ip)).toBe('401 project_password_required');
      expect(await outcome(null, checkpoint, { ...ip, 'x-project-password': 'geheim-123' })).toBe(200);
      expect(await outcome(team.member, checkpoint, ip)).toBe('401 project_password_required');
      expect(await outcome(team.space, checkpoint)).toBe(200);
      expect(await outcome(team.admin, checkpoint)).toBe(200);
      const body = (await view(null, checkpoint, { ...ip, 'x-project-password': 'geheim-123' })).body;
      expect(body).not.toMatch(/argon2|passwordHash|tokenHash/);
    });

    it('answers the same through the project bundle (prj_link or prj_id, prj_pass)', async () => {
      const checkpoint = await setVisibility('password', 'bundle-pass');
      expect(await outcome(team.owner, checkpoint)).toBe(200);
      const bundle = (user: TestUser | null, header: object, prjPass?: string) => stack.query.inject({
        method: 'POST', url: '/v5/bundle', headers: { ...auth(user), 'x-forwarded-for': '192.0.2.44' },
        payload: { header, bundle: ['project'], ...(prjPass === undefined ? {} : { prj_pass: prjPass }) },
      }).then((r) => r.json().body.bundle.project as { body: { project: { projectId: string } } | null; error: { intern: string } | null });
      expect((await bundle(null, { prj_link: tree.link })).error?.intern).toBe('project_password_required');
      expect((await bundle(null, { prj_link: tree.link }, 'falsch')).error?.intern).toBe('project_password_wrong');
      expect((await bundle(null, { prj_link: tree.link }, 'bundle-pass')).body?.project.projectId).toBe(tree.projectId);
      expect((await bundle(team.admin, { prj_id: tree.projectId })).body?.project.projectId).toBe(tree.projectId);
      expect((await bundle(null, { prj_link: 'gibt-es-nicht' })).error?.intern).toBe('project_link_invalid');
      expect((await bundle(null, {})).error?.intern).toBe('validation_failed');
    });

    it('limits wrong passwords per project and client address: the sixth try answers 429', async () => {
      const checkpoint = await setVisibility('password', 'geheim-456');
      const attacker = { 'x-forwarded-for': '203.0.113.9' };
      for (let i = 0; i < 5; i += 1) expect(await outcome(null, checkpoint, { ...attacker, 'x-project-password': `falsch-${i}` })).toBe('403 project_password_wrong');
      const blocked = await view(null, checkpoint, { ...attacker, 'x-project-password': 'geheim-456' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toMatchObject({ intern: 'project_password_blocked', text: expect.stringContaining('15 Minuten') });
      // Another client is not blocked by the attacker.
      expect(await outcome(null, checkpoint, { 'x-forwarded-for': '203.0.113.10', 'x-project-password': 'geheim-456' })).toBe(200);
    });

    it('counts before the check: 20 concurrent wrong passwords from one remote address, each with a new X-Forwarded-For, check at most five', async () => {
      const checkpoint = await setVisibility('password', 'geheim-987');
      const url = `/v5/project/view/${tree.link}?minCheckpoint=${encodeURIComponent(checkpoint)}`;
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => stack.query.inject({
        method: 'GET', url, remoteAddress: '203.0.113.44', headers: { 'x-forwarded-for': `10.2.2.${i + 1}`, 'x-project-password': `falsch-${i}-lang` },
      })));
      const codes = answers.map((answer) => answer.json().error?.intern);
      expect(codes.filter((code) => code === 'project_password_wrong').length).toBe(PASSWORD_ATTEMPTS_ALLOWED);
      expect(codes.filter((code) => code === 'project_password_blocked').length).toBe(20 - PASSWORD_ATTEMPTS_ALLOWED);
      const right = await stack.query.inject({ method: 'GET', url, remoteAddress: '203.0.113.44', headers: { 'x-project-password': 'geheim-987' } });
      expect(right.statusCode).toBe(429);
    });
  });

  describe('links and statuses', () => {
    it('answers "Dieser Link kann nicht geöffnet werden" for an unknown link, a planning project and a duplicate link', async () => {
      const unknown = await get(null, '/v5/project/view/gibt-es-nicht');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toMatchObject({ intern: 'project_link_invalid', text: 'Dieser Link kann nicht geöffnet werden' });

      const planning = await stack.createProjectTree(team);
      const checkpoint = await command(team.owner, 'PUT', manage(planning.projectId), { colour: 2 });
      for (const user of [null, outsider, team.member]) {
        const answer = await get(user, `/v5/project/view/${planning.link}`, checkpoint);
        expect([answer.statusCode, answer.json().error?.intern]).toEqual([404, 'project_link_invalid']);
      }
      expect((await get(team.space, `/v5/project/view/${planning.link}`, checkpoint)).statusCode).toBe(200);

      // Two projects under one link (a restored backup, say): the link opens neither.
      const access = await activeTable(stack.pool, 'project-tree', 'project_access');
      const trees = await activeTable(stack.pool, 'project-tree', 'project_tree');
      const twin = randomUUID();
      await stack.pool.query(`INSERT INTO ${trees} (project_id, team_id, doc, version, updated_at) SELECT $1, team_id, doc, version, updated_at FROM ${trees} WHERE project_id = $2`, [twin, tree.projectId]);
      await stack.pool.query(`INSERT INTO ${access} (project_id, team_id, link, share_hash, visibility, password_hash, status) SELECT $1, team_id, upper(link), share_hash || 'x', visibility, password_hash, status FROM ${access} WHERE project_id = $2`, [twin, tree.projectId]);
      try {
        const twice = await get(team.owner, `/v5/project/view/${tree.link}`);
        expect([twice.statusCode, twice.json().error?.text]).toEqual([404, 'Dieser Link kann nicht geöffnet werden']);
      } finally {
        await stack.pool.query(`DELETE FROM ${access} WHERE project_id = $1`, [twin]);
        await stack.pool.query(`DELETE FROM ${trees} WHERE project_id = $1`, [twin]);
      }
    });

    it('shows a project in the trash to team members only', async () => {
      const trashed = await stack.createProjectTree(team);
      const checkpoint = await command(team.owner, 'PUT', `${manage(trashed.projectId)}/status`, { status: 0 });
      expect((await get(team.member, `/v5/project/view/${trashed.link}`, checkpoint)).statusCode).toBe(200);
      expect((await get(outsider, `/v5/project/view/${trashed.link}`, checkpoint)).json().error?.intern).toBe('project_link_invalid');
      const trash = (await get(team.member, `/v5/team/${team.teamId}/project?status=0`, checkpoint)).json().body.projects as Array<{ projectId: string; previousStatus: number }>;
      expect(trash).toEqual([expect.objectContaining({ projectId: trashed.projectId, previousStatus: 3 })]);
    });

    it('lists the presets with the team\u2019s saved columns', async () => {
      await command(team.owner, 'POST', `${manage(tree.projectId)}/copy`, { link: `vorlage-${randomUUID().slice(0, 8)}`, name: 'Vorlage Fest', asPreset: true });
      const checkpoint = await command(team.admin, 'POST', `/v5/team/${team.teamId}/preset-column`, { field: { kind: 'selection', label: 'Größe', required: true, options: ['S', 'M'] } });
      const presets = await get(team.admin, `/v5/team/${team.teamId}/preset`, checkpoint);
      expect(presets.statusCode).toBe(200);
      expect(presets.json().body.presets).toEqual([expect.objectContaining({ name: 'Vorlage Fest', status: 2, counts: expect.objectContaining({ lists: 1, items: 2, signups: 0 }) })]);
      expect(presets.json().body.columns).toEqual([expect.objectContaining({ field: { kind: 'selection', label: 'Größe', required: true, options: ['S', 'M'] } })]);
      expect((await get(team.member, `/v5/team/${team.teamId}/preset`, checkpoint)).statusCode).toBe(403);
      // Presets stay out of the project list unless asked for.
      expect(((await get(team.owner, `/v5/team/${team.teamId}/project`, checkpoint)).json().body.projects as Array<{ status: number }>).map((p) => p.status)).not.toContain(2);
    });

    it('opens the same view by share hash for embeds', async () => {
      const checkpoint = await setVisibility('public');
      const byLink = (await view(null, checkpoint)).json().body;
      const hash = (await get(team.owner, manage(tree.projectId), checkpoint)).json().body.management.shareHash as string;
      const embed = await get(null, `/v5/embed/project/${hash}`);
      expect(embed.statusCode).toBe(200);
      expect(embed.json().body.project).toEqual(byLink.project);
      expect((await get(null, '/v5/embed/project/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    });
  });

  describe('sign-ups in the view, the tree, the overview, the export and the analysis', () => {
    let last: string;

    beforeAll(async () => {
      await addSignup(tree, team.teamId, { name: 'Anna', values: { [fieldId]: '+49 30 1234' } });
      await addSignup(tree, team.teamId, { userId: team.member.userId, name: 'Mia Mitglied', values: { [fieldId]: '0151 999' } });
      await addSignup(tree, team.teamId, { name: 'Ben', status: 'waitlisted' });
      last = await addSignup(tree, team.teamId, { itemId: tree.itemIds[1], name: 'Cleo' });
      // Every read below sees the sign-ups, also when a settings change answers an older checkpoint.
      expect((await get(team.owner, manage(tree.projectId), last)).statusCode).toBe(200);
    });

    const setShowNames = (showNames: string) => command(team.owner, 'PUT', `${manage(tree.projectId)}/list/${tree.listId}`, { settings: { showNames } });
    const itemsOf = (body: { lists: Array<{ items: unknown[] }> }) => body.lists[0].items as Array<{ signups: Array<{ name: string | null; values: unknown }> | null; mine: Array<{ name: string | null; values: unknown }>; placed: number; waitlisted: number; free: number | null }>;

    it('shows names to everyone with showNames all, field values only to admins and the person', async () => {
      const checkpoint = await setShowNames('all');
      const anonymous = itemsOf((await view(null, checkpoint)).json().body);
      expect(anonymous[0]).toMatchObject({ placed: 2, waitlisted: 1, free: 0 });
      expect(anonymous[0].signups?.map((s) => [s.name, s.values])).toEqual([['Anna', null], ['Mia Mitglied', null], ['Ben', null]]);
      const member = itemsOf((await view(team.member, checkpoint)).json().body);
      expect(member[0].mine.map((s) => [s.name, s.values])).toEqual([['Mia Mitglied', { [fieldId]: '0151 999' }]]);
      const admin = itemsOf((await view(team.admin, checkpoint)).json().body);
      expect(admin[0].signups?.[0].values).toEqual({ [fieldId]: '+49 30 1234' });
    });

    it('hides names from others per showNames team and admins; they see counts only', async () => {
      let checkpoint = await setShowNames('team');
      const anonymous = itemsOf((await view(null, checkpoint)).json().body);
      expect([anonymous[0].signups, anonymous[0].placed, anonymous[0].waitlisted]).toEqual([null, 2, 1]);
      expect((await view(null, checkpoint)).body).not.toContain('Anna');
      expect(itemsOf((await view(team.member, checkpoint)).json().body)[0].signups?.map((s) => s.name)).toEqual(['Anna', 'Mia Mitglied', 'Ben']);

      checkpoint = await setShowNames('admins');
      const member = itemsOf((await view(team.member, checkpoint)).json().body);
      expect(member[0].signups).toBeNull();
      expect(member[0].mine.map((s) => s.name)).toEqual(['Mia Mitglied']);
      expect((await view(team.member, checkpoint)).body).not.toContain('Anna');
      expect(itemsOf((await view(team.admin, checkpoint)).json().body)[0].signups?.map((s) => s.name)).toEqual(['Anna', 'Mia Mitglied', 'Ben']);
      await setShowNames('all');
    });

    it('gives the whole tree to the project managers only', async () => {
      const admin = await get(team.admin, manage(tree.projectId), last);
      expect(admin.statusCode).toBe(200);
      expect(admin.json().body.management).toMatchObject({ hasPassword: expect.any(Boolean), createdBy: team.owner.userId });
      expect(itemsOf(admin.json().body)[0].signups?.map((s) => s.values)).toEqual([{ [fieldId]: '+49 30 1234' }, { [fieldId]: '0151 999' }, {}]);
      expect((await get(team.space, manage(tree.projectId), last)).statusCode).toBe(200);
      expect((await get(team.member, manage(tree.projectId), last)).statusCode).toBe(403);
      expect((await get(outsider, manage(tree.projectId), last)).statusCode).toBe(404);
      expect((await get(team.admin, manage(randomUUID()), last)).statusCode).toBe(404);
    });

    it('lists the team\u2019s projects with counts; planning projects only for managers', async () => {
      const planning = await stack.createProjectTree(team);
      const checkpoint = await command(team.owner, 'PUT', manage(planning.projectId), { name: 'Geplant' });
      const names = async (user: TestUser) => ((await get(user, `/v5/team/${team.teamId}/project`, checkpoint)).json().body.projects as Array<{ name: string }>).map((p) => p.name).sort();
      expect(await names(team.member)).toEqual(['Sommerfest']);
      expect(await names(team.space)).toEqual(expect.arrayContaining(['Geplant', 'Sommerfest']));
      const overview = (await get(team.owner, `/v5/team/${team.teamId}/project?status=1`, checkpoint)).json().body.projects;
      expect(overview).toEqual([expect.objectContaining({ projectId: tree.projectId, status: 1, counts: expect.objectContaining({ placed: 3, waitlisted: 1, signups: 4, items: 2, capacity: 2, unlimitedItems: 1 }) })]);
      expect((await get(team.owner, `/v5/team/${team.teamId}/project?filter=form`, checkpoint)).json().body.projects).toEqual([]);
      expect((await get(team.owner, `/v5/team/${team.teamId}/project?status=7`, checkpoint)).json().error).toMatchObject({ intern: 'validation_failed', field: 'status' });
      expect((await get(outsider, `/v5/team/${team.teamId}/project`, checkpoint)).statusCode).toBe(404);
    });

    it('exports CSV for German Excel and an .xlsx with the same rows', async () => {
      const csv = await get(team.admin, `${manage(tree.projectId)}/export?format=csv`, last);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${tree.link}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
      expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('Phase;Liste;Eintrag;Datum;Zeit;Plätze;Name;Status;Warteliste;Abstimmung;Eingetragen am;Anwesend;Telefon');
      expect(lines[1]).toMatch(/^Aufbau;Kuchen;Apfelkuchen;;;2;Anna;eingetragen;;;[^;]+;;'\+49 30 1234$/);
      expect(lines[3]).toMatch(/^Aufbau;Kuchen;Apfelkuchen;;;2;Ben;Warteliste;1;/);
      expect(lines[4]).toMatch(/^Aufbau;Kuchen;Getränke;;;;Cleo;eingetragen;/);

      const xlsx = await get(team.admin, `${manage(tree.projectId)}/export?format=xlsx&listId=${tree.listId}`, last);
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const { default: readXlsxFile } = await import('read-excel-file/node');
      const [sheet] = await readXlsxFile(xlsx.rawPayload);
      expect(sheet.data.map((row) => row[6])).toEqual(['Name', 'Anna', 'Mia Mitglied', 'Ben', 'Cleo']);
      expect(sheet.data[1][12]).toBe('+49 30 1234');

      expect((await get(team.admin, `${manage(tree.projectId)}/export?format=pdf`, last)).json().error).toMatchObject({ field: 'format' });
      expect((await get(team.admin, `${manage(tree.projectId)}/export?listId=${randomUUID()}`, last)).statusCode).toBe(404);
      expect((await get(team.member, `${manage(tree.projectId)}/export`, last)).statusCode).toBe(403);
    });

    it('analyses the fill per list and item, now and for today', async () => {
      const response = await get(team.owner, `${manage(tree.projectId)}/analysis`, last);
      expect(response.statusCode).toBe(200);
      const analysis = response.json().body;
      expect(analysis.totals).toEqual({ capacity: 2, placed: 3, waitlisted: 1, fillRate: 1 });
      const [list] = analysis.lists;
      expect(list.items.map((i: { name: string; placed: number; fillRate: number | null }) => [i.name, i.placed, i.fillRate])).toEqual([['Apfelkuchen', 2, 1], ['Getränke', 1, null]]);
      expect(list.days.at(-1)).toMatchObject({ placed: 3, waitlisted: 1, capacity: 2, fillRate: 1 });
      expect(list.items[0].days.at(-1)).toMatchObject({ placed: 2, waitlisted: 1, capacity: 2 });
    });
  });

  it('lists a person\u2019s sign-ups across two teams', async () => {
    const other = await stack.createTeam();
    const elsewhere = await stack.createProjectTree(other, { release: true, project: { name: 'Herbstmarkt' } });
    await addSignup(tree, team.teamId, { userId: outsider.userId, name: 'Olaf', itemId: tree.itemIds[1] });
    const checkpoint = await addSignup(elsewhere, other.teamId, { userId: outsider.userId, name: 'Olaf', status: 'waitlisted' });
    const response = await get(outsider, '/v5/user/signups', checkpoint);
    expect(response.statusCode).toBe(200);
    const signups = response.json().body.signups as Array<{ signupId: string; teamId: string; projectName: string; itemName: string; status: string }>;
    expect(signups.map((s) => [s.teamId, s.projectName, s.itemName, s.status]).sort()).toEqual([
      [other.teamId, 'Herbstmarkt', 'Kuchen', 'waitlisted'],
      [team.teamId, 'Sommerfest', 'Getränke', 'placed'],
    ].sort());
    expect((await get(null, '/v5/user/signups')).statusCode).toBe(401);
    expect((await get(team.admin, '/v5/user/signups', checkpoint)).json().body.signups).toEqual([]);

    // A cancelled sign-up stays in the list with its receipt.
    const drinks = signups.find((s) => s.teamId === team.teamId);
    if (!drinks) throw new Error('no sign-up in the first team');
    const { signupId } = drinks;
    const cancelled = (await stack.store.append(`signups-${tree.listId}`, [{
      eventId: randomUUID(), type: 'SignUpCancelled',
      data: { projectId: tree.projectId, listId: tree.listId, itemId: tree.itemIds[1], signupId, by: 'self' },
      metadata: {
        commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'user', id: outsider.userId }, teamId: team.teamId,
        schemaVersion: 1, personId: outsider.userId,
      },
    }])).checkpoint;
    const after = (await get(outsider, '/v5/user/signups', cancelled)).json().body.signups as Array<Record<string, unknown>>;
    expect(after.find((s) => s.signupId === signupId)).toMatchObject({
      itemName: 'Getränke', promotedAt: null, changedAt: null, cancelledAt: expect.any(String), cancelledBy: 'self',
    });
    expect(after.find((s) => s.teamId === other.teamId)).toMatchObject({ status: 'waitlisted', cancelledAt: null, cancelledBy: null });
  });
});
