import {
  AppendPayloadMismatch,
  MailDelivered,
  MailDeliveryFailed,
  mailStreamId,
  WrongExpectedVersion,
  type EventStore,
  type MailEvent,
  type RecordedEvent,
} from '@planwerk/events';
import { uuidV5 } from '../shared/idempotency/deterministic-ids';
import { decideMailOutcome, evolveMailOutcome, initialMailOutcomeState, type MailOutcomeCommand } from './decide/mail-outcome.decider';

const SCHEMA_VERSIONS: Record<MailEvent['type'], number> = {
  MailDelivered: MailDelivered.schemaVersion,
  MailDeliveryFailed: MailDeliveryFailed.schemaVersion,
};

export const MAIL_DELIVERY_ACTOR = { kind: 'system', id: 'mail-delivery' } as const;

/** Records the outcome of a job once; the source event gives causation, team and person. */
export async function recordMailOutcome(
  store: EventStore,
  command: MailOutcomeCommand,
  source: Pick<RecordedEvent, 'eventId' | 'metadata'> | null,
): Promise<void> {
  const jobId = command.data.jobId;
  const streamId = mailStreamId(jobId);
  // The outcome's event id is a function of the job id: however often a job or its failure
  // handler runs, the store holds one outcome event (a repeated id appends nothing).
  const eventId = uuidV5(`mail-outcome\n${jobId}`);
  const events = decideMailOutcome(command, initialMailOutcomeState());
  try {
    await store.append(
      streamId,
      events.map((event) => ({
        eventId,
        type: event.type,
        data: event.data,
        metadata: {
          commandId: uuidV5(`mail-command\n${jobId}\n${command.type}`),
          correlationId: source?.metadata.correlationId ?? jobId,
          causationId: source?.eventId ?? null,
          actor: MAIL_DELIVERY_ACTOR,
          teamId: source?.metadata.teamId ?? null,
          schemaVersion: SCHEMA_VERSIONS[event.type],
          // Encrypts the address under the recipient's key (erasure shreds it here too).
          ...(source?.metadata.personId ? { personId: source.metadata.personId } : {}),
        },
      })),
      { expectedVersion: 'no_stream' },
    );
  } catch (error) {
    // The outcome's id is in already: the same outcome answers the earlier append, another one
    // (delivered vs. failed, or an earlier attempt's error text) is refused as AppendPayloadMismatch.
    if (!(error instanceof WrongExpectedVersion || error instanceof AppendPayloadMismatch)) throw error;
    // The stream exists with another outcome: the decider over it says whether anything is left.
    const slice = await store.readStream(streamId);
    const state = slice.events.reduce((s, e) => evolveMailOutcome(s, e as unknown as MailEvent), initialMailOutcomeState());
    if (decideMailOutcome(command, state).length > 0) throw error;
  }
}
