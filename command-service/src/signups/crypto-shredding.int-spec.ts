import { randomBytes, randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEventCatalogue, type RecordedEvent } from '@planwerk/events';
import { openPostgresEventStore, type PostgresEventStore } from '@planwerk/platform';
import { describeWith } from '../../../scripts/testing/components';
import { createCommandService } from '../app/create-command-service';
import { auth, HEADERS, startProjectsStack, type ProjectsStack, type TestTeam } from '../projects/testing/projects-stack';

// Crypto-shredding gaps of issue 12 (architecture rule 8): visitors' keys are erased with their
// sign-ups, and comment, notice and invitation texts are encrypted with their author's key.
interface Project {
  team: TestTeam;
  projectId: string;
  listId: string;
  itemId: string;
}

describeWith('postgres', 'crypto-shredding of visitors and authored texts (command service on PostgreSQL)', () => {
  let stack: ProjectsStack;
  let store: PostgresEventStore;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    stack = await startProjectsStack('cmd_shredding');
    store = await openPostgresEventStore({ pool: stack.pool, catalogue: createEventCatalogue(), masterKey: randomBytes(32).toString('base64') });
    app = await createCommandService({ pool: stack.pool, store });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await store?.close();
    await stack?.close();
  });

  const send = (user: Parameters<typeof auth>[0], method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { ...auth(user), ...headers }, ...(payload !== undefined ? { payload } : {}) });
  const manage = (p: Project) => `/v5/team/${p.team.teamId}/project/${p.projectId}`;
  const signupUrl = (projectId: string, listId: string) => `/v5/project/${projectId}/list/${listId}/signup`;
  const rawEvents = async (streamId: string) =>
    (await stack.pool.query<{ type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }>(
      'SELECT type, data, metadata FROM events WHERE stream_id = $1 ORDER BY stream_position', [streamId])).rows;
  const keyState = async (personId: string) => {
    const row = (await stack.pool.query<{ erased: boolean }>('SELECT wrapped_key IS NULL AS erased FROM person_keys WHERE person_id = $1', [personId])).rows[0];
    return row === undefined ? 'none' : row.erased ? 'erased' : 'active';
  };
  const read = async (streamId: string, type: string): Promise<RecordedEvent[]> => (await store.readStream(streamId)).events.filter((e) => e.type === type);

  // Sign-ups need an active project, and the free plan allows one per team: a team per project.
  async function project(): Promise<Project> {
    const team = await stack.createTeam();
    const tree = await stack.createProjectTree(team, { release: true, list: { settings: { allowAnonymous: true } }, items: [{ name: 'Kuchen', capacity: null }] });
    return { team, projectId: tree.projectId, listId: tree.listId, itemId: tree.itemIds[0] as string };
  }
  async function visitor(p: Project, name: string): Promise<{ signupId: string; token: string }> {
    const added = await app.inject({ method: 'POST', url: signupUrl(p.projectId, p.listId), headers: HEADERS, payload: { itemId: p.itemId, name } });
    expect(added.statusCode).toBe(201);
    return added.json().body;
  }

  describe('visitor sign-up keys (anon-<signupId>)', () => {
    it('a cancelled visitor sign-up has its key erased and recorded; its name reads as null afterwards', async () => {
      const p = await project();
      const { signupId, token } = await visitor(p, 'Gast Geheim');
      expect(await keyState(`anon-${signupId}`)).toBe('active');
      // A refused cancel shreds nothing.
      expect((await app.inject({ method: 'DELETE', url: `${signupUrl(p.projectId, p.listId)}/${signupId}`, headers: HEADERS })).statusCode).toBe(403);
      expect(await keyState(`anon-${signupId}`)).toBe('active');

      const cancelled = await app.inject({ method: 'DELETE', url: `${signupUrl(p.projectId, p.listId)}/${signupId}`, headers: { ...HEADERS, 'x-signup-token': token } });
      expect(cancelled.statusCode).toBe(200);
      expect(await keyState(`anon-${signupId}`)).toBe('erased');
      const records = await rawEvents(`signup-erasures-${p.listId}`);
      expect(records).toEqual([expect.objectContaining({
        type: 'VisitorSignUpsErased', data: expect.objectContaining({ projectId: p.projectId, listId: p.listId, signupIds: [signupId], reason: 'cancelled' }),
      })]);
      const [added] = await read(`signups-${p.listId}`, 'SignUpAdded');
      expect(added?.data).toMatchObject({ signupId, name: null, values: null });
      expect(added?.metadata).toMatchObject({ erased: true });
    });

    it("a member's cancelled sign-up erases no key", async () => {
      const p = await project();
      const added = await send(p.team.member, 'POST', signupUrl(p.projectId, p.listId), { itemId: p.itemId });
      // A team project's list: a member signs up for themselves.
      expect(added.statusCode).toBe(201);
      const { signupId } = added.json().body;
      expect((await send(p.team.member, 'DELETE', `${signupUrl(p.projectId, p.listId)}/${signupId}`)).statusCode).toBe(200);
      expect(await keyState(`anon-${signupId}`)).toBe('none');
      expect(await keyState(p.team.member.userId)).toBe('active');
      expect(await rawEvents(`signup-erasures-${p.listId}`)).toEqual([]);
    });

    it("an admin's deletion and cleans keep the visitors' keys, so a backup can still show and restore them", async () => {
      const p = await project();
      const [a, b, c] = [await visitor(p, 'Anna'), await visitor(p, 'Bert'), await visitor(p, 'Carla')];
      expect((await send(p.team.owner, 'DELETE', `${signupUrl(p.projectId, p.listId)}/${a.signupId}`)).statusCode).toBe(200);
      const clean = await send(p.team.owner, 'POST', `${manage(p)}/list/${p.listId}/clean`);
      expect(clean.statusCode).toBe(200);
      expect(clean.json().body.cleared).toBe(2);
      expect((await send(p.team.owner, 'POST', `${manage(p)}/clean`)).statusCode).toBe(200);
      expect([await keyState(`anon-${a.signupId}`), await keyState(`anon-${b.signupId}`), await keyState(`anon-${c.signupId}`)])
        .toEqual(['active', 'active', 'active']);
      expect(await rawEvents(`signup-erasures-${p.listId}`)).toEqual([]);
    });

    it("purging a project erases its visitors' keys", async () => {
      const purged = await project();
      const d = await visitor(purged, 'Dora');
      expect((await send(purged.team.owner, 'PUT', `${manage(purged)}/status`, { status: 0 })).statusCode).toBe(200);
      expect((await send(purged.team.owner, 'DELETE', manage(purged))).statusCode).toBe(200);
      expect(await keyState(`anon-${d.signupId}`)).toBe('erased');
      const [record] = await rawEvents(`signup-erasures-${purged.listId}`);
      expect(record?.data).toMatchObject({ signupIds: [d.signupId], reason: 'purged' });
    });
  });

  describe('texts encrypted with their author\'s key', () => {
    it('a comment text is stored encrypted for its author (schema version 2) and reads as null once the author is erased', async () => {
      const p = await project();
      const path = `prj.${p.projectId}`;
      const added = await send(p.team.admin, 'POST', '/v5/comment', { path, text: 'Vertraulicher Kommentar' });
      expect(added.statusCode).toBe(201);
      const [raw] = await rawEvents(`comments-${p.projectId}`);
      expect(JSON.stringify(raw?.data)).not.toContain('Vertraulicher');
      expect(raw?.data.text).toHaveProperty('$encrypted');
      expect(raw?.metadata).toMatchObject({ personId: p.team.admin.userId, schemaVersion: 2 });
      expect((await read(`comments-${p.projectId}`, 'CommentAdded'))[0]?.data).toMatchObject({ text: 'Vertraulicher Kommentar' });

      await store.personalData?.cipher.eraseKey(p.team.admin.userId);
      expect((await read(`comments-${p.projectId}`, 'CommentAdded'))[0]?.data).toMatchObject({ text: null });
    });

    it('an old plaintext comment (schema version 1) still reads through the catalogue', () => {
      const catalogue = createEventCatalogue();
      const projectId = randomUUID();
      const old = catalogue.parse({
        eventId: randomUUID(), streamId: `comments-${projectId}`, streamVersion: 1, globalPosition: '1', checkpoint: '1', recordedAt: new Date().toISOString(),
        type: 'CommentAdded',
        data: { projectId, commentId: randomUUID(), path: `prj.${projectId}`, text: 'Alter Klartext', authorId: randomUUID(), at: new Date().toISOString() },
        metadata: { commandId: 'c', correlationId: 'c', causationId: null, actor: { kind: 'system', id: 'test' }, teamId: null, schemaVersion: 1 },
      } as unknown as RecordedEvent);
      expect(old.data).toMatchObject({ text: 'Alter Klartext' });
      expect(old.metadata.schemaVersion).toBe(2);
    });

    it("a list notice's subject and text are encrypted for the sender", async () => {
      const p = await project();
      expect((await send(p.team.member, 'POST', signupUrl(p.projectId, p.listId), { itemId: p.itemId })).statusCode).toBe(201);
      const sent = await send(p.team.owner, 'POST', `${manage(p)}/list/${p.listId}/notify`, { subject: 'Geheimer Treffpunkt', text: 'Hinter der Halle.' });
      expect(sent.statusCode).toBe(202);
      const [raw] = await rawEvents(`signup-notices-${p.listId}`);
      expect(JSON.stringify(raw?.data)).not.toMatch(/Geheimer|Halle/);
      expect(raw?.metadata).toMatchObject({ personId: p.team.owner.userId, schemaVersion: 2 });
      expect((await read(`signup-notices-${p.listId}`, 'ListMemberNotified'))[0]?.data).toMatchObject({ subject: 'Geheimer Treffpunkt', text: 'Hinter der Halle.' });
    });

    it("an invitation's message is encrypted for the inviter, the address for the invitation", async () => {
      const p = await project();
      const invited = await send(p.team.owner, 'POST', `${manage(p)}/invite`, { emails: ['gast@planwerk-test.de'], message: 'Komm vorbei, Grüße Olga' });
      expect(invited.statusCode).toBeLessThan(300);
      const [raw] = await rawEvents(`project-invites-${p.projectId}`);
      expect(JSON.stringify(raw?.data)).not.toMatch(/Olga|gast@/);
      expect(raw?.metadata).toMatchObject({ authorPersonId: p.team.owner.userId, schemaVersion: 2 });
      expect((await read(`project-invites-${p.projectId}`, 'ProjectInvitationSent'))[0]?.data).toMatchObject({ email: 'gast@planwerk-test.de', message: 'Komm vorbei, Grüße Olga' });
    });
  });
});
