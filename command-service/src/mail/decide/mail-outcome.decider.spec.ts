import type { MailDeliveredData, MailDeliveryFailedData } from '@planwerk/events';
import { decideMailOutcome, evolveMailOutcome, initialMailOutcomeState } from './mail-outcome.decider';

const delivered: MailDeliveredData = {
  jobId: 'job-1', sourceEventType: 'TestAccountRegistered', template: 'activation', language: 'de',
  to: 'anna@example.org', messageId: '<mail.job-1@planwerk.example>', transport: 'smtp',
};
const failed: MailDeliveryFailedData = {
  jobId: 'job-1', sourceEventType: 'TestAccountRegistered', template: 'activation', language: 'de',
  to: 'anna@example.org', attempts: 5, reason: 'Error: connection refused',
};

describe('mail outcome decider', () => {
  it('given no outcome, when delivered is recorded, then MailDelivered', () => {
    expect(decideMailOutcome({ type: 'RecordMailDelivered', data: delivered }, initialMailOutcomeState())).toEqual([
      { type: 'MailDelivered', data: delivered },
    ]);
  });

  it('given no outcome, when a failure is recorded, then MailDeliveryFailed', () => {
    expect(decideMailOutcome({ type: 'RecordMailDeliveryFailed', data: failed }, initialMailOutcomeState())).toEqual([
      { type: 'MailDeliveryFailed', data: failed },
    ]);
  });

  it('given MailDelivered, when delivered or failed is recorded again, then nothing', () => {
    const state = evolveMailOutcome(initialMailOutcomeState(), { type: 'MailDelivered', data: delivered });
    expect(decideMailOutcome({ type: 'RecordMailDelivered', data: delivered }, state)).toEqual([]);
    expect(decideMailOutcome({ type: 'RecordMailDeliveryFailed', data: failed }, state)).toEqual([]);
  });

  it('given MailDeliveryFailed, when a late success is recorded, then nothing (the first outcome stands)', () => {
    const state = evolveMailOutcome(initialMailOutcomeState(), { type: 'MailDeliveryFailed', data: failed });
    expect(state).toEqual({ outcome: 'failed' });
    expect(decideMailOutcome({ type: 'RecordMailDelivered', data: delivered }, state)).toEqual([]);
  });
});
