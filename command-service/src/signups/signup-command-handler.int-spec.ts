import { randomBytes, randomUUID } from 'node:crypto';
import {
  createEventCatalogue,
  DomainError,
  signupsStreamId,
  type EventStore,
  type ProjectState,
  type StreamSlice,
} from '@planwerk/events';
import { openPostgresEventStore, PersonKeyErased, type PostgresEventStore } from '@planwerk/platform';
import { describeWith } from '../../../scripts/testing/components';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import { deterministicIds, randomIds, type IdSource } from '../shared/idempotency/deterministic-ids';
import { startProjectsStack, type ProjectsStack, type TestProjectTree, type TestTeam } from '../projects/testing/projects-stack';
import type { SignupCommand } from './decide/signup.decider';
import { SignupCommandHandler, type SignupsMutation } from './signup-command-handler';

// Group commit on `signups-<listId>` against PostgreSQL (ADR 0006, "Hot lists"): the sign-ups
// that queue behind a batch share one append, each keeps its own events, metadata, person key
// and outcome; retries with the same ids append nothing again; another instance's append makes
// the whole batch decide again on fresh state.

const TOKEN_HASH = 'c'.repeat(64);

describeWith('postgres', 'sign-up command handler: group commit (PostgreSQL)', () => {
  let stack: ProjectsStack;
  let team: TestTeam;
  let tree: TestProjectTree;
  let store: PostgresEventStore;

  beforeAll(async () => {
    stack = await startProjectsStack('cmd_signups_batch');
    team = await stack.createTeam();
    tree = await stack.createProjectTree(team, { release: true, list: { settings: { allowAnonymous: true } }, items: [{ name: 'Kuchen', capacity: null }] });
    // As in production: personal fields encrypted under each sign-up's person.
    store = await openPostgresEventStore({ pool: stack.pool, catalogue: createEventCatalogue(), masterKey: randomBytes(32).toString('base64') });
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    await stack?.close();
  });

  /** A new list of the test project with one item. */
  async function addList(capacity: number | null): Promise<{ listId: string; itemId: string }> {
    const base = `/v5/team/${team.teamId}/project/${tree.projectId}`;
    const list = await stack.send(team.owner, 'POST', `${base}/phase/${tree.phaseId}/list`, { name: 'Liste', settings: { allowAnonymous: true } });
    expect(list.statusCode).toBe(201);
    const listId = list.json().body.listId as string;
    const item = await stack.send(team.owner, 'POST', `${base}/list/${listId}/item`, { name: 'Helfer', capacity });
    expect(item.statusCode).toBe(201);
    return { listId, itemId: item.json().body.itemId as string };
  }

  const metadataOf = (name: string): CommandMetadata => ({
    commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'anonymous', id: name }, teamId: null,
  });
  const addSignupCommand = (listId: string, itemId: string, name: string, signupId: string = randomUUID()): Extract<SignupCommand, { type: 'AddSignup' }> => ({
    type: 'AddSignup', listId, signupId, itemId, actor: { kind: 'visitor', userId: null, tokenHash: null }, userId: null, name, values: {},
    vote: null, newTokenHash: TOKEN_HASH, at: new Date().toISOString(),
  });

  /** Submits a visitor's sign-up at once (no await before `execute`, so calls in one go share a batch). */
  function addSignup(handler: SignupCommandHandler, project: ProjectState, listId: string, itemId: string, name: string, ids: IdSource = randomIds(), signupId?: string) {
    const command = addSignupCommand(listId, itemId, name, signupId);
    return { signupId: command.signupId, answer: handler.execute(project, command, metadataOf(name), ids) };
  }

  const rows = async (listId: string) => (await stack.pool.query<{ transaction_id: string; metadata: Record<string, unknown>; data: Record<string, unknown> }>(
    'SELECT transaction_id::text, metadata, data FROM events WHERE stream_id = $1 ORDER BY stream_position', [signupsStreamId(listId)])).rows;

  /** The store, but `hooks` run once around the next read or append of a sign-ups stream. */
  function hookedStore(hooks: { afterRead?: () => Promise<void>; beforeAppend?: () => Promise<void> }): EventStore {
    const hooked = Object.create(store) as EventStore;
    hooked.readStream = async (streamId, options): Promise<StreamSlice> => {
      const slice = await store.readStream(streamId, options);
      if (!streamId.startsWith('signups-')) return slice;
      const hook = hooks.afterRead;
      hooks.afterRead = undefined;
      await hook?.();
      return slice;
    };
    hooked.append = async (streamId, events, options) => {
      const hook = hooks.beforeAppend;
      hooks.beforeAppend = undefined;
      await hook?.();
      return store.append(streamId, events, options);
    };
    return hooked;
  }

  it('appends the sign-ups that queue together in one transaction, each with its own metadata, person and answer', async () => {
    const handler = new SignupCommandHandler(stack.pool, store);
    const { listId, itemId } = await addList(null);
    const project = await handler.loadProject(tree.projectId);
    const requests = Array.from({ length: 20 }, (_, i) => ({ command: addSignupCommand(listId, itemId, `Gast ${i}`), metadata: metadataOf(`gast-${i}`) }));
    // Submitted in one go: they queue while the first batch takes the lock, and share it.
    const answers = await Promise.all(requests.map((r) => handler.execute(project, r.command, r.metadata, randomIds())));

    const stored = await rows(listId);
    expect(new Set(stored.map((r) => r.transaction_id)).size).toBe(1);
    expect(stored.map((r) => r.metadata.commandId)).toEqual(requests.map((r) => r.metadata.commandId));
    expect(stored.map((r) => r.metadata.personId)).toEqual(requests.map((r) => `anon-${r.command.signupId}`));
    expect(stored.every((r) => typeof (r.data.name as { $encrypted?: unknown }).$encrypted === 'string')).toBe(true);
    const read = await store.readStream(signupsStreamId(listId));
    expect(read.events.map((e) => (e.data as { name: string }).name)).toEqual(requests.map((_, i) => `Gast ${i}`));

    answers.forEach((answer: SignupsMutation, i) => {
      const signupId = requests[i]?.command.signupId;
      expect(answer.events.map((e) => e.type === 'SignUpAdded' && e.data.signupId)).toEqual([signupId]);
      // The state after its own sign-up: the ones before it, not the ones after.
      expect(answer.state.entries.size).toBe(i + 1);
      const own = read.events[i];
      expect(own && store.compareCheckpoints(answer.checkpoint, own.checkpoint)).toBeGreaterThanOrEqual(0);
    });
  });

  it('answers a refused sign-up alone; the rest of its batch is stored', async () => {
    const handler = new SignupCommandHandler(stack.pool, store);
    const { listId, itemId } = await addList(2);
    const project = await handler.loadProject(tree.projectId);
    const attempts = Array.from({ length: 5 }, (_, i) => addSignup(handler, project, listId, itemId, `Gast ${i}`));
    const settled = await Promise.allSettled(attempts.map((a) => a.answer));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected']);
    for (const refused of settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected')) {
      expect(refused.reason).toBeInstanceOf(DomainError);
      expect((refused.reason as DomainError).code).toBe('list_full');
    }
    const stored = await rows(listId);
    expect(stored.map((r) => r.data.signupId)).toEqual(attempts.slice(0, 2).map((a) => a.signupId));
    expect(new Set(stored.map((r) => r.transaction_id)).size).toBe(1);
  });

  it('appends nothing again for a retry with the same ids, in the same batch or a later one', async () => {
    const handler = new SignupCommandHandler(stack.pool, store);
    const { listId, itemId } = await addList(null);
    const project = await handler.loadProject(tree.projectId);
    const retried = addSignupCommand(listId, itemId, 'Einmal');
    const key = () => deterministicIds(`anonymous:test\n${retried.signupId}`);
    const other = addSignupCommand(listId, itemId, 'Andere');
    const [first, again, second] = await Promise.all([
      handler.execute(project, retried, metadataOf('a'), key()),
      handler.execute(project, retried, metadataOf('a'), key()),
      handler.execute(project, other, metadataOf('b'), randomIds()),
    ]);
    expect([first?.events.length, again?.events.length, second?.events.length]).toEqual([1, 0, 1]);
    expect(again?.state.entries.get(retried.signupId)).toBeDefined();

    // Later, and from a fresh instance (its cache knows nothing of the first append).
    const fresh = new SignupCommandHandler(stack.pool, store);
    const later = await fresh.execute(project, retried, metadataOf('a'), key());
    expect(later.events).toEqual([]);
    expect(later.state.entries.get(retried.signupId)).toBeDefined();
    expect((await rows(listId)).map((r) => r.data.signupId)).toEqual([retried.signupId, other.signupId]);
  });

  it('decides the whole batch again on fresh state when another instance appended in between', async () => {
    const other = new SignupCommandHandler(stack.pool, store);
    const { listId, itemId } = await addList(2);
    const hooks: { afterRead?: () => Promise<void> } = {};
    const handler = new SignupCommandHandler(stack.pool, hookedStore(hooks));
    const project = await handler.loadProject(tree.projectId);
    let competitor: ReturnType<typeof addSignup> | undefined;
    // Another instance signs up between this batch's read and its append.
    hooks.afterRead = async () => {
      competitor = addSignup(other, project, listId, itemId, 'Schneller');
      await competitor.answer;
    };
    const attempts = [addSignup(handler, project, listId, itemId, 'Erste'), addSignup(handler, project, listId, itemId, 'Zweite')];
    const settled = await Promise.allSettled(attempts.map((a) => a.answer));
    // Without the competitor both would have had a place; on fresh state only the first has.
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected']);
    expect(((settled[1] as PromiseRejectedResult).reason as DomainError).code).toBe('list_full');
    const stored = await rows(listId);
    expect(stored.map((r) => r.data.signupId)).toEqual([competitor?.signupId, attempts[0]?.signupId]);
    expect(new Set(stored.map((r) => r.transaction_id)).size).toBe(2);
  });

  it('fails every command of a batch whose append fails for another reason, and stores none of them', async () => {
    const { listId, itemId } = await addList(null);
    const handler = new SignupCommandHandler(stack.pool, hookedStore({ beforeAppend: async () => { throw new Error('connection lost'); } }));
    const project = await handler.loadProject(tree.projectId);
    const attempts = [addSignup(handler, project, listId, itemId, 'A'), addSignup(handler, project, listId, itemId, 'B')];
    const settled = await Promise.allSettled(attempts.map((a) => a.answer));
    expect(settled.map((s) => (s.status === 'rejected' ? (s.reason as Error).message : 'stored'))).toEqual(['connection lost', 'connection lost']);
    expect(await rows(listId)).toEqual([]);
    // The next batch of the list is written as usual.
    await expect(addSignup(handler, project, listId, itemId, 'C').answer).resolves.toMatchObject({ events: [expect.objectContaining({ type: 'SignUpAdded' })] });
  });

  it('refuses only the command whose person\'s key was erased; the others of its batch are stored', async () => {
    const handler = new SignupCommandHandler(stack.pool, store);
    const { listId, itemId } = await addList(null);
    const erased = randomUUID();
    const project = await handler.loadProject(tree.projectId);
    await addSignup(handler, project, listId, itemId, 'Vergessen', randomIds(), erased).answer;
    await store.personalData?.cipher.eraseKey(`anon-${erased}`);
    const rename: SignupCommand = {
      type: 'ChangeSignup', listId, signupId: erased, actor: { kind: 'visitor', userId: null, tokenHash: TOKEN_HASH }, at: new Date().toISOString(), name: 'Neu',
    };
    const newcomer = addSignupCommand(listId, itemId, 'Neu dabei');
    const settled = await Promise.allSettled([
      handler.execute(project, rename, metadataOf('x'), randomIds()),
      handler.execute(project, newcomer, metadataOf('y'), randomIds()),
    ]);
    expect(settled[0]?.status === 'rejected' && settled[0].reason).toBeInstanceOf(PersonKeyErased);
    expect(settled[1]?.status).toBe('fulfilled');
    expect((await rows(listId)).map((r) => r.data.signupId)).toEqual([erased, newcomer.signupId]);
  });
});
