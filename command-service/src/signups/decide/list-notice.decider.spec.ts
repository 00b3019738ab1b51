import { decideNotifyList, ListNotInProject, type ListNoticeState, type NotifyList } from './list-notice.decider';

const projectId = '0b8a1c52-6f0e-4c5e-9d1a-2b3c4d5e6f70';
const listId = '1c9b2d63-7a1f-4d6f-8e2b-3c4d5e6f7081';
const noticeId = '2dac3e74-8b2a-4e7a-9f3c-4d5e6f708192';
const sender = '3ebd4f85-9c3b-4f8b-8a4d-5e6f708192a3';
const ann = '4fce5096-ad4c-4a9c-9b5e-6f708192a3b4';
const ben = '5adf61a7-be5d-4bad-8c6f-708192a3b4c5';

const notify = (data: Partial<NotifyList> = {}): NotifyList => ({
  type: 'NotifyList', projectId, listId, noticeId, subject: 'Treffpunkt', text: 'Wir treffen uns um 9 Uhr.', sentBy: sender,
  at: '2026-03-01T09:00:00.000Z', ...data,
});

function given(state: ListNoticeState) {
  return { when: (command: NotifyList) => () => decideNotifyList(command, state) };
}

describe('list notice decider', () => {
  it('given two members signed up, when the list is notified, then one ListMemberNotified per member, sorted by user id', () => {
    const then = given({ listInProject: true, members: [ben, ann] }).when(notify());
    const data = { projectId, listId, noticeId, subject: 'Treffpunkt', text: 'Wir treffen uns um 9 Uhr.', sentBy: sender, at: '2026-03-01T09:00:00.000Z' };
    expect(then()).toEqual([
      { type: 'ListMemberNotified', data: { ...data, userId: ann } },
      { type: 'ListMemberNotified', data: { ...data, userId: ben } },
    ]);
  });

  it('given no member signed up (only visitors or none), when the list is notified, then no event', () => {
    expect(given({ listInProject: true, members: [] }).when(notify())()).toEqual([]);
  });

  it('given a list that is not one of the project\'s, when it is notified, then ListNotInProject (404 on listId)', () => {
    const then = given({ listInProject: false, members: [ann] }).when(notify());
    expect(then).toThrow(ListNotInProject);
    expect(then).toThrow(expect.objectContaining({ code: 'not_found', field: 'listId', httpStatus: 404 }));
  });
});
