import { describeWith } from '../../../scripts/testing/components';
import { runProjection, type RunningProjection } from '../runtime/projection-runner';
import { activeTable } from '../runtime/projector-schema';
import { createProjectorTestKit, newEvent, type ProjectorTestKit, waitForCaughtUp } from '../runtime/testing/projector-test-kit';
import { commentsProjection } from './comments.projection';

const P = '0a0a0a0a-0000-4000-8000-000000000002';
const P2 = '0a0a0a0a-0000-4000-8000-000000000009';
const L = '0a0a0a0a-0000-4000-8000-000000000004';
const PATH = `prj.${P}`;
const LIST_PATH = `list.${P}.${L}`;
const U1 = '0b0b0b0b-0000-4000-8000-000000000001';
const U2 = '0b0b0b0b-0000-4000-8000-000000000002';
const C = (n: number) => `0c0c0c0c-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (minute: number) => `2025-04-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

const added = (n: number, text: string, authorId: string, path = PATH, projectId = P) =>
  newEvent('CommentAdded', { projectId, commentId: C(n), path, text, authorId, at: at(n) });
const removed = (n: number, path = PATH, projectId = P) => newEvent('CommentRemoved', { projectId, commentId: C(n), path });

describeWith('postgres', 'comments projection on PostgreSQL', () => {
  let kit: ProjectorTestKit;
  let runner: RunningProjection | null = null;

  beforeEach(async () => {
    kit = await createProjectorTestKit('projector_comments');
  });
  afterEach(async () => {
    await runner?.stop();
    runner = null;
    await kit.close();
  });

  function start(batchSize: number): void {
    runner = runProjection({
      pool: kit.pool, store: kit.store, catalogue: kit.catalogue, projection: commentsProjection,
      instanceId: 'comments-test', idleMs: 20, retryMs: 50, batchSize,
    });
  }

  async function snapshot() {
    const index = await activeTable(kit.pool, 'comments', 'comment_index');
    const comments = await activeTable(kit.pool, 'comments', 'comments');
    const indexes = await kit.pool.query(`SELECT path, project_id, count, latest_text FROM ${index} ORDER BY path`);
    const rows = await kit.pool.query(
      `SELECT comment_id, path, text, author_id, author_removed, removed FROM ${comments} ORDER BY added_at, comment_id`);
    return { indexes: indexes.rows, comments: rows.rows };
  }

  async function appendScenario(): Promise<void> {
    await kit.store.append(`comments-${P}`, [added(1, 'Wer bringt Tische?', U1), added(2, 'Ich!', U2), added(3, 'Liste?', U1, LIST_PATH)]);
    // A re-delivered add of a known comment and the removal of an unknown one change nothing.
    await kit.store.append(`comments-${P}`, [added(1, 'doppelt', U1), removed(9)]);
    await kit.store.append(`comments-${P}`, [removed(2)]);
    await kit.store.append(`account-${U1}`, [newEvent('AccountErased', { userId: U1, erasedAt: at(30) }, null)]);
    await kit.store.append(`comments-${P}`, [added(4, 'Neu', U2)]);
    await kit.store.append(`comments-${P2}`, [added(5, 'Anderes Projekt', U2, `prj.${P2}`, P2)]);
    await kit.store.append(`project-${P2}`, [newEvent('ProjectPurged', { projectId: P2 })]);
  }

  const expected = {
    indexes: [
      // The latest text was the erased author's: forgotten with them (crypto-shredding, issue 12).
      { path: LIST_PATH, project_id: P, count: 1, latest_text: null },
      // Removing cleared latest; the later new comment set it again.
      { path: PATH, project_id: P, count: 2, latest_text: 'Neu' },
    ],
    comments: [
      // The erased author's comments stay counted, shown as from a removed person, without their text.
      { comment_id: C(1), path: PATH, text: null, author_id: null, author_removed: true, removed: false },
      { comment_id: C(2), path: PATH, text: null, author_id: U2, author_removed: false, removed: true },
      { comment_id: C(3), path: LIST_PATH, text: null, author_id: null, author_removed: true, removed: false },
      { comment_id: C(4), path: PATH, text: 'Neu', author_id: U2, author_removed: false, removed: false },
    ],
  };

  it('folds comments into the index per path, with erasure and purge, in batches', async () => {
    await appendScenario();
    start(50);
    await waitForCaughtUp(kit, 'comments');
    expect(await snapshot()).toEqual(expected);
  });

  it('gives the same rows event by event', async () => {
    await appendScenario();
    start(1);
    await waitForCaughtUp(kit, 'comments');
    expect(await snapshot()).toEqual(expected);
  });

  it('keeps counting right when a removal lands in a later batch than its add', async () => {
    await kit.store.append(`comments-${P}`, [added(1, 'eins', U1), added(2, 'zwei', U1)]);
    start(50);
    await waitForCaughtUp(kit, 'comments');
    await kit.store.append(`comments-${P}`, [removed(1), added(3, 'drei', U2), removed(3)]);
    await waitForCaughtUp(kit, 'comments');
    const { indexes } = await snapshot();
    expect(indexes).toEqual([{ path: PATH, project_id: P, count: 1, latest_text: null }]);
  });
});
