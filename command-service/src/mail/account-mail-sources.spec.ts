import { randomBytes, randomUUID } from 'node:crypto';
import { type EventStore, type RecordedEvent, type StreamSlice } from '@planwerk/events';
import { deriveAuthKeys, linkTokenFor } from '@planwerk/platform';
import { testMetadata } from '../../../platform/src/store/testing';
import { createAccountMailSources } from './account-mail-sources';
import { mailRequestFor } from './mail-reactor';

const keys = deriveAuthKeys(randomBytes(32));
const userId = randomUUID();
const hash = 'a'.repeat(64);
const now = '2026-11-22T10:00:00.000Z';

function recorded(type: string, data: Record<string, unknown>, streamVersion: number): RecordedEvent {
  return { eventId: randomUUID(), type, data, metadata: testMetadata({ personId: userId }), streamId: `account-${userId}`, streamVersion, checkpoint: 'c', recordedAt: new Date(0) };
}

const registration = recorded('AccountRegistered', {
  userId, emailKey: 'b'.repeat(64), email: 'lea@example.org', firstName: 'Lea', lastName: 'Muster', parentEmail: 'mama@example.org',
  passwordHash: 'x', language: 'it', adult: false, acceptedTerms: true, acceptedPrivacy: true, acceptedCookies: true,
  activationTokenHash: hash, activationExpiresAt: now, registeredAt: now,
}, 1);
const store: Pick<EventStore, 'readStream'> = {
  async readStream(streamId): Promise<StreamSlice> {
    const events = streamId === registration.streamId ? [registration] : [];
    return { streamId, version: events.length, events };
  },
};
const mapping = { sources: createAccountMailSources(keys), store };

describe('account mail sources', () => {
  it('asks for the activation mail of a registration, in the person’s language, with the recomputed token', async () => {
    expect(await mailRequestFor(registration, mapping)).toEqual({
      template: 'activation', to: 'lea@example.org', toName: 'Lea', language: 'it', params: {},
      linkPath: `/account/activate/${linkTokenFor(keys, registration.eventId)}`,
    });
  });

  it('writes to the parent for a confirmation, naming the child', async () => {
    const event = recorded('ParentConfirmationRequested', { userId, parentEmail: 'mama@example.org', tokenHash: hash, expiresAt: now }, 2);
    expect(await mailRequestFor(event, mapping)).toMatchObject({
      template: 'parent-confirmation', to: 'mama@example.org', language: 'it', params: { childName: 'Lea' },
      linkPath: `/account/child/${linkTokenFor(keys, event.eventId)}`,
    });
  });

  it('finds the address in the registration for a reset, a repeated activation and a new device', async () => {
    const reset = recorded('PasswordResetRequested', { userId, tokenHash: hash, expiresAt: now, requestedAt: now }, 3);
    expect(await mailRequestFor(reset, mapping)).toMatchObject({
      template: 'password-reset', to: 'lea@example.org', linkPath: `/account/reset/${linkTokenFor(keys, reset.eventId)}`,
    });
    const again = recorded('ActivationMailRequested', { userId, tokenHash: hash, expiresAt: now, requestedAt: now }, 4);
    expect(await mailRequestFor(again, mapping)).toMatchObject({ template: 'activation', linkPath: `/account/activate/${linkTokenFor(keys, again.eventId)}` });
    const device = recorded('NewDeviceLoggedIn', { userId, deviceId: 'Dev1ce0001', deviceName: 'Firefox', loggedInAt: now }, 5);
    expect(await mailRequestFor(device, mapping)).toMatchObject({ template: 'new-device', to: 'lea@example.org', params: { deviceName: 'Firefox' } });
  });

  it('sends nothing once the registration’s address is erased', async () => {
    const erased = { ...registration, data: { ...(registration.data as object), email: null, firstName: null } };
    expect(await mailRequestFor(erased, mapping)).toBeNull();
  });
});
