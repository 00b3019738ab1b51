import fc from 'fast-check';
import { createEventCatalogue } from '../catalogue/all-events';
import { addCommentBody, commentQuery } from './comment.commands';
import { commentPathOf, parseCommentPath } from './comment-path';
import { CommentAdded, CommentRemoved, COMMENT_TEXT_MAX, type CommentEvent } from './comment.events';
import {
  EMPTY_COMMENT_INDEX,
  evolveCommentIndex,
  evolveCommentIndexes,
  initialCommentIndexes,
} from './comment-index';

const P = '11111111-1111-4111-8111-111111111111';
const L = '22222222-2222-4222-8222-222222222222';
const I = '33333333-3333-4333-8333-333333333333';
const C1 = '44444444-4444-4444-8444-444444444444';
const C2 = '55555555-5555-4555-8555-555555555555';
const at = '2025-04-01T10:00:00.000Z';

const added = (commentId: string, text: string, path = `prj.${P}`): CommentEvent =>
  ({ type: 'CommentAdded', data: { projectId: P, commentId, path, text, authorId: C2, at } });
const removed = (commentId: string, path = `prj.${P}`): CommentEvent =>
  ({ type: 'CommentRemoved', data: { projectId: P, commentId, path } });

describe('comment paths (spec section 3)', () => {
  it('reads the three forms', () => {
    expect(parseCommentPath(`prj.${P}`)).toEqual({ kind: 'project', projectId: P });
    expect(parseCommentPath(`list.${P}.${L}`)).toEqual({ kind: 'list', projectId: P, listId: L });
    expect(parseCommentPath(`list_item.${P}.${L}.${I}`)).toEqual({ kind: 'item', projectId: P, listId: L, itemId: I });
  });

  it.each([
    '', 'prj', `prj.${P}.`, `prj.${P}.${L}`, `list.${P}`, `list_item.${P}.${L}`, `form.${P}`, `prj.not-a-uuid`,
    ` prj.${P}x`, `user_insert.${P}.${L}.${I}`, `PRJ.${P}`,
  ])('refuses %j', (path) => {
    expect(parseCommentPath(path)).toBeNull();
  });

  it('answers the canonical lower-case path', () => {
    const A = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const upper = `list.${P}.${A.toUpperCase()}`;
    const target = parseCommentPath(upper);
    expect(target && commentPathOf(target)).toBe(`list.${P}.${A}`);
    expect(commentQuery.parse({ path: ` ${upper} ` }).path).toBe(`list.${P}.${A}`);
  });

  it('names `path` for a bad path and `text` for an empty or too long text', () => {
    const badPath = addCommentBody.safeParse({ path: 'prj.1', text: 'Hallo' });
    expect(badPath.success).toBe(false);
    expect(badPath.error?.issues[0]?.path).toEqual(['path']);
    const long = addCommentBody.safeParse({ path: `prj.${P}`, text: 'x'.repeat(COMMENT_TEXT_MAX + 1) });
    expect(long.error?.issues[0]?.path).toEqual(['text']);
    const blank = addCommentBody.safeParse({ path: `prj.${P}`, text: '   ' });
    expect(blank.error?.issues[0]?.path).toEqual(['text']);
    expect(addCommentBody.parse({ path: `prj.${P}`, text: ' Hallo ' })).toEqual({ path: `prj.${P}`, text: 'Hallo' });
  });
});

describe('comment events', () => {
  it('are in the catalogue and refuse a path that is not canonical', () => {
    const catalogue = createEventCatalogue();
    expect(catalogue.get('CommentAdded', 'e1')).toBe(CommentAdded);
    expect(CommentAdded.schema.safeParse(added(C1, 'x', `list.${P}.AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE`).data).success).toBe(false);
    expect(CommentAdded.schema.safeParse(added(C1, 'x', `list.${P}.${L}`).data).success).toBe(true);
  });

  it('show path and author in the activity log, never the text', () => {
    const description = CommentAdded.describe({ projectId: P, commentId: C1, path: `list_item.${P}.${L}.${I}`, text: 'geheim', authorId: C2, at });
    expect(description).toEqual({
      object: { kind: 'comment', id: C1 }, projectId: P, listId: L, action: 'comments.added',
      fields: { path: `list_item.${P}.${L}.${I}`, authorId: C2 },
    });
    expect(JSON.stringify(description)).not.toContain('geheim');
    expect(CommentRemoved.describe({ projectId: P, commentId: C1, path: `prj.${P}` })).toMatchObject({ listId: null, removesObject: true });
  });
});

describe('comment index (spec section 5)', () => {
  it('a new comment increments the count and sets the latest text', () => {
    expect(evolveCommentIndex(EMPTY_COMMENT_INDEX, 'absent', added(C1, 'Hallo'))).toEqual({ count: 1, latest: { text: 'Hallo' } });
  });

  it('a repeated add of the same comment changes nothing', () => {
    const index = { count: 1, latest: { text: 'Hallo' } };
    expect(evolveCommentIndex(index, 'live', added(C1, 'Anders'))).toBe(index);
    expect(evolveCommentIndex(index, 'removed', added(C1, 'Anders'))).toBe(index);
  });

  it('removing decrements and clears latest; removing twice changes nothing more', () => {
    let state = initialCommentIndexes();
    for (const event of [added(C1, 'eins'), added(C2, 'zwei'), removed(C1), removed(C1), added(C1, 'wieder')]) {
      state = evolveCommentIndexes(state, event);
    }
    expect(state.indexes[`prj.${P}`]).toEqual({ count: 1, latest: null });
  });

  it('keeps count equal to the live comments of each path, never negative', () => {
    const ids = [C1, C2, I, L];
    const paths = [`prj.${P}`, `list.${P}.${L}`];
    const event = fc.oneof(
      fc.record({ id: fc.constantFrom(...ids), path: fc.constantFrom(...paths), text: fc.string({ minLength: 1, maxLength: 5 }) })
        .map(({ id, path, text }) => added(id, text, path)),
      fc.record({ id: fc.constantFrom(...ids), path: fc.constantFrom(...paths) }).map(({ id, path }) => removed(id, path)),
    );
    fc.assert(fc.property(fc.array(event, { maxLength: 40 }), (events) => {
      const state = events.reduce(evolveCommentIndexes, initialCommentIndexes());
      for (const path of paths) {
        const live = Object.values(state.comments).filter((c) => c.path === path && c.presence === 'live').length;
        const count = state.indexes[path]?.count ?? 0;
        expect(count).toBe(live);
        expect(count).toBeGreaterThanOrEqual(0);
      }
    }));
  });
});
