import type { RecordedEvent } from '@planwerk/events';
import type { DeliveredMessage } from './bus.port';
import { decodeRelayedEvent, encodeRelayedEvent, MalformedRelayedEvent } from './relayed-event';

const event: RecordedEvent = {
  eventId: '5f0c3a56-8d5e-4f55-9a43-1d1b9c0e8a01',
  type: 'FeedbackVoted',
  data: { vote: 2, text: 'gut' },
  metadata: {
    commandId: 'c-1',
    correlationId: 'c-1',
    causationId: null,
    actor: { kind: 'anonymous', id: 'visitor-1', name: 'Ada' },
    teamId: 'team-1',
    schemaVersion: 1,
  },
  streamId: 'feedback-1',
  streamVersion: 3,
  checkpoint: 'opaque-42',
  recordedAt: new Date('2026-11-22T10:00:00.123Z'),
};

function delivered(value: string | Buffer): DeliveredMessage {
  return { topic: 'planwerk.events', partition: 0, offset: '7', key: 'feedback-1', value: Buffer.from(value), headers: {} };
}

describe('relayed event', () => {
  it('is keyed by stream id and decodes back to the recorded event', () => {
    const message = encodeRelayedEvent(event);
    expect(message.key).toBe('feedback-1');
    expect(message.headers).toEqual({ 'event-id': event.eventId, 'event-type': 'FeedbackVoted' });
    expect(decodeRelayedEvent(delivered(message.value))).toEqual(event);
  });

  it('names the position and the reason when a message is not a relayed event', () => {
    expect(() => decodeRelayedEvent(delivered('{not json'))).toThrow(MalformedRelayedEvent);
    const missingStream = JSON.stringify({ ...JSON.parse(encodeRelayedEvent(event).value as string), streamId: undefined });
    expect(() => decodeRelayedEvent(delivered(missingStream))).toThrow(/planwerk\.events@7.*streamId/s);
  });
});
