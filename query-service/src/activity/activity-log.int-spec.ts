import { randomUUID } from 'node:crypto';
import type { ActivityEntryView } from '@planwerk/events';
import { ACTIVITY_LOG, ACTIVITY_OBJECT_FIELDS, activeTable } from '@planwerk/projector';
import type { TestUser } from '../../../command-service/src/accounts/testing/register-test-user';
import { describeWith } from '../../../scripts/testing/components';
import { auth, startActivityStack, type ActivityStack } from './testing/activity-stack';

const P1 = randomUUID();
const P2 = randomUUID();
const L1 = randomUUID();
const L2 = randomUUID();
const L3 = randomUUID();
const VISITOR = { kind: 'anonymous' as const, id: `anon-${randomUUID()}`, name: 'Gerd Gast' };

interface Made { checkpoint: string; projectId: string; listId: string; actorId: string }

describeWith('postgres', 'activity log on the real stack (commands, projector, queries)', () => {
  let stack: ActivityStack;
  let owner: TestUser;
  let helper: TestUser;
  let plain: TestUser;
  let limited: TestUser;
  let outsider: TestUser;
  let teamId: string;
  const made: Made[] = [];
  let last = '';

  const list = async (user: TestUser | null, params: Record<string, string | number> = {}) => {
    const query = new URLSearchParams({ minCheckpoint: last, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
    return stack.get(user, `/v5/team/${teamId}/activity?${query}`);
  };
  const entries = async (user: TestUser, params: Record<string, string | number> = {}): Promise<ActivityEntryView[]> => {
    const all: ActivityEntryView[] = [];
    let after: string | null = null;
    do {
      const res = await list(user, { limit: 200, ...params, ...(after ? { after } : {}) });
      expect(res.statusCode).toBe(200);
      all.push(...res.json().body.entries);
      after = res.json().body.next;
    } while (after !== null);
    return all;
  };
  const edit = async (actorUser: TestUser | null, projectId: string, listId: string, name: string, extra: { note?: string } = {}): Promise<string> => {
    const actor = actorUser ? { kind: 'user' as const, id: actorUser.userId } : VISITOR;
    last = await stack.edit(teamId, actor, { projectId, listId, itemId: `item-${listId}-${name}`, name, capacity: name.length, ...extra });
    made.push({ checkpoint: last, projectId, listId, actorId: actor.id });
    return last;
  };

  beforeAll(async () => {
    stack = await startActivityStack('qs_activity_stack');
    owner = await stack.register({ vorname: 'Ada', nachname: 'Admin' });
    helper = await stack.register({ vorname: 'Hanna', nachname: 'Helfer' });
    plain = await stack.register();
    limited = await stack.register();
    outsider = await stack.register();
    teamId = await stack.createTeam(owner);
    await stack.createTeam(outsider);
    await stack.addMember(owner, teamId, helper, 'admin');
    await stack.addMember(owner, teamId, plain, 'member');
    await stack.addMember(owner, teamId, limited, 'space', { manage_active: [P1] });
    // 24 edits: two projects, three lists, three actors (owner, helper, an anonymous visitor).
    for (let i = 0; i < 24; i += 1) {
      const actor = [owner, helper, null][i % 3];
      const [projectId, listId] = i % 4 === 0 ? [P2, L3] : [P1, i % 2 === 0 ? L1 : L2];
      await edit(actor, projectId, listId, `Name ${i}`);
    }
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  describe('the log', () => {
    it('shows every change newest first with actor, action, object and before/after values', async () => {
      const all = await entries(owner, { type: 'TestItemEdited' });
      expect(all.map((e) => e.eventId).length).toBe(made.length);
      const times = all.map((e) => e.recordedAt);
      expect([...times].sort().reverse()).toEqual(times);
      const first = all[all.length - 1];
      expect(first).toMatchObject({
        action: 'testing.itemEdited', eventType: 'TestItemEdited', object: { kind: 'item' }, projectId: P1 === made[0].projectId ? P1 : P2,
        actor: { kind: 'user', id: owner.userId, name: 'Ada Admin', display: 'Ada Admin' },
        changes: [{ field: 'name', before: null, after: 'Name 0' }, { field: 'capacity', before: null, after: 6 }],
        // The object's name as the log knows it (issue 14: names, not ids).
        names: { object: 'Name 0', project: null, list: null, item: null },
      });
      const visitor = all.find((e) => e.actor.kind === 'anonymous');
      expect(visitor?.actor).toEqual({ kind: 'anonymous', id: VISITOR.id, name: 'Gerd Gast', display: 'anonymous visitor' });
      // The team's own events are in the log too (the team's creation, memberships).
      expect((await entries(owner)).length).toBeGreaterThan(made.length);
    });

    it('filters by project, list, person, kind, action, type and date range, alone and combined', async () => {
      const ids = async (params: Record<string, string>) => (await entries(owner, { type: 'TestItemEdited', ...params })).length;
      const count = (test: (m: Made) => boolean) => made.filter(test).length;
      expect(await ids({ project: P1 })).toBe(count((m) => m.projectId === P1));
      expect(await ids({ list: L2 })).toBe(count((m) => m.listId === L2));
      expect(await ids({ person: helper.userId })).toBe(count((m) => m.actorId === helper.userId));
      expect(await ids({ project: P1, person: VISITOR.id })).toBe(count((m) => m.projectId === P1 && m.actorId === VISITOR.id));
      expect(await ids({ project: P1, list: L1, person: owner.userId })).toBe(count((m) => m.listId === L1 && m.actorId === owner.userId));
      expect(await ids({ kind: 'item' })).toBe(made.length);
      expect(await ids({ kind: 'item', project: P2 })).toBe(count((m) => m.projectId === P2));
      expect(await ids({ action: 'testing' })).toBe(made.length);
      expect(await ids({ action: 'testing.itemEdited', list: L3 })).toBe(count((m) => m.listId === L3));
      expect(await ids({ action: 'test' })).toBe(0);
      expect((await entries(owner, { type: 'TeamCreated' })).length).toBe(1);
      const today = new Date().toISOString().slice(0, 10);
      expect(await ids({ type: 'TestItemEdited', from: today, to: today })).toBe(made.length);
      expect(await ids({ type: 'TestItemEdited', to: '2020-01-01' })).toBe(0);
      expect(await ids({ type: 'TestItemEdited', from: new Date(Date.now() + 3_600_000).toISOString() })).toBe(0);
    });

    it('answers 400 naming the field for a bad filter, limit, range or cursor', async () => {
      for (const [params, field] of [
        [{ limit: 0 }, 'limit'], [{ limit: 201 }, 'limit'], [{ from: 'gestern' }, 'from'], [{ kind: "x' OR 1=1" }, 'kind'],
        [{ from: '2026-02-01', to: '2026-01-01' }, 'to'], [{ after: 'bm9wZQ' }, 'after'],
      ] as const) {
        const res = await list(owner, params);
        expect({ params, status: res.statusCode, field: res.json().error?.field }).toEqual({ params, status: 400, field });
      }
    });

    it('pages without duplicates or gaps while new events arrive', async () => {
      const before = await entries(owner, { type: 'TestItemEdited' });
      const seen: string[] = [];
      let after: string | null = null;
      let pages = 0;
      do {
        const res = await list(owner, { type: 'TestItemEdited', limit: 5, ...(after ? { after } : {}) });
        const body = res.json().body;
        seen.push(...body.entries.map((e: ActivityEntryView) => e.eventId));
        after = body.next;
        pages += 1;
        // Others keep working meanwhile; their changes are newer than the first page.
        await edit(helper, P2, L3, `Während ${pages}`);
      } while (after !== null);
      expect(pages).toBe(Math.ceil(before.length / 5));
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(before.map((e) => e.eventId));
    });

    it('exports the filtered entries as CSV: BOM, `;`, one line per changed field, names resolved', async () => {
      const res = await stack.get(owner, `/v5/team/${teamId}/activity/export?project=${P2}&minCheckpoint=${encodeURIComponent(last)}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity-akt-[a-z0-9]+-\d{4}-\d{2}-\d{2}\.csv"$/);
      const raw = res.rawPayload;
      expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = res.payload.slice(1).split('\r\n').filter((line) => line !== '');
      expect(lines[0]).toBe('sentence;time;actor;actor id;action;event type;object kind;object id;project;list;field;before;after;event id');
      const p2 = await entries(owner, { project: P2 });
      const expectedLines = p2.reduce((n, e) => n + Math.max(1, e.changes.length), 0);
      expect(lines).toHaveLength(1 + expectedLines);
      expect(lines.every((line) => line.split(';').length === 14)).toBe(true);
      expect(lines.some((line) => line.startsWith('Hanna Helfer hat eine Änderung vorgenommen;'))).toBe(true);
      expect(lines.some((line) => line.includes(';Hanna Helfer;') && line.includes(';name;;Während 1;'))).toBe(true);
      expect(lines.filter((line) => line.includes(`;${P1};`))).toEqual([]);
    });

    it('says each line as a sentence in the language asked for: lang, else Accept-Language, else German', async () => {
      const url = `/v5/team/${teamId}/activity/export?type=TeamCreated&minCheckpoint=${encodeURIComponent(last)}`;
      const firstCell = (payload: string) => payload.slice(1).split('\r\n')[1]?.split(';')[0];
      expect(firstCell((await stack.get(owner, url)).payload)).toBe('Ada Admin hat das Team angelegt');
      expect(firstCell((await stack.get(owner, `${url}&lang=en`)).payload)).toBe('Ada Admin created the team');
      const french = await stack.query.inject({ method: 'GET', url, headers: { ...auth(owner), 'accept-language': 'fr-CH,fr;q=0.9' } });
      expect(firstCell(french.payload)).toBe('Ada Admin a créé l’équipe');
      const italianWins = await stack.query.inject({ method: 'GET', url: `${url}&lang=it`, headers: { ...auth(owner), 'accept-language': 'fr' } });
      expect(firstCell(italianWins.payload)).toBe('Ada Admin ha creato il team');
      expect((await stack.get(owner, `${url}&lang=es`)).statusCode).toBe(400);
    });

    it('lists the people in the log by name for the person filter, without unnamed ones', async () => {
      const res = await stack.get(owner, `/v5/team/${teamId}/activity/actors?minCheckpoint=${encodeURIComponent(last)}`);
      expect(res.statusCode).toBe(200);
      const actors: { kind: string; id: string; name: string }[] = res.json().body.actors;
      expect(actors).toEqual(expect.arrayContaining([
        { kind: 'user', id: owner.userId, name: 'Ada Admin' },
        { kind: 'user', id: helper.userId, name: 'Hanna Helfer' },
        { kind: 'anonymous', id: VISITOR.id, name: 'Gerd Gast' },
      ]));
      expect(actors.map((a) => a.name)).toEqual([...actors.map((a) => a.name)].sort((a, b) => a.localeCompare(b)));
      // A space member sees the people of their project only (the log is narrowed the same way).
      const narrowed: { id: string }[] = (await stack.get(limited, `/v5/team/${teamId}/activity/actors`)).json().body.actors;
      const inP1 = new Set(made.filter((m) => m.projectId === P1).map((m) => m.actorId));
      expect(narrowed.every((a) => inP1.has(a.id))).toBe(true);
    });

    it('refuses a bad export filter with the JSON wrapper before any CSV', async () => {
      const res = await stack.get(owner, `/v5/team/${teamId}/activity/export?list=${encodeURIComponent('a b')}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ body: null, status: 400, error: { field: 'list' } });
    });
  });

  describe('access (manage_active)', () => {
    it('answers 6011 without a session, 404 to a non-member, 403 to a member without the area', async () => {
      for (const url of [`/v5/team/${teamId}/activity`, `/v5/team/${teamId}/activity/export`, `/v5/team/${teamId}/activity/actors`]) {
        const anonymous = await stack.get(null, url);
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json().error.intern).toBe(6011);
        expect((await stack.get(outsider, url)).statusCode).toBe(404);
        expect((await stack.get(plain, url)).statusCode).toBe(403);
        expect((await stack.get(helper, url)).statusCode).toBe(200);
      }
    });

    it('shows a space member with the area listed for one project only that project', async () => {
      const shown = await entries(limited);
      expect(shown.length).toBe(made.filter((m) => m.projectId === P1).length);
      expect(new Set(shown.map((e) => e.projectId))).toEqual(new Set([P1]));
      expect((await list(limited, { project: P2 })).statusCode).toBe(403);
    });
  });

  describe('retention', () => {
    it('lets owner and admin set it (30..3650 or null), refuses others and bad values', async () => {
      const url = `/v5/team/${teamId}/activity/retention`;
      expect((await stack.put(plain, url, { days: 90 })).statusCode).toBe(403);
      expect((await stack.put(outsider, url, { days: 90 })).statusCode).toBe(404);
      for (const days of [29, 3651, 90.5, '90']) {
        const res = await stack.put(owner, url, { days });
        expect({ days, status: res.statusCode, field: res.json().error?.field }).toEqual({ days, status: 400, field: 'days' });
      }
      const set = await stack.put(helper, url, { days: 3650 });
      expect(set.statusCode).toBe(200);
      expect(set.json().body).toMatchObject({ teamId, days: 3650, changed: true });
      expect((await stack.put(helper, url, { days: 3650 })).json().body.changed).toBe(false);
    });

    it('hides entries older than the retention and shows them again when it is lifted', async () => {
      const table = await activeTable(stack.pool, 'activity-log', ACTIVITY_LOG);
      const old = made.slice(0, 3).map((m) => m.checkpoint);
      await stack.pool.query(`UPDATE ${table} SET recorded_at = now() - interval '40 days' WHERE checkpoint = ANY($1)`, [old]);
      const url = `/v5/team/${teamId}/activity/retention`;
      last = (await stack.put(owner, url, { days: 30 })).json().body.checkpoint;
      const res = await list(owner, { type: 'TestItemEdited', limit: 200 });
      expect(res.json().body.retentionDays).toBe(30);
      expect(res.json().body.entries).toHaveLength(made.length - 3);
      expect(res.json().body.entries.map((e: ActivityEntryView) => e.eventId)).not.toContain(undefined);
      const csv = await stack.get(owner, `/v5/team/${teamId}/activity/export?type=TestItemEdited`);
      expect(csv.payload.split('\r\n').filter((line) => line !== '')).toHaveLength(1 + 2 * (made.length - 3));
      last = (await stack.put(owner, url, { days: null })).json().body.checkpoint;
      const lifted = (await list(owner, { type: 'TestItemEdited', limit: 200 })).json().body;
      expect(lifted.retentionDays).toBeNull();
      expect(lifted.entries).toHaveLength(made.length);
    });
  });

  describe('what changed since I last looked', () => {
    const changes = (user: TestUser, projectId: string, minCheckpoint = last) =>
      stack.get(user, `/v5/team/${teamId}/project/${projectId}/changes?minCheckpoint=${encodeURIComponent(minCheckpoint)}`);
    const seen = (user: TestUser, projectId: string, body: object = {}) =>
      stack.put(user, `/v5/team/${teamId}/project/${projectId}/seen`, body);

    it('counts the others\' changes since the read position, and none after marking them seen', async () => {
      const first = await changes(owner, P1);
      expect(first.statusCode).toBe(200);
      const others = made.filter((m) => m.projectId === P1 && m.actorId !== owner.userId).length;
      expect(first.json().body).toMatchObject({ count: others, capped: false, seen: null });
      expect(first.json().body.entries.every((e: ActivityEntryView) => e.actor.id !== owner.userId)).toBe(true);
      const marked = await seen(owner, P1, { position: first.json().body.position });
      expect(marked.statusCode).toBe(200);
      last = marked.json().body.checkpoint;
      expect((await changes(owner, P1)).json().body).toMatchObject({ count: 0, entries: [], seen: first.json().body.position });

      // Someone else edits: one change; my own edit: still one.
      await edit(helper, P1, L1, 'Neu nach dem Ansehen');
      await edit(owner, P1, L1, 'Meine eigene');
      const after = (await changes(owner, P1)).json().body;
      expect(after.count).toBe(1);
      expect(after.entries[0].changes).toEqual([{ field: 'name', before: null, after: 'Neu nach dem Ansehen' }, { field: 'capacity', before: null, after: 20 }]);
      // Marking without a position takes everything so far; an older position changes nothing.
      const all = await seen(owner, P1);
      last = all.json().body.checkpoint;
      expect((await changes(owner, P1)).json().body.count).toBe(0);
      expect((await seen(owner, P1, { position: first.json().body.position })).json().body.changed).toBe(false);
      // Another person's position is their own.
      expect((await changes(helper, P1)).json().body.seen).toBeNull();
    });

    it('refuses a forged position and callers without manage_prj', async () => {
      const forged = await seen(owner, P1, { position: 'nicht-ein-checkpoint' });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().error.field).toBe('position');
      expect((await changes(plain, P1)).statusCode).toBe(403);
      expect((await changes(outsider, P1)).statusCode).toBe(404);
      expect((await seen(plain, P1)).statusCode).toBe(403);
    });

    it('counts several projects in one call, each as its own changes call counts it', async () => {
      const counts = (user: TestUser, projects: string) =>
        stack.get(user, `/v5/team/${teamId}/changes?projects=${projects}&minCheckpoint=${encodeURIComponent(last)}`);
      await edit(helper, P2, L1, 'Neu in P2');
      const one = await Promise.all([P1, P2].map(async (projectId) => (await changes(owner, projectId)).json().body));
      const both = await counts(owner, `${P2},${P1},${P2}`);
      expect(both.statusCode).toBe(200);
      // In the order asked, a project named twice once.
      expect(both.json().body.projects).toEqual([
        { projectId: P2, count: one[1].count, capped: false },
        { projectId: P1, count: one[0].count, capped: false },
      ]);
      expect(one[1].count).toBeGreaterThan(0);
      // Marking P2 seen brings its count to nought and leaves P1's.
      last = (await seen(owner, P2)).json().body.checkpoint;
      expect((await counts(owner, `${P1},${P2}`)).json().body.projects).toEqual([
        { projectId: P1, count: one[0].count, capped: false },
        { projectId: P2, count: 0, capped: false },
      ]);
      expect((await counts(plain, P1)).statusCode).toBe(403);
      expect((await counts(outsider, P1)).statusCode).toBe(404);
      const tooMany = await counts(owner, Array.from({ length: 21 }, () => randomUUID()).join(','));
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error.field).toBe('projects');
      expect((await counts(owner, 'nicht/erlaubt')).statusCode).toBe(400);
    });
  });

  describe('erasure', () => {
    it('removes the erased person\'s name and personal fields from the log', async () => {
      const erika = await stack.register({ vorname: 'Erika', nachname: 'Eraser' });
      await stack.addMember(owner, teamId, erika, 'member');
      await edit(erika, P1, L1, 'Beitrag E', { note: 'Erikas Telefon 0171 1234567' });
      last = await stack.edit(teamId, { kind: 'anonymous', id: erika.userId, name: 'Erika als Gast' }, { projectId: P1, listId: L1, itemId: 'gast', name: 'Gast' });
      // The two edits may share a millisecond, and entries of one millisecond have no set order:
      // compared by kind of actor (anonymous, then user).
      const byActorKind = <T extends { actor: { kind: string } }>(list: T[]) => [...list].sort((a, b) => a.actor.kind.localeCompare(b.actor.kind));
      const before = byActorKind(await entries(owner, { person: erika.userId, type: 'TestItemEdited' }));
      expect(before.map((e) => e.actor.name)).toEqual(['Erika als Gast', 'Erika Eraser']);
      expect(JSON.stringify(before)).not.toContain('Telefon');

      const erased = await stack.command.inject({ method: 'DELETE', url: '/v5/user', headers: auth(erika), payload: { pass: erika.password } });
      expect(erased.statusCode).toBe(200);
      last = erased.json().body.checkpoint;
      const after = byActorKind(await entries(owner, { person: erika.userId, type: 'TestItemEdited' }));
      expect(after.map((e) => e.actor)).toEqual([
        { kind: 'anonymous', id: erika.userId, name: null, display: 'anonymous visitor' },
        { kind: 'user', id: erika.userId, name: null, display: 'former member' },
      ]);
      const log = await activeTable(stack.pool, 'activity-log', ACTIVITY_LOG);
      const fields = await activeTable(stack.pool, 'activity-log', ACTIVITY_OBJECT_FIELDS);
      const stored = await stack.pool.query(`SELECT (SELECT json_agg(l)::text FROM ${log} l) AS log, (SELECT json_agg(f)::text FROM ${fields} f) AS fields`);
      expect(stored.rows[0].log).not.toMatch(/Erika|Eraser|Telefon/);
      expect(stored.rows[0].fields).not.toMatch(/Erika|Eraser|Telefon/);
      const csv = await stack.get(owner, `/v5/team/${teamId}/activity/export?person=${erika.userId}`);
      expect(csv.payload).not.toMatch(/Erika|Eraser/);
    });
  });
});
