import type { FeedbackEvent } from '@planwerk/events';
import { decide, evolve, FeedbackAlreadySent, initialFeedbackState, type FeedbackCommand, type FeedbackVoteData } from './feedback.decider';

const meta = { app_version: '2025.4.0', href: 'https://planwerk.test/p/1', host: 'planwerk.test', referrer: '', lang: 'de', agent: 'jest' };
const vote = (data: Partial<FeedbackVoteData> = {}): FeedbackVoteData => ({
  feedbackId: '5a1d1f36-0d2c-4e6b-9d3e-1f1a2b3c4d5e', vote: 1, text: 'Läuft', meta, ...data,
});

function given(events: FeedbackEvent[]) {
  const state = events.reduce(evolve, initialFeedbackState());
  return { when: (command: FeedbackCommand) => () => decide(command, state) };
}

describe('feedback decider', () => {
  it('given no feedback, when a vote is sent, then FeedbackVoted with the vote, text and meta', () => {
    const then = given([]).when({ type: 'SendFeedbackVote', data: vote({ vote: 2, text: 'Button fehlt' }) });
    expect(then()).toEqual([{ type: 'FeedbackVoted', data: vote({ vote: 2, text: 'Button fehlt' }) }]);
  });

  it('given a feedback already voted, when the same feedback is voted again, then FeedbackAlreadySent (409)', () => {
    const then = given([{ type: 'FeedbackVoted', data: vote() }]).when({ type: 'SendFeedbackVote', data: vote({ vote: 2 }) });
    expect(then).toThrow(FeedbackAlreadySent);
    expect(then).toThrow(expect.objectContaining({ code: 'conflict', httpStatus: 409 }));
  });

  it('evolves a vote into the voted state', () => {
    expect(evolve(initialFeedbackState(), { type: 'FeedbackVoted', data: vote({ vote: 2 }) })).toEqual({ status: 'voted', vote: 2 });
  });
});
