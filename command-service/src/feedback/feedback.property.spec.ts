import fc from 'fast-check';
import type { FeedbackEvent } from '@planwerk/events';
import { everyPrefixRebuilds, replay, type PureDecider } from '../shared/testing/decider-replay';
import { feedbackDecider, FeedbackAlreadySent, type FeedbackCommand, type FeedbackState } from './decide/feedback.decider';

const decider: PureDecider<FeedbackState, FeedbackCommand, FeedbackEvent> = feedbackDecider;

// One stream per feedback id: repeated and conflicting votes for the same id.
const vote: fc.Arbitrary<FeedbackCommand> = fc.record({ vote: fc.constantFrom(1 as const, 2 as const), text: fc.string({ maxLength: 20 }) }).map(({ vote, text }) => ({
  type: 'SendFeedbackVote',
  data: { feedbackId: '11111111-1111-4111-8111-111111111111', vote, text, meta: { app_version: '', href: '/x', host: '', referrer: '', lang: 'de', agent: '' } },
}));

describe('feedback decider (property)', () => {
  it('keeps the first vote of a feedback id and refuses every later one without events', () => {
    fc.assert(fc.property(fc.array(vote, { maxLength: 8 }), (commands) => {
      const run = replay(decider, commands);
      expect(run.log).toEqual(commands.slice(0, 1).map((c) => ({ type: 'FeedbackVoted', data: c.data })));
      run.steps.slice(1).forEach((step) => {
        expect(step.error).toBeInstanceOf(FeedbackAlreadySent);
        expect(step.events).toEqual([]);
      });
      expect(run.state).toEqual(commands[0] ? { status: 'voted', vote: commands[0].data.vote } : { status: 'none' });
    }), { numRuns: 150 });
  });

  it('rebuilds from the log to the state the decider saw before every command', () => {
    fc.assert(fc.property(fc.array(vote, { maxLength: 8 }), (commands) => everyPrefixRebuilds(decider, replay(decider, commands))), { numRuns: 150 });
  });
});
