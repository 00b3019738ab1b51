import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  createEventCatalogue,
  SignupPromoted,
  ListMemberNotified,
  type RecordedEvent,
} from '@planwerk/events';
import { deriveAuthKeys, openPostgresEventStore, PASSWORD_ATTEMPTS_ALLOWED, projectPasswordScope } from '@planwerk/platform';
import { describeWith } from '../../../scripts/testing/components';
import type { TestUser } from '../accounts/testing/register-test-user';
import { createCommandService } from '../app/create-command-service';
import { mailRequestFor } from '../mail/mail-reactor';
import { auth, HEADERS, startProjectsStack, type ProjectsStack, type TestProjectTree, type TestTeam } from '../projects/testing/projects-stack';
import { createSignupMailSources } from './signup-mail-sources';

describeWith('postgres', 'sign-ups (command service on PostgreSQL)', () => {
  let stack: ProjectsStack;
  let team: TestTeam;
  let tree: TestProjectTree;
  // A second command service on the same database: a hot list served by two instances.
  let second: NestFastifyApplication;

  beforeAll(async () => {
    stack = await startProjectsStack('cmd_signups');
    team = await stack.createTeam();
    tree = await stack.createProjectTree(team, {
      release: true,
      list: { settings: { allowAnonymous: true } },
      items: [{ name: 'Kuchen', capacity: 2 }, { name: 'Grill', capacity: 1 }],
    });
    second = await createCommandService({ pool: stack.pool, store: stack.store });
  }, 60_000);

  afterAll(async () => {
    await second?.close();
    await stack?.close();
  });

  const manage = (projectId = tree.projectId) => `/v5/team/${team.teamId}/project/${projectId}`;
  const signupUrl = (listId: string, projectId = tree.projectId) => `/v5/project/${projectId}/list/${listId}/signup`;
  const streamEvents = async (streamId: string) =>
    (await stack.pool.query<{ type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }>(
      'SELECT type, data, metadata FROM events WHERE stream_id = $1 ORDER BY stream_position', [streamId])).rows;
  const version = async (streamId: string) => Number((await stack.pool.query('SELECT coalesce(max(stream_position), 0) AS v FROM events WHERE stream_id = $1', [streamId])).rows[0].v);
  const recorded = async (type: string, streamId: string): Promise<RecordedEvent[]> => {
    const slice = await stack.store.readStream(streamId);
    return slice.events.filter((e) => e.type === type);
  };

  async function addList(body: Record<string, unknown>, items: Array<Record<string, unknown>>): Promise<{ listId: string; itemIds: string[] }> {
    const list = await stack.send(team.owner, 'POST', `${manage()}/phase/${tree.phaseId}/list`, { name: 'Liste', ...body });
    expect(list.statusCode).toBe(201);
    const listId = list.json().body.listId as string;
    const itemIds: string[] = [];
    for (const item of items) {
      const added = await stack.send(team.owner, 'POST', `${manage()}/list/${listId}/item`, item);
      expect(added.statusCode).toBe(201);
      itemIds.push(added.json().body.itemId as string);
    }
    return { listId, itemIds };
  }

  const visitorSignup = (app: NestFastifyApplication, listId: string, itemId: string, name: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: signupUrl(listId), headers: { ...HEADERS, ...headers }, payload: { itemId, name } });
  const userSignup = (user: TestUser | null, listId: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    stack.command.inject({ method: 'POST', url: signupUrl(listId), headers: { ...auth(user), ...headers }, payload });

  describe('concurrency (ADR 0006, "Hot lists")', () => {
    it('100 concurrent sign-ups for 10 places accept exactly 10', async () => {
      const { listId, itemIds } = await addList({ settings: { allowAnonymous: true } }, [{ name: 'Helfer', capacity: 10 }]);
      const itemId = itemIds[0] as string;
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) =>
        visitorSignup(i % 2 === 0 ? stack.command : second, listId, itemId, `Gast ${i}`)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(90);
      for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json().error.intern).toBe('list_full');
      const events = await streamEvents(`signups-${listId}`);
      expect(events.map((e) => e.type)).toEqual(Array(10).fill('SignUpAdded'));
      expect(events.every((e) => e.data.status === 'placed')).toBe(true);
    }, 60_000);

    it('with a waitlist: 10 placed, 90 waitlisted in order; a cancel promotes the first waitlisted', async () => {
      const { listId, itemIds } = await addList({ settings: { allowAnonymous: true, waitlist: true } }, [{ name: 'Helfer', capacity: 10 }]);
      const itemId = itemIds[0] as string;
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) =>
        visitorSignup(i % 2 === 0 ? stack.command : second, listId, itemId, `Gast ${i}`)));
      expect(answers.every((a) => a.statusCode === 201)).toBe(true);
      const bodies = answers.map((a) => a.json().body as { signupId: string; status: string; position: number | null; token: string });
      expect(bodies.filter((b) => b.status === 'placed')).toHaveLength(10);
      const waitlisted = bodies.filter((b) => b.status === 'waitlisted');
      expect(waitlisted).toHaveLength(90);
      expect(waitlisted.map((b) => b.position).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));

      const first = waitlisted.find((b) => b.position === 1);
      const placed = bodies.find((b) => b.status === 'placed');
      const cancelled = await stack.command.inject({
        method: 'DELETE', url: `${signupUrl(listId)}/${placed?.signupId}`, headers: { ...HEADERS, 'x-signup-token': placed?.token ?? '' },
      });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().body.promoted).toEqual([first?.signupId]);
      const events = await streamEvents(`signups-${listId}`);
      expect(events.slice(-2).map((e) => e.type)).toEqual(['SignUpCancelled', 'SignUpPromoted']);
    }, 60_000);
  });

  describe('visitors and their private token', () => {
    it('returns a 256-bit token once and stores only its SHA-256; the data is encrypted for anon-<signupId>', async () => {
      const answer = await visitorSignup(stack.command, tree.listId, tree.itemIds[0] as string, 'Eva');
      expect(answer.statusCode).toBe(201);
      const { signupId, token } = answer.json().body;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [event] = (await streamEvents(`signups-${tree.listId}`)).filter((e) => e.data.signupId === signupId);
      expect(JSON.stringify(event)).not.toContain(token);
      expect(event?.data.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(event?.metadata.personId).toBe(`anon-${signupId}`);
    });

    it('refuses a change or cancel with a wrong or missing token and changes nothing; the right token works', async () => {
      const { signupId, token } = (await visitorSignup(stack.command, tree.listId, tree.itemIds[0] as string, 'Max')).json().body;
      const url = `${signupUrl(tree.listId)}/${signupId}`;
      const stream = `signups-${tree.listId}`;
      const before = await version(stream);
      const wrong = randomBytes(32).toString('base64url');
      const attempts = [
        await stack.command.inject({ method: 'PUT', url, headers: { ...HEADERS, 'x-signup-token': wrong }, payload: { name: 'Moritz' } }),
        await stack.command.inject({ method: 'DELETE', url, headers: { ...HEADERS, 'x-signup-token': wrong } }),
        await stack.command.inject({ method: 'DELETE', url, headers: { ...HEADERS, 'x-signup-token': 'kurz' } }),
        await stack.command.inject({ method: 'DELETE', url, headers: HEADERS }),
      ];
      for (const refused of attempts) {
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.intern).toBe('signup_token_invalid');
      }
      // A signed-in member who is not the visitor is refused alike.
      const member = await stack.command.inject({ method: 'DELETE', url, headers: auth(team.member) });
      expect(member.statusCode).toBe(403);
      expect(await version(stream)).toBe(before);

      const renamed = await stack.command.inject({ method: 'PUT', url, headers: { ...HEADERS, 'x-signup-token': token }, payload: { name: 'Moritz' } });
      expect(renamed.statusCode).toBe(200);
      const cancelled = await stack.command.inject({ method: 'DELETE', url, headers: { ...HEADERS, 'x-signup-token': token } });
      expect(cancelled.statusCode).toBe(200);
      expect((await streamEvents(stream)).slice(-2).map((e) => e.type)).toEqual(['SignUpChanged', 'SignUpCancelled']);
    });

    it('refuses visitors on a list without anonymous sign-ups, and asks for a name (2004)', async () => {
      const { listId, itemIds } = await addList({}, [{ name: 'Eins', capacity: null }]);
      const closed = await visitorSignup(stack.command, listId, itemIds[0] as string, 'Eva');
      expect(closed.statusCode).toBe(401);
      expect(closed.json().error.intern).toBe('signup_login_required');
      const nameless = await stack.command.inject({ method: 'POST', url: signupUrl(tree.listId), headers: HEADERS, payload: { itemId: tree.itemIds[0] } });
      expect(nameless.json().error.intern).toBe(2004);
      // jsonb cannot hold NUL: refused as input, not a 500.
      const nul = await visitorSignup(stack.command, tree.listId, tree.itemIds[0] as string, 'Eva\u0000');
      expect(nul.statusCode).toBe(400);
      expect(nul.json().error).toMatchObject({ intern: 'validation_failed', field: 'name' });
    });
  });

  describe('members and admins', () => {
    it('signs a member up as themselves; the item of capacity 1 is then taken (2003)', async () => {
      const grill = tree.itemIds[1] as string;
      const own = await userSignup(team.member, tree.listId, { itemId: grill });
      expect(own.statusCode).toBe(201);
      const [event] = (await streamEvents(`signups-${tree.listId}`)).filter((e) => e.data.signupId === own.json().body.signupId);
      expect(event?.data).toMatchObject({ userId: team.member.userId, by: 'self' });
      expect(event?.metadata.personId).toBe(team.member.userId);
      const taken = await userSignup(team.space, tree.listId, { itemId: grill });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.intern).toBe(2003);
      const again = await userSignup(team.member, tree.listId, { itemId: grill });
      expect(again.json().error.intern).toBe('signup_already_signed_up');
    });

    it('lets admins sign up only on behalf of someone', async () => {
      const self = await userSignup(team.admin, tree.listId, { itemId: tree.itemIds[0] });
      expect(self.statusCode).toBe(400);
      expect(self.json().error.intern).toBe(2004);
      const asSelf = await userSignup(team.admin, tree.listId, { itemId: tree.itemIds[0], userId: team.admin.userId });
      expect(asSelf.json().error.intern).toBe('signup_admin_on_behalf');
      const unknown = await userSignup(team.admin, tree.listId, { itemId: tree.itemIds[0], userId: '00000000-0000-4000-8000-000000000000' });
      expect(unknown.json().error).toMatchObject({ intern: 'validation_failed', field: 'userId' });
      const { listId, itemIds } = await addList({}, [{ name: 'Frei', capacity: null }]);
      const byName = await userSignup(team.owner, listId, { itemId: itemIds[0], name: 'Opa Karl' });
      expect(byName.statusCode).toBe(201);
      expect((await streamEvents(`signups-${listId}`))[0]?.data).toMatchObject({ userId: null, name: 'Opa Karl', by: 'admin' });
    });

    it('mails a promoted member through the mail jobs (signup-promoted)', async () => {
      const { listId, itemIds } = await addList({ settings: { waitlist: true } }, [{ name: 'Platz', capacity: 2 }]);
      const itemId = itemIds[0] as string;
      const a = (await userSignup(team.owner, listId, { itemId, name: 'A' })).json().body;
      await userSignup(team.owner, listId, { itemId, name: 'B' });
      const waiting = (await userSignup(team.member, listId, { itemId })).json().body;
      expect(waiting).toMatchObject({ status: 'waitlisted', position: 1 });
      const cancelled = await stack.command.inject({ method: 'DELETE', url: `${signupUrl(listId)}/${a.signupId}`, headers: auth(team.admin) });
      expect(cancelled.json().body.promoted).toEqual([waiting.signupId]);
      const [promoted] = await recorded(SignupPromoted.type, `signups-${listId}`);
      const mail = await mailRequestFor(promoted as RecordedEvent, { sources: createSignupMailSources(deriveAuthKeys(randomBytes(32))), store: stack.store, catalogue: createEventCatalogue() });
      expect(mail).toMatchObject({ template: 'signup-promoted', to: team.member.mail, params: { projectName: 'Sommerfest', itemName: 'Platz' }, linkPath: `/${tree.link}` });
    });
  });

  describe('windows (spec section 4)', () => {
    const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
    it.each([
      ['not yet open', { opensAt: hours(2), closesAt: null, endsAt: null }, 2002],
      ['past its limit date', { opensAt: null, closesAt: hours(-2), endsAt: hours(5) }, 2002],
      ['ended', { opensAt: null, closesAt: null, endsAt: hours(-1) }, 2001],
    ])('refuses a list that is %s', async (_label, window, code) => {
      const { listId, itemIds } = await addList({ window, settings: { allowAnonymous: true } }, [{ name: 'Eins', capacity: null }]);
      const refused = await visitorSignup(stack.command, listId, itemIds[0] as string, 'Eva');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.intern).toBe(code);
      expect(await version(`signups-${listId}`)).toBe(0);
    });

    it('accepts inside the window', async () => {
      const { listId, itemIds } = await addList({ window: { opensAt: hours(-1), closesAt: hours(1), endsAt: hours(2) }, settings: { allowAnonymous: true } }, [{ name: 'Eins', capacity: null }]);
      expect((await visitorSignup(stack.command, listId, itemIds[0] as string, 'Eva')).statusCode).toBe(201);
    });
  });

  describe('management', () => {
    it('confirms manual attendance, and refuses it on automatic lists', async () => {
      const manual = await addList({ attendance: 'manual' }, [{ name: 'Eins', capacity: null }]);
      const entry = (await userSignup(team.owner, manual.listId, { itemId: manual.itemIds[0], name: 'Eva' })).json().body;
      const confirmed = await stack.send(team.space, 'PUT', `${manage()}/list/${manual.listId}/attendance`, { signupIds: [entry.signupId] });
      expect(confirmed.statusCode).toBe(200);
      expect((await streamEvents(`signups-${manual.listId}`)).at(-1)).toMatchObject({ type: 'AttendanceConfirmed', data: { signupIds: [entry.signupId], attended: true } });
      const automatic = await stack.send(team.owner, 'PUT', `${manage()}/list/${tree.listId}/attendance`, { signupIds: [entry.signupId] });
      expect(automatic.json().error.intern).toBe('attendance_automatic');
      const plain = await stack.send(team.member, 'PUT', `${manage()}/list/${manual.listId}/attendance`, { signupIds: [entry.signupId] });
      expect(plain.statusCode).toBe(403);
    });

    it('clears an item, a list, and every list of the project in one transaction', async () => {
      const a = await addList({}, [{ name: 'Eins', capacity: null }, { name: 'Zwei', capacity: null }]);
      const b = await addList({}, [{ name: 'Drei', capacity: null }]);
      for (const [listId, itemId] of [[a.listId, a.itemIds[0]], [a.listId, a.itemIds[0]], [a.listId, a.itemIds[1]], [b.listId, b.itemIds[0]]]) {
        expect((await userSignup(team.owner, listId as string, { itemId, name: 'Eva' })).statusCode).toBe(201);
      }
      const item = await stack.send(team.owner, 'DELETE', `${manage()}/list/${a.listId}/item/${a.itemIds[0]}/signups`);
      expect(item.json().body.cleared).toBe(2);
      const list = await stack.send(team.owner, 'POST', `${manage()}/list/${a.listId}/clean`);
      expect(list.json().body.cleared).toBe(1);

      await userSignup(team.owner, a.listId, { itemId: a.itemIds[0], name: 'Neu' });
      const project = await stack.send(team.owner, 'POST', `${manage()}/clean`);
      expect(project.statusCode).toBe(200);
      expect(project.json().body.cleared).toBeGreaterThanOrEqual(2);
      const txids = await stack.pool.query<{ n: string }>(
        "SELECT count(DISTINCT transaction_id)::text AS n FROM events WHERE type = 'ListSignUpsCleared' AND (data->>'projectId') = $1 AND stream_id <> $2",
        [tree.projectId, `signups-${a.listId}`]);
      expect(txids.rows[0]?.n).toBe('1');
      for (const listId of [a.listId, b.listId, tree.listId]) {
        const folded = await stack.store.readStream(`signups-${listId}`);
        expect(folded.events.at(-1)?.type).toBe('ListSignUpsCleared');
      }
    });

    it('answers 404 for a project of another team', async () => {
      const other = await stack.createTeam();
      const refused = await stack.send(other.owner, 'POST', `/v5/team/${other.teamId}/project/${tree.projectId}/clean`);
      expect(refused.statusCode).toBe(404);
    });

    it('mails a notice to the members signed up in the list, visitors get nothing', async () => {
      const { listId, itemIds } = await addList({ settings: { allowAnonymous: true } }, [{ name: 'Eins', capacity: null }]);
      await userSignup(team.member, listId, { itemId: itemIds[0] });
      await userSignup(team.owner, listId, { itemId: itemIds[0], userId: team.space.userId });
      await visitorSignup(stack.command, listId, itemIds[0] as string, 'Gast');
      const sent = await stack.send(team.owner, 'POST', `${manage()}/list/${listId}/notify`, { subject: 'Treffpunkt', text: 'Wir treffen uns um 9 Uhr.' });
      expect(sent.statusCode).toBe(202);
      expect(sent.json().body.recipients).toBe(2);
      const notices = await recorded(ListMemberNotified.type, `signup-notices-${listId}`);
      const mails = await Promise.all(notices.map((e) => mailRequestFor(e, { sources: createSignupMailSources(deriveAuthKeys(randomBytes(32))), store: stack.store })));
      expect(mails.map((m) => m?.to).sort()).toEqual([team.member.mail, team.space.mail].sort());
      expect(mails[0]).toMatchObject({ template: 'list-notify', params: { subject: 'Treffpunkt', text: 'Wir treffen uns um 9 Uhr.' } });
    });
  });

  describe('visibility (spec section 6)', () => {
    it('asks visitors of a team project to log in, and checks a project password with argon2', async () => {
      const visibility = (body: object) => stack.send(team.owner, 'PUT', `${manage()}/visibility`, body);
      expect((await visibility({ visibility: 'team' })).statusCode).toBe(200);
      const team1 = await visitorSignup(stack.command, tree.listId, tree.itemIds[0] as string, 'Eva');
      expect(team1.json().error.intern).toBe('signup_login_required');
      const outsider = await stack.register();
      expect((await userSignup(outsider, tree.listId, { itemId: tree.itemIds[0] })).json().error.intern).toBe('no_permission');

      expect((await visibility({ visibility: 'password', password: 'geheim-123' })).statusCode).toBe(200);
      const none = await visitorSignup(stack.command, tree.listId, tree.itemIds[0] as string, 'Eva');
      expect(none.json().error.intern).toBe('project_password_required');
      const wrong = await visitorSignup(stack.command, tree.listId, tree.itemIds[0] as string, 'Eva', { 'x-project-password': 'falsch-123' });
      expect(wrong.json().error.intern).toBe('project_password_wrong');
      const right = await visitorSignup(stack.command, tree.listId, tree.itemIds[0] as string, 'Eva', { 'x-project-password': 'geheim-123' });
      expect(right.statusCode).toBe(201);
      expect((await visibility({ visibility: 'public' })).statusCode).toBe(200);
    });

    it('refuses a project password under 8 characters (spec: password minimum 8)', async () => {
      const visibility = (body: object) => stack.send(team.owner, 'PUT', `${manage()}/visibility`, body);
      for (const password of ['abcd', 'sieben7']) {
        const short = await visibility({ visibility: 'password', password });
        expect(short.statusCode).toBe(400);
        expect(short.json().error).toMatchObject({ intern: 'validation_failed', field: 'password' });
      }
      expect((await visibility({ visibility: 'public' })).statusCode).toBe(200);
    });

    it('limits wrong project passwords on the sign-up path too: 20 concurrent guesses check at most 5, then 429 (one limiter with the view)', async () => {
      const visibility = (body: object) => stack.send(team.owner, 'PUT', `${manage()}/visibility`, body);
      expect((await visibility({ visibility: 'password', password: 'geheim-789' })).statusCode).toBe(200);
      const itemId = tree.itemIds[1] as string;
      const guess = (password: string, remoteAddress: string, extra: Record<string, string> = {}) => stack.command.inject({
        method: 'POST', url: signupUrl(tree.listId), remoteAddress, headers: { ...HEADERS, 'x-project-password': password, ...extra }, payload: { itemId, name: 'Mallory' },
      });
      // A new X-Forwarded-For per guess from a remote peer changes nothing: the peer is the client.
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => guess(`falsch-${i}-lang`, '203.0.113.31', { 'x-forwarded-for': `10.1.1.${i + 1}` })));
      const codes = answers.map((answer) => answer.json().error?.intern);
      expect(codes.filter((code) => code === 'project_password_wrong').length).toBe(PASSWORD_ATTEMPTS_ALLOWED);
      expect(codes.filter((code) => code === 'project_password_blocked').length).toBe(20 - PASSWORD_ATTEMPTS_ALLOWED);
      expect(answers.find((answer) => answer.json().error?.intern === 'project_password_blocked')?.statusCode).toBe(429);
      // The right password from that address now waits as well; another address is not blocked.
      expect((await guess('geheim-789', '203.0.113.31')).json().error?.intern).toBe('project_password_blocked');
      // The scope is the one the public view and the live subscription count in.
      const scope = projectPasswordScope(tree.projectId, '203.0.113.31');
      const counted = await stack.pool.query('SELECT failures FROM project_password_failures WHERE scope = $1', [scope]);
      expect(counted.rows[0].failures).toBeGreaterThan(PASSWORD_ATTEMPTS_ALLOWED);
      const other = await guess('geheim-789', '198.51.100.31');
      expect(other.statusCode).toBe(201);
      expect((await visibility({ visibility: 'public' })).statusCode).toBe(200);
    });
  });

  describe('personal data', () => {
    it('encrypts name and values when the store has a master key', async () => {
      const encrypting = await openPostgresEventStore({ pool: stack.pool, catalogue: createEventCatalogue(), masterKey: randomBytes(32).toString('base64') });
      const app = await createCommandService({ pool: stack.pool, store: encrypting });
      try {
        const answer = await visitorSignup(app, tree.listId, tree.itemIds[0] as string, 'Geheim Name');
        expect(answer.statusCode).toBe(201);
        const [raw] = (await streamEvents(`signups-${tree.listId}`)).filter((e) => e.data.signupId === answer.json().body.signupId);
        expect(JSON.stringify(raw?.data)).not.toContain('Geheim Name');
        expect(raw?.data.name).toHaveProperty('$encrypted');
      } finally {
        await app.close();
        await encrypting.close();
      }
    });
  });
});
