import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@planwerk/platform';
import { TeamAgreementAccepted, teamAgreementStream, type EventStore, type TeamAgreementAcceptedEvent } from '@planwerk/events';
import { EVENT_STORE } from '../app/tokens';
import { decideAndAppend, type CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { agreementDecider } from './decide/agreement.decider';

/** Accepting the team's data-processing agreement (owner or admin; the HTTP edge checks). */
@Injectable()
export class AgreementService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async accept(teamId: string, version: string, metadata: CommandMetadata, ids: IdSource, now: Date = this.clock.now()) {
    const result = await decideAndAppend({
      store: this.store, streamId: teamAgreementStream(teamId), decider: agreementDecider,
      command: { teamId, version, now }, metadata: { ...metadata, teamId }, ids, mode: 'loaded',
      schemaVersions: { TeamAgreementAccepted: TeamAgreementAccepted.schemaVersion },
      parse: (event) => ({ type: 'TeamAgreementAccepted', data: TeamAgreementAccepted.schema.parse(event.data) }) satisfies TeamAgreementAcceptedEvent,
    });
    return { teamId, version, changed: result.events.length > 0, checkpoint: result.checkpoint };
  }
}
