import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { describeWith } from '../../../scripts/testing/components';
import { createCommandService } from '../app/create-command-service';
import { auth, HEADERS, startProjectsStack, type ProjectsStack, type TestProjectTree, type TestTeam } from '../projects/testing/projects-stack';

// Issue 12: a retried visitor sign-up with the same Idempotency-Key books nothing more and gets
// the first answer, token included, on either of two command services (group commit per list).
describeWith('postgres', 'sign-ups with Idempotency-Key (command services on PostgreSQL)', () => {
  let stack: ProjectsStack;
  let team: TestTeam;
  let tree: TestProjectTree;
  let second: NestFastifyApplication;

  beforeAll(async () => {
    stack = await startProjectsStack('cmd_signup_keys');
    team = await stack.createTeam();
    tree = await stack.createProjectTree(team, { release: true, list: { settings: { allowAnonymous: true } }, items: [{ name: 'Kuchen', capacity: 2 }] });
    second = await createCommandService({ pool: stack.pool, store: stack.store });
  }, 60_000);

  afterAll(async () => {
    await second?.close();
    await stack?.close();
  });

  const manage = () => `/v5/team/${team.teamId}/project/${tree.projectId}`;
  const signupUrl = (listId: string) => `/v5/project/${tree.projectId}/list/${listId}/signup`;
  const addSignup = (app: NestFastifyApplication, listId: string, itemId: string, name: string, key: string, device = 'Gast000001') =>
    app.inject({ method: 'POST', url: signupUrl(listId), headers: { ...HEADERS, 'x-device-id': device, 'idempotency-key': key }, payload: { itemId, name } });
  const added = async (listId: string) => (await stack.pool.query<{ signup_id: string }>(
    "SELECT data->>'signupId' AS signup_id FROM events WHERE stream_id = $1 AND type = 'SignUpAdded'", [`signups-${listId}`])).rows.map((r) => r.signup_id);

  async function addList(capacity: number): Promise<{ listId: string; itemId: string }> {
    const list = await stack.send(team.owner, 'POST', `${manage()}/phase/${tree.phaseId}/list`, { name: 'Liste', settings: { allowAnonymous: true } });
    expect(list.statusCode).toBe(201);
    const listId = list.json().body.listId as string;
    const item = await stack.send(team.owner, 'POST', `${manage()}/list/${listId}/item`, { name: 'Helfer', capacity });
    expect(item.statusCode).toBe(201);
    return { listId, itemId: item.json().body.itemId as string };
  }

  it('a retry with the key answers the first answer, token included, and books no second place', async () => {
    const { listId, itemId } = await addList(2);
    const first = await addSignup(stack.command, listId, itemId, 'Erika', 'visit-1');
    expect(first.statusCode).toBe(201);
    const { signupId, token } = first.json().body as { signupId: string; token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const retried = await addSignup(stack.command, listId, itemId, 'Erika', 'visit-1');
    const elsewhere = await addSignup(second, listId, itemId, 'Erika', 'visit-1');
    expect(retried.statusCode).toBe(201);
    expect(retried.body).toBe(first.body);
    expect(elsewhere.body).toBe(first.body);
    expect(await added(listId)).toEqual([signupId]);

    // The stored answer never holds the visitor's token (ADR 0004); the token works.
    const stored = await stack.pool.query<{ response: string }>("SELECT response::text AS response FROM idempotency_keys WHERE key = 'visit-1'");
    expect(stored.rows[0]?.response).not.toContain(token);
    const cancelled = await stack.command.inject({ method: 'DELETE', url: `${signupUrl(listId)}/${signupId}`, headers: { ...HEADERS, 'x-signup-token': token } });
    expect(cancelled.statusCode).toBe(200);
  });

  it('the same key with another name is refused with 422 and books nothing', async () => {
    const { listId, itemId } = await addList(2);
    expect((await addSignup(stack.command, listId, itemId, 'Erika', 'visit-2')).statusCode).toBe(201);
    const other = await addSignup(stack.command, listId, itemId, 'Max', 'visit-2');
    expect(other.statusCode).toBe(422);
    expect(other.json().error.intern).toBe('idempotency_key_reused');
    expect(await added(listId)).toHaveLength(1);
  });

  it('a retry after a crash between the append and the stored answer books nothing and answers the same sign-up and token', async () => {
    const { listId, itemId } = await addList(2);
    const first = await addSignup(stack.command, listId, itemId, 'Erika', 'visit-crash');
    expect(first.statusCode).toBe(201);
    // The crash: the events are in, the answer is not.
    await stack.pool.query("DELETE FROM idempotency_keys WHERE key = 'visit-crash'");
    const retried = await addSignup(second, listId, itemId, 'Erika', 'visit-crash');
    expect(retried.statusCode).toBe(201);
    expect(retried.json().body).toMatchObject({ signupId: first.json().body.signupId, token: first.json().body.token, status: 'placed' });
    expect(await added(listId)).toHaveLength(1);
  });

  it('a list notice retried after its answer was lost appends nothing more and answers the same notice', async () => {
    const { listId, itemId } = await addList(5);
    const joined = await stack.command.inject({ method: 'POST', url: signupUrl(listId), headers: auth(team.member), payload: { itemId } });
    expect(joined.statusCode).toBe(201);
    const notify = () => stack.command.inject({
      method: 'POST', url: `${manage()}/list/${listId}/notify`, headers: { ...auth(team.owner), 'idempotency-key': 'notice-1' },
      payload: { subject: 'Treffpunkt', text: 'Um 9 Uhr am Tor.' },
    });
    const first = await notify();
    expect(first.statusCode).toBe(202);
    // The crash: the notice is in, the answer is not. The retry decides again at another time.
    await stack.pool.query("DELETE FROM idempotency_keys WHERE key = 'notice-1'");
    const retried = await notify();
    expect(retried.statusCode).toBe(202);
    expect(retried.json().body).toMatchObject({ noticeId: first.json().body.noticeId, recipients: 1 });
    const notices = await stack.pool.query("SELECT count(*)::int AS n FROM events WHERE stream_id = $1", [`signup-notices-${listId}`]);
    expect(notices.rows[0].n).toBe(1);
  });

  it('concurrent visitors with their own keys, each retried at once on both services, book one place per key', async () => {
    const { listId, itemId } = await addList(50);
    const visitors = Array.from({ length: 20 }, (_, i) => ({ name: `Gast ${i}`, key: `rush-${i}`, device: `Gast${String(i).padStart(6, '0')}` }));
    const answers = await Promise.all(visitors.flatMap((v) => [
      addSignup(stack.command, listId, itemId, v.name, v.key, v.device),
      addSignup(second, listId, itemId, v.name, v.key, v.device),
      addSignup(stack.command, listId, itemId, v.name, v.key, v.device),
    ]));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(60).fill(201));
    for (let i = 0; i < visitors.length; i += 1) {
      const [a, b, c] = answers.slice(i * 3, i * 3 + 3);
      expect(b?.body).toBe(a?.body);
      expect(c?.body).toBe(a?.body);
    }
    const ids = await added(listId);
    expect(ids).toHaveLength(20);
    expect(new Set(ids)).toEqual(new Set(answers.map((a) => a.json().body.signupId as string)));
  }, 60_000);
});
