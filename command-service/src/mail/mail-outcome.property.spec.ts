import fc from 'fast-check';
import { everyPrefixRebuilds, replay, type PureDecider } from '../shared/testing/decider-replay';
import { decideMailOutcome, evolveMailOutcome, initialMailOutcomeState, type MailOutcomeCommand, type MailOutcomeState } from './decide/mail-outcome.decider';
import type { MailEvent } from '@planwerk/events';

const decider: PureDecider<MailOutcomeState, MailOutcomeCommand, MailEvent> = {
  initialState: initialMailOutcomeState, evolve: evolveMailOutcome, decide: decideMailOutcome,
};

// Redelivered jobs, retries after an outcome and a failure reported after a success, in any order.
const command: fc.Arbitrary<MailOutcomeCommand> = fc.oneof(
  fc.constantFrom('m1', 'm2').map((messageId) => ({
    type: 'RecordMailDelivered' as const,
    data: { jobId: 'job-1', sourceEventType: 'AccountRegistered', template: 'activation' as const, language: 'de' as const, to: 'a@b.de', messageId, transport: 'smtp' as const },
  })),
  fc.integer({ min: 1, max: 5 }).map((attempts) => ({
    type: 'RecordMailDeliveryFailed' as const,
    data: { jobId: 'job-1', sourceEventType: 'AccountRegistered', template: null, language: null, to: null, attempts, reason: 'smtp down' },
  })),
);

describe('mail outcome decider (property)', () => {
  it('records at most one outcome, the first reported one, and never refuses', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 12 }), (commands) => {
      const run = replay(decider, commands);
      expect(run.steps.every((step) => step.error === null)).toBe(true);
      expect(run.log.length).toBe(commands.length === 0 ? 0 : 1);
      const first = commands[0];
      if (first) {
        expect(run.log[0]).toEqual({ type: first.type === 'RecordMailDelivered' ? 'MailDelivered' : 'MailDeliveryFailed', data: first.data });
        expect(run.state.outcome).toBe(first.type === 'RecordMailDelivered' ? 'delivered' : 'failed');
      }
    }), { numRuns: 200 });
  });

  it('rebuilds from the log to the state the decider saw before every command', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 12 }), (commands) => everyPrefixRebuilds(decider, replay(decider, commands))), { numRuns: 200 });
  });
});
