import { SupportRequested } from '@planwerk/events';
import { supportDecider } from './support.decider';

const command = {
  requestId: '6f1c1d0e-0c7e-4a39-9d55-2f0a3b1c4d5e', teamId: '0b4f5a3e-8f2d-4c1b-9a7e-1d2c3b4a5f6e',
  subject: '  Rechnung  ', message: 'Bitte schicken Sie uns die Rechnung erneut.', language: 'de', now: new Date('2026-11-26T20:00:00Z'),
};

describe('supportDecider', () => {
  it('turns a request into one SupportRequested with the trimmed texts, the language and the time', () => {
    const events = supportDecider.decide(command, supportDecider.initialState());
    expect(events).toEqual([{
      type: 'SupportRequested',
      data: { requestId: command.requestId, teamId: command.teamId, subject: 'Rechnung', message: command.message, language: 'de', requestedAt: '2026-11-26T20:00:00.000Z' },
    }]);
    expect(() => SupportRequested.schema.parse(events[0]?.data)).not.toThrow();
  });

  it('appends nothing when the same request is already on its stream', () => {
    const [event] = supportDecider.decide(command, supportDecider.initialState());
    const state = supportDecider.evolve(supportDecider.initialState(), event as never);
    expect(supportDecider.decide(command, state)).toEqual([]);
  });

  it('holds the texts as personal data of the requester (encrypted, shredded with their key)', () => {
    expect(SupportRequested.personalFields).toEqual(['subject', 'message']);
    expect(SupportRequested.describe(supportDecider.decide(command, supportDecider.initialState())[0]!.data).fields).toEqual({});
  });
});
