import { describeWith } from '../../../scripts/testing/components';
import type { TestUser } from '../accounts/testing/register-test-user';
import { auth, startCommentsStack, type CommentsStack, type TestProject } from './testing/comments-stack';

// Idempotency-Key on comments (issue 12): a conflict between concurrent comments is transient, so
// it is never stored as the key's answer; a key is bound to the real path and query it was used on.
describeWith('postgres', 'comments with Idempotency-Key (real PostgreSQL)', () => {
  let stack: CommentsStack;
  let owner: TestUser;
  let project: TestProject;

  beforeAll(async () => {
    stack = await startCommentsStack('cs_comments_keys');
    owner = await stack.register();
    const teamId = await stack.createTeam(owner, 'kommentar-keys');
    project = await stack.givenProject(teamId, owner);
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  const itemPath = () => `list_item.${project.projectId}.${project.listId}.${project.itemId}`;
  const add = (key: string, text: string) =>
    stack.command.inject({ method: 'POST', url: '/v5/comment', headers: { ...auth(owner), 'idempotency-key': key }, payload: { path: itemPath(), text } });
  const remove = (key: string, commentId: string, path: string) => stack.command.inject({
    method: 'DELETE', url: `/v5/comment/${commentId}?path=${encodeURIComponent(path)}`, headers: { ...auth(owner), 'idempotency-key': key },
  });
  const commentEvents = async (type: string) => (await stack.pool.query<{ comment_id: string }>(
    "SELECT data->>'commentId' AS comment_id FROM events WHERE type = $1 AND stream_id = $2", [type, `comments-${project.projectId}`],
  )).rows.map((row) => row.comment_id);

  it('40 concurrent keyed comments, retried with their keys until answered, leave exactly one comment per key', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `rush-${i}`);
    const answers = new Map<string, { statusCode: number; body: string }>();
    let open = keys;
    // Each round retries what was not answered 201 with the same key and body (a client's retry).
    for (let round = 0; round < 30 && open.length > 0; round += 1) {
      const responses = await Promise.all(open.map((key) => add(key, `Kommentar ${key}`)));
      responses.forEach((response, i) => answers.set(open[i] as string, { statusCode: response.statusCode, body: response.body }));
      open = open.filter((key) => answers.get(key)?.statusCode !== 201);
      for (const response of responses) if (response.statusCode !== 201) expect(response.json().error.intern).toBe('conflict');
    }
    expect(open).toEqual([]);

    const added = await commentEvents('CommentAdded');
    const answered = keys.map((key) => JSON.parse(answers.get(key)?.body ?? '{}').body.commentId as string);
    expect(new Set(answered).size).toBe(40);
    expect(added.sort()).toEqual([...answered].sort());

    // Every key now answers its stored 201, byte for byte, and appends nothing.
    const replays = await Promise.all(keys.map((key) => add(key, `Kommentar ${key}`)));
    replays.forEach((replay, i) => expect(replay.body).toBe(answers.get(keys[i] as string)?.body));
    expect(await commentEvents('CommentAdded')).toHaveLength(40);
  }, 120_000);

  it('refuses a key reused on another comment id or another query with 422, and runs nothing', async () => {
    const [a, b] = await Promise.all([add('target-a', 'Erster'), add('target-b', 'Zweiter')]);
    const first = a.json().body.commentId as string;
    const second = b.json().body.commentId as string;
    const removed = await remove('delete-key', first, itemPath());
    expect(removed.statusCode).toBe(200);
    expect(removed.json().body).toMatchObject({ removed: true });

    const otherTarget = await remove('delete-key', second, itemPath());
    expect(otherTarget.statusCode).toBe(422);
    expect(otherTarget.json().error).toMatchObject({ status: 422, intern: 'idempotency_key_reused' });
    const otherQuery = await remove('delete-key', first, `list.${project.projectId}.${project.listId}`);
    expect(otherQuery.statusCode).toBe(422);
    expect(await commentEvents('CommentRemoved')).toEqual([first]);

    // The same request again is the stored answer.
    expect((await remove('delete-key', first, itemPath())).body).toBe(removed.body);
  });
});
