import fc from 'fast-check';
import type { CommentEvent, CommentViewer } from '@planwerk/events';
import { codeOf, everyPrefixRebuilds, replay } from '../shared/testing/decider-replay';
import { commentsDecider, type CommentCommand, type CommentsState } from './decide/comment.decider';
import { ITEM_PATH, LIST_PATH, PROJECT_PATH, member, owner, project, stranger, viewer } from './testing/comment-fixtures';

const ids = ['0c0c0c0c-0000-4000-8000-000000000001', '0c0c0c0c-0000-4000-8000-000000000002', '0c0c0c0c-0000-4000-8000-000000000003'];
const paths = [PROJECT_PATH, LIST_PATH, ITEM_PATH];
const viewers: CommentViewer[] = [member, owner, stranger, viewer(member.userId, 'admin')];
const AT = '2025-04-01T10:00:00.000Z';

const command: fc.Arbitrary<CommentCommand> = fc.oneof(
  fc.record({ id: fc.constantFrom(...ids), path: fc.constantFrom(...paths), who: fc.constantFrom(...viewers), locked: fc.boolean(), text: fc.string({ minLength: 1, maxLength: 8 }) })
    .map(({ id, path, who, locked, text }): CommentCommand => ({ type: 'AddComment', project: project({ locked }), viewer: who, commentId: id, path, text, at: AT })),
  fc.record({ id: fc.constantFrom(...ids), path: fc.constantFrom(...paths), who: fc.constantFrom(...viewers), locked: fc.boolean() })
    .map(({ id, path, who, locked }): CommentCommand => ({ type: 'RemoveComment', project: project({ locked }), viewer: who, commentId: id, path })),
);

// The comment index of spec section 5 folded from the log, per path.
function indexOf(log: readonly CommentEvent[]): Map<string, number> {
  const live = new Map<string, string>();
  const seen = new Set<string>();
  const count = new Map<string, number>();
  for (const event of log) {
    const { commentId, path } = event.data;
    if (event.type === 'CommentAdded' && !seen.has(commentId)) {
      seen.add(commentId);
      live.set(commentId, path);
      count.set(path, (count.get(path) ?? 0) + 1);
    } else if (event.type === 'CommentRemoved' && live.has(commentId)) {
      live.delete(commentId);
      count.set(path, (count.get(path) ?? 0) - 1);
    }
  }
  return count;
}

const liveOn = (state: CommentsState, path: string): number =>
  Object.values(state.comments).filter((c) => c.path === path && !c.removed).length;

describe('comment decider properties', () => {
  it('count equals the live comments of each path, never negative, and the fold of the log is the state', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
      const run = replay(commentsDecider, commands);
      const counts = indexOf(run.log);
      for (const path of paths) {
        expect(counts.get(path) ?? 0).toBe(liveOn(run.state, path));
        expect(counts.get(path) ?? 0).toBeGreaterThanOrEqual(0);
      }
      return everyPrefixRebuilds(commentsDecider, run);
    }));
  });

  it('every comment id is added at most once and removed at most once, only after its add', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
      const { log, steps } = replay(commentsDecider, commands);
      for (const id of ids) {
        const own = log.filter((e) => e.data.commentId === id).map((e) => e.type);
        expect(own.filter((t) => t === 'CommentAdded').length).toBeLessThanOrEqual(1);
        expect(own.filter((t) => t === 'CommentRemoved').length).toBeLessThanOrEqual(1);
        if (own.includes('CommentRemoved')) expect(own[0]).toBe('CommentAdded');
      }
      // Refusals are named rule errors; a stranger never gets an event.
      for (const step of steps) {
        if (step.command.viewer === stranger) expect(step.events).toEqual([]);
        if (step.error) expect(typeof codeOf(step)).not.toBe('undefined');
      }
    }));
  });

  it('only the author or an admin removes, and nobody but an admin writes on a locked project', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
      const { steps } = replay(commentsDecider, commands);
      for (const step of steps) {
        const admin = step.command.viewer.membership?.level === 'owner' || step.command.viewer.membership?.level === 'admin';
        if (step.command.project.exists && step.command.project.locked && !admin) expect(step.events).toEqual([]);
        if (step.command.type !== 'RemoveComment' || step.events.length === 0) continue;
        const author = step.before.comments[step.command.commentId]?.authorId;
        expect(admin || author === step.command.viewer.userId).toBe(true);
      }
    }));
  });
});
