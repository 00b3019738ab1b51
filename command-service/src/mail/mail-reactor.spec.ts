import { randomUUID } from 'node:crypto';
import { mailLinkPaths, type EventStore, type MailSources, type RecordedEvent, type StreamSlice } from '@planwerk/events';
import { testMetadata } from '../../../platform/src/store/testing';
import { MailSourceFailed, mailJobsFor, mailRequestFor, type MailMapping } from './mail-reactor';

function recorded(type: string, data: Record<string, unknown>, extra: Partial<RecordedEvent> = {}): RecordedEvent {
  return {
    eventId: randomUUID(), type, data, metadata: testMetadata(), streamId: `test-${randomUUID()}`,
    streamVersion: 1, checkpoint: 'c', recordedAt: new Date(0), ...extra,
  };
}

// A test feature: a registration carries the address; a later reminder finds it in the
// registration, the first event of the person's stream.
const registration = recorded('TestAccountRegistered', { mail: 'anna@example.org', name: 'Anna', lang: 'en' }, { streamId: 'testaccount-1' });
const erasedRegistration = recorded('TestAccountRegistered', { mail: null, name: null }, {
  streamId: 'testaccount-2',
  metadata: { ...testMetadata(), personId: 'p2', erased: true, erasedFields: ['mail', 'name'] },
});
const streams = new Map([[registration.streamId, [registration]], [erasedRegistration.streamId, [erasedRegistration]]]);
const store: Pick<EventStore, 'readStream'> = {
  async readStream(streamId): Promise<StreamSlice> {
    const events = streams.get(streamId) ?? [];
    return { streamId, version: events.length, events };
  },
};

const sources: MailSources = {
  TestAccountRegistered: (event) => {
    const data = event.data as { mail: string; name: string; lang?: string; imported?: boolean };
    if (data.imported) return null;
    return { template: 'activation', to: data.mail, toName: data.name, language: data.lang, linkPath: mailLinkPaths.activation(`tok-${event.eventId}`) };
  },
  TestReminderRequested: async (event, context) => {
    const [first] = (await context.store.readStream(event.streamId, { maxCount: 1 })).events;
    const data = first.data as { mail: string | null };
    return { template: 'password-reset', to: data.mail, linkPath: mailLinkPaths.passwordReset('t') };
  },
};
const mapping: MailMapping = { sources, store };

describe('mail reactor mapping', () => {
  it('asks for the mail a source declares, with German by default', async () => {
    const event = recorded('TestAccountRegistered', { mail: 'anna@example.org', name: 'Anna' });
    expect(await mailRequestFor(event, mapping)).toEqual({
      template: 'activation', to: 'anna@example.org', toName: 'Anna', language: 'de', params: {},
      linkPath: `/account/activate/tok-${event.eventId}`,
    });
  });

  it('lets a source read the address from the person’s stream', async () => {
    const reminder = recorded('TestReminderRequested', {}, { streamId: registration.streamId, streamVersion: 2 });
    expect(await mailRequestFor(reminder, mapping)).toMatchObject({ template: 'password-reset', to: 'anna@example.org' });
  });

  it('turns only events with a mail into jobs that hold references, not the address', async () => {
    const mail = recorded('TestAccountRegistered', { mail: 'anna@example.org', name: 'Anna' }, { streamVersion: 3 });
    const events = [
      recorded('FeedbackVoted', { vote: 1 }),
      mail,
      recorded('TestAccountRegistered', { mail: 'ben@example.org', name: 'Ben', imported: true }),
    ];
    const jobs = await mailJobsFor(events, mapping);
    expect(jobs).toEqual([{ eventId: mail.eventId, eventType: 'TestAccountRegistered', streamId: mail.streamId, streamVersion: 3 }]);
    expect(JSON.stringify(jobs)).not.toContain('anna@example.org');
  });

  it('sends nothing for an event whose person was erased, nor when the address the source found is gone', async () => {
    expect(await mailJobsFor([erasedRegistration], mapping)).toEqual([]);
    const reminder = recorded('TestReminderRequested', {}, { streamId: erasedRegistration.streamId, streamVersion: 2 });
    expect(await mailJobsFor([reminder], mapping)).toEqual([]);
  });

  it('stops with a named error, without the values, when a source returns an invalid request', async () => {
    const event = recorded('TestAccountRegistered', { mail: 'not-an-address', name: 'Anna' });
    const failure = mailJobsFor([event], mapping);
    await expect(failure).rejects.toBeInstanceOf(MailSourceFailed);
    await expect(failure).rejects.toThrow(/to: /);
    await expect(failure).rejects.not.toThrow(/not-an-address/);
  });

  it('ignores event types that only look like registry keys', async () => {
    expect(await mailRequestFor(recorded('toString', {}), mapping)).toBeNull();
  });
});
