import { randomUUID } from 'node:crypto';
import { type EventStore, type RecordedEvent, type StreamSlice } from '@planwerk/events';
import { testMetadata } from '../../../platform/src/store/testing';
import { mailRequestFor } from '../mail/mail-reactor';
import { createSupportMailSources } from './support-mail-sources';

const userId = randomUUID();
const teamId = randomUUID();
const requestId = randomUUID();
const now = '2026-11-26T20:00:00.000Z';

function recorded(streamId: string, type: string, data: Record<string, unknown>, overrides: Parameters<typeof testMetadata>[0] = {}): RecordedEvent {
  return { eventId: randomUUID(), type, data, metadata: testMetadata(overrides), streamId, streamVersion: 1, checkpoint: 'c', recordedAt: new Date(0) };
}

const registration = recorded(`account-${userId}`, 'AccountRegistered', {
  userId, emailKey: 'b'.repeat(64), email: 'lea@example.org', firstName: 'Lea', lastName: 'Muster', parentEmail: null,
  passwordHash: 'x', language: 'it', adult: true, acceptedTerms: true, acceptedPrivacy: true, acceptedCookies: true,
  activationTokenHash: 'a'.repeat(64), activationExpiresAt: now, registeredAt: now,
});
const team = recorded(`team-${teamId}`, 'TeamCreated', { teamId, name: 'Chor Nord', link: 'chor-nord' });
const store: Pick<EventStore, 'readStream'> = {
  async readStream(streamId): Promise<StreamSlice> {
    const events = [registration, team].filter((event) => event.streamId === streamId);
    return { streamId, version: events.length, events };
  },
};
const mapping = { sources: createSupportMailSources({ supportAddress: 'support@planwerk.example' }), store };

const request = (data: Partial<Record<string, unknown>> = {}) => recorded(`support-${requestId}`, 'SupportRequested', {
  requestId, teamId, subject: 'Rechnung', message: 'Bitte schicken Sie die Rechnung noch einmal.', language: 'it', requestedAt: now, ...data,
}, { actor: { kind: 'user', id: userId }, teamId, personId: userId });

describe('support mail sources', () => {
  it('mails the operator in German, Reply-To the requester, naming team, person, subject and message', async () => {
    expect(await mailRequestFor(request(), mapping)).toEqual({
      template: 'support-request', to: 'support@planwerk.example', replyTo: 'lea@example.org', language: 'de',
      params: { teamName: 'Chor Nord', personName: 'Lea Muster', personEmail: 'lea@example.org', subject: 'Rechnung', message: 'Bitte schicken Sie die Rechnung noch einmal.' },
      linkPath: '/team/chor-nord',
    });
  });

  it('sends nothing once the requester is erased (their texts read null)', async () => {
    expect(await mailRequestFor(request({ subject: null, message: null }), mapping)).toBeNull();
  });
});
