import { z } from 'zod';
import type { RecordedEvent } from '@planwerk/events';
import type { DeliveredMessage, OutgoingMessage } from './bus.port';

// The message the relay puts on the bus for each committed event: the recorded envelope as
// JSON, keyed by stream id so one stream's events keep their order.
export const EVENTS_TOPIC = 'planwerk.events';

const actorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), id: z.string() }),
  z.object({ kind: z.literal('anonymous'), id: z.string(), name: z.string().optional() }),
  z.object({ kind: z.literal('system'), id: z.string() }),
]);

const relayedEventSchema = z.object({
  eventId: z.string().min(1),
  type: z.string().min(1),
  streamId: z.string().min(1),
  streamVersion: z.number().int().positive(),
  checkpoint: z.string().min(1),
  data: z.unknown(),
  metadata: z.looseObject({
    commandId: z.string(),
    correlationId: z.string(),
    causationId: z.string().nullable(),
    actor: actorSchema,
    teamId: z.string().nullable(),
    schemaVersion: z.number().int(),
    personId: z.string().optional(),
  }),
  recordedAt: z.iso.datetime({ offset: true }),
});

export class MalformedRelayedEvent extends Error {
  override readonly name = 'MalformedRelayedEvent';
  constructor(readonly topic: string, readonly offset: string, readonly issues: string) {
    super(`message at ${topic}@${offset} is not a relayed event: ${issues}`);
  }
}

export function encodeRelayedEvent(event: RecordedEvent): OutgoingMessage {
  return {
    key: event.streamId,
    value: JSON.stringify({
      eventId: event.eventId,
      type: event.type,
      streamId: event.streamId,
      streamVersion: event.streamVersion,
      checkpoint: event.checkpoint,
      data: event.data,
      metadata: event.metadata,
      recordedAt: event.recordedAt.toISOString(),
    }),
    headers: { 'event-id': event.eventId, 'event-type': event.type },
  };
}

export function decodeRelayedEvent(message: DeliveredMessage): RecordedEvent {
  let json: unknown;
  try {
    json = JSON.parse(message.value.toString('utf8'));
  } catch (error) {
    throw new MalformedRelayedEvent(message.topic, message.offset, `invalid JSON (${String(error)})`);
  }
  const parsed = relayedEventSchema.safeParse(json);
  if (!parsed.success) {
    throw new MalformedRelayedEvent(message.topic, message.offset, z.prettifyError(parsed.error));
  }
  const { recordedAt, ...event } = parsed.data;
  return { ...event, recordedAt: new Date(recordedAt) } as RecordedEvent;
}
