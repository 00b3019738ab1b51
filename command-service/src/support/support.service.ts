import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@planwerk/platform';
import { SupportRequested, supportStream, type EventStore, type SupportRequestedEvent } from '@planwerk/events';
import { EVENT_STORE } from '../app/tokens';
import { decideAndAppend, type CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { supportDecider } from './decide/support.decider';

/** A team's owner or admin writes to the operator (the HTTP edge checks the level). */
@Injectable()
export class SupportService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async request(teamId: string, input: { subject: string; message: string; language: string }, metadata: CommandMetadata, ids: IdSource, now: Date = this.clock.now()) {
    const requestId = ids.next('requestId');
    // The texts are the requester's words: encrypted with their key (a person's request only).
    const requester = metadata.actor.kind === 'user' ? metadata.actor.id : undefined;
    const result = await decideAndAppend({
      store: this.store, streamId: supportStream(requestId), decider: supportDecider,
      command: { requestId, teamId, ...input, now }, metadata: { ...metadata, teamId }, ids, mode: 'no_stream',
      schemaVersions: { SupportRequested: SupportRequested.schemaVersion },
      parse: (event) => ({ type: 'SupportRequested', data: SupportRequested.schema.parse(event.data) }) satisfies SupportRequestedEvent,
      personOf: () => requester,
    });
    return { requestId, checkpoint: result.checkpoint };
  }
}
