import { DomainError, type CommentEvent } from '@planwerk/events';
import { decideComments, evolveComments, initialCommentsState, type CommentCommand } from './comment.decider';
import {
  AT, ITEM, ITEM_PATH, LIST, LIST_PATH, MEMBER, OWNER, PROJECT, PROJECT_PATH, member, owner, project, stranger, viewer,
} from '../testing/comment-fixtures';

const C1 = '0c0c0c0c-0000-4000-8000-000000000001';
const C2 = '0c0c0c0c-0000-4000-8000-000000000002';

function given(...events: CommentEvent[]) {
  return {
    when(command: CommentCommand) {
      const state = events.reduce(evolveComments, initialCommentsState());
      return {
        then: (expected: CommentEvent[]) => expect(decideComments(command, state)).toEqual(expected),
        thenRefused: (code: DomainError['code'], field?: string) => {
          let caught: unknown;
          try {
            decideComments(command, state);
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(DomainError);
          expect((caught as DomainError).code).toBe(code);
          if (field !== undefined) expect((caught as DomainError).field).toBe(field);
        },
      };
    },
  };
}

const add = (overrides: Partial<Extract<CommentCommand, { type: 'AddComment' }>> = {}): CommentCommand =>
  ({ type: 'AddComment', project: project(), viewer: member, commentId: C1, path: PROJECT_PATH, text: 'Wer bringt Tische?', at: AT, ...overrides });
const remove = (overrides: Partial<Extract<CommentCommand, { type: 'RemoveComment' }>> = {}): CommentCommand =>
  ({ type: 'RemoveComment', project: project(), viewer: member, commentId: C1, path: PROJECT_PATH, ...overrides });
const added = (commentId = C1, path = PROJECT_PATH, authorId: string | null = MEMBER, text = 'Wer bringt Tische?'): CommentEvent =>
  ({ type: 'CommentAdded', data: { projectId: PROJECT, commentId, path, text, authorId, at: AT } });
const removed = (commentId = C1, path = PROJECT_PATH): CommentEvent => ({ type: 'CommentRemoved', data: { projectId: PROJECT, commentId, path } });

describe('comment decider: adding', () => {
  it.each([PROJECT_PATH, LIST_PATH, ITEM_PATH])('a team member comments on %s', (path) => {
    given().when(add({ path })).then([added(C1, path)]);
  });

  it('a repeated add of the same comment id changes nothing', () => {
    given(added()).when(add({ text: 'anders' })).then([]);
    given(added(), removed()).when(add()).then([]);
  });

  it('refuses a list or item that is not in the project, naming path', () => {
    const other = '0d0d0d0d-0000-4000-8000-000000000001';
    given().when(add({ path: `list.${PROJECT}.${other}` })).thenRefused('not_found', 'path');
    given().when(add({ path: `list_item.${PROJECT}.${LIST}.${other}` })).thenRefused('not_found', 'path');
    given().when(add({ path: `list_item.${PROJECT}.${other}.${ITEM}` })).thenRefused('not_found', 'path');
    given().when(add({ path: `prj.${other}` })).thenRefused('not_found', 'path');
  });

  it('refuses a project that does not exist or was purged', () => {
    given().when(add({ project: { exists: false, purged: false } })).thenRefused('not_found', 'path');
    given().when(add({ project: { exists: false, purged: true } })).thenRefused('not_found', 'path');
  });

  it('refuses whoever may not view the project', () => {
    given().when(add({ viewer: stranger })).thenRefused('no_permission');
    given().when(add({ viewer: viewer(null) })).thenRefused(6011);
    // A planning project is not even visible to plain members: it does not exist for them.
    given().when(add({ project: project({ status: 3 }) })).thenRefused('not_found', 'path');
  });

  it('lets anyone signed in comment on a public or login project, but nobody anonymous', () => {
    given().when(add({ project: project({ visibility: 'login' }), viewer: stranger })).then([added(C1, PROJECT_PATH, stranger.userId)]);
    given().when(add({ project: project({ visibility: 'public' }), viewer: viewer(null) })).thenRefused(6011);
  });

  it('refuses non-admins on a deleted or locked project; its admins still comment', () => {
    given().when(add({ project: project({ status: 0, previousStatus: 1 }) })).thenRefused('comment_project_closed');
    given().when(add({ project: project({ locked: true }) })).thenRefused('comment_project_closed');
    given().when(add({ project: project({ locked: true }), viewer: owner })).then([added(C1, PROJECT_PATH, OWNER)]);
    const space = { ...viewer(MEMBER, 'space'), membership: { level: 'space' as const, access: { manage_prj: [] } } };
    given().when(add({ project: project({ status: 0, previousStatus: 1 }), viewer: space })).then([added()]);
  });

  it('refuses everyone when the project switched comments off', () => {
    const closed = project({ settings: { hideArchived: false, comments: false, description: '', place: '' } });
    given().when(add({ project: closed, viewer: owner })).thenRefused('comments_closed');
  });
});

describe('comment decider: removing', () => {
  it('the author removes their comment; removing it again changes nothing', () => {
    given(added()).when(remove()).then([removed()]);
    given(added(), removed()).when(remove()).then([]);
  });

  it('an admin of the project removes anyone\u2019s comment', () => {
    given(added()).when(remove({ viewer: owner })).then([removed()]);
  });

  it('refuses another member, naming commentId', () => {
    given(added(C1, PROJECT_PATH, OWNER)).when(remove()).thenRefused('no_permission', 'commentId');
  });

  it('refuses an unknown comment or a path that is not the comment\u2019s', () => {
    given(added()).when(remove({ commentId: C2 })).thenRefused('not_found', 'commentId');
    given(added()).when(remove({ path: LIST_PATH })).thenRefused('not_found', 'commentId');
  });

  it('refuses the author on a locked project and after losing sight of it', () => {
    given(added()).when(remove({ project: project({ locked: true }) })).thenRefused('comment_project_closed');
    given(added(C1, PROJECT_PATH, stranger.userId)).when(remove({ viewer: stranger })).thenRefused('no_permission');
  });

  it('keeps a removed comment\u2019s id known, so it cannot come back', () => {
    const state = [added(), removed(), added(C1, LIST_PATH)].reduce(evolveComments, initialCommentsState());
    expect(state.comments[C1]).toEqual({ path: PROJECT_PATH, authorId: MEMBER, removed: true });
    expect(LIST).toBeDefined();
    expect(ITEM).toBeDefined();
  });
});
