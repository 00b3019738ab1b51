import { DomainError, type ListMemberNotifiedEvent } from '@planwerk/events';

// A notice to a list (spec section 2): one ListMemberNotified per member signed up in it, each
// turned into a mail by the mail reactor. Visitors and names entered by an admin have no
// address and get nothing; a list without members gets no notice at all.

export interface NotifyList {
  type: 'NotifyList';
  projectId: string;
  listId: string;
  noticeId: string;
  subject: string | null;
  text: string | null;
  sentBy: string;
  /** ISO instant of the notice: time comes in on the command. */
  at: string;
}

export interface ListNoticeState {
  /** The list is one of the project's (else 404 on listId). */
  listInProject: boolean;
  /** The members (user ids) with a sign-up on the list. */
  members: readonly string[];
}

export class ListNotInProject extends DomainError {
  constructor() {
    super('not_found', { field: 'listId' });
    this.name = 'ListNotInProject';
  }
}

export function decideNotifyList(command: NotifyList, state: ListNoticeState): ListMemberNotifiedEvent[] {
  if (!state.listInProject) throw new ListNotInProject();
  const { projectId, listId, noticeId, subject, text, sentBy, at } = command;
  // Sorted, so the events (and their deterministic ids) come out the same on a retry.
  return [...state.members].sort().map((userId) => ({
    type: 'ListMemberNotified',
    data: { projectId, listId, noticeId, userId, subject, text, sentBy, at },
  }));
}
