import fc from 'fast-check';
import { decideNotifyList, type NotifyList } from './list-notice.decider';

const command: NotifyList = {
  type: 'NotifyList', projectId: '0b8a1c52-6f0e-4c5e-9d1a-2b3c4d5e6f70', listId: '1c9b2d63-7a1f-4d6f-8e2b-3c4d5e6f7081',
  noticeId: '2dac3e74-8b2a-4e7a-9f3c-4d5e6f708192', subject: 'Treffpunkt', text: 'Um 9 Uhr.', sentBy: '3ebd4f85-9c3b-4f8b-8a4d-5e6f708192a3',
  at: '2026-03-01T09:00:00.000Z',
};
const members = fc.uniqueArray(fc.uuid(), { maxLength: 20 });

describe('list notice decider (property)', () => {
  it('notifies every member exactly once, sorted by user id, whatever order the members come in', () => {
    fc.assert(fc.property(members, fc.boolean(), (ids, reversed) => {
      const given = reversed ? [...ids].reverse() : ids;
      const events = decideNotifyList(command, { listInProject: true, members: given });
      const recipients = events.map((e) => e.data.userId);
      expect(recipients).toEqual([...ids].sort());
      for (const event of events) expect(event).toEqual({ type: 'ListMemberNotified', data: { ...data(), userId: event.data.userId } });
    }), { numRuns: 100 });
  });
});

function data() {
  const { projectId, listId, noticeId, subject, text, sentBy, at } = command;
  return { projectId, listId, noticeId, subject, text, sentBy, at };
}
