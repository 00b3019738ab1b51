import { DomainError, type FeedbackEvent } from '@planwerk/events';

// A feedback is one vote (spec section 3): 1 good, 2 bug found, with a text and page meta.
export type FeedbackVoteData = FeedbackEvent['data'];

export type FeedbackCommand = { type: 'SendFeedbackVote'; data: FeedbackVoteData };

export type FeedbackState = { status: 'none' } | { status: 'voted'; vote: FeedbackVoteData['vote'] };

export class FeedbackAlreadySent extends DomainError {
  constructor(feedbackId: string) {
    super('conflict', { details: { feedbackId } });
    this.name = 'FeedbackAlreadySent';
  }
}

export function initialFeedbackState(): FeedbackState {
  return { status: 'none' };
}

export function evolve(state: FeedbackState, event: FeedbackEvent): FeedbackState {
  switch (event.type) {
    case 'FeedbackVoted':
      return { status: 'voted', vote: event.data.vote };
    default:
      return exhaustive(event.type, state);
  }
}

export function decide(command: FeedbackCommand, state: FeedbackState): FeedbackEvent[] {
  switch (command.type) {
    case 'SendFeedbackVote':
      // A feedback id is voted once; a second vote is a new feedback.
      if (state.status !== 'none') throw new FeedbackAlreadySent(command.data.feedbackId);
      return [{ type: 'FeedbackVoted', data: command.data }];
    default:
      return exhaustive(command.type, []);
  }
}

function exhaustive<T>(value: never, fallback: T): T {
  void value;
  return fallback;
}

export const feedbackDecider = { initialState: initialFeedbackState, evolve, decide };
