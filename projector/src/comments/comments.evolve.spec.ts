import type { CommentEvent } from '@planwerk/events';
import { evolveComment, type CommentStep } from './comments.evolve';

const P = '0a0a0a0a-0000-4000-8000-000000000002';
const PATH = `prj.${P}`;
const C1 = '0c0c0c0c-0000-4000-8000-000000000001';
const C2 = '0c0c0c0c-0000-4000-8000-000000000002';
const U = '0b0b0b0b-0000-4000-8000-000000000001';
const at = '2025-04-01T10:00:00.000Z';

const added = (commentId: string, text: string): CommentEvent =>
  ({ type: 'CommentAdded', data: { projectId: P, commentId, path: PATH, text, authorId: U, at } });
const removed = (commentId: string): CommentEvent => ({ type: 'CommentRemoved', data: { projectId: P, commentId, path: PATH } });

const empty: CommentStep = { comment: null, index: null };

describe('comments evolve', () => {
  it('a new comment is stored and counted with its text as latest', () => {
    const step = evolveComment(empty, added(C1, 'Hallo'));
    expect(step.comment).toEqual({
      commentId: C1, path: PATH, projectId: P, text: 'Hallo', authorId: U, authorRemoved: false, addedAt: at, removed: false,
    });
    expect(step.index).toEqual({ path: PATH, projectId: P, count: 1, latestText: 'Hallo' });
  });

  it('a second comment on the path counts on and becomes latest', () => {
    const first = evolveComment(empty, added(C1, 'eins'));
    const second = evolveComment({ comment: null, index: first.index }, added(C2, 'zwei'));
    expect(second.index).toEqual({ path: PATH, projectId: P, count: 2, latestText: 'zwei' });
  });

  it('a repeated add changes nothing', () => {
    const first = evolveComment(empty, added(C1, 'eins'));
    expect(evolveComment(first, added(C1, 'anders'))).toBe(first);
  });

  it('removing decrements, clears latest and forgets the text; removing again changes nothing', () => {
    const first = evolveComment(empty, added(C1, 'eins'));
    const gone = evolveComment(first, removed(C1));
    expect(gone.index).toEqual({ path: PATH, projectId: P, count: 0, latestText: null });
    expect(gone.comment).toMatchObject({ removed: true, text: null, authorId: U });
    expect(evolveComment(gone, removed(C1))).toBe(gone);
    expect(evolveComment(gone, added(C1, 'zurück'))).toBe(gone);
  });

  it('removing an unknown comment changes nothing', () => {
    expect(evolveComment(empty, removed(C1))).toBe(empty);
  });
});
