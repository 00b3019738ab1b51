import { checkpointAfterRead } from '../shared/commands/answer-checkpoint';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  membershipSchemaVersions,
  membershipStreamId,
  WrongExpectedVersion,
  type AppendResult,
  type EventStore,
  type MembershipEvent,
  type NewEvent,
} from '@planwerk/events';
import {
  withTransaction,
  appendEvents,
  encryptPersonalData,
  PostgresEventStore,
  projectMembershipEvents,
  type PersonalDataOptions,
} from '@planwerk/platform';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { decideMembership, evolveMembership, initialMembershipState, type MembershipCommand } from './decide/membership.decider';

const ATTEMPTS = 3;

/**
 * Load → decide → append on `team-members-<teamId>`, with `team_members`, `team_invitations`
 * and `team_applications` written in the append's transaction (ADR 0005). The invited address
 * is encrypted under the invitation's id before the transaction (ADR 0004's pattern).
 */
@Injectable()
export class MembershipRepository {
  private readonly personalData: PersonalDataOptions | undefined;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {
    this.personalData = store instanceof PostgresEventStore ? store.personalData : undefined;
  }

  async execute(command: MembershipCommand, metadata: CommandMetadata, ids: IdSource): Promise<{ events: MembershipEvent[]; checkpoint: string }> {
    const streamId = membershipStreamId(command.teamId);
    for (let attempt = 1; ; attempt += 1) {
      const slice = await this.store.readStream(streamId);
      let state = initialMembershipState();
      for (const event of slice.events) state = evolveMembership(state, { type: event.type, data: event.data } as MembershipEvent);
      const events = decideMembership(command, state);
      if (events.length === 0) return { events, checkpoint: await checkpointAfterRead(this.store, slice.events.at(-1)?.checkpoint) };
      try {
        const result = await this.append(streamId, slice.version, events, { ...metadata, teamId: command.teamId }, ids, attempt);
        return { events, checkpoint: result.checkpoint };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion)) throw error;
        if (attempt >= ATTEMPTS) throw new DomainError('conflict', { details: { streamId } });
      }
    }
  }

  private async append(
    streamId: string, expected: number, events: MembershipEvent[], metadata: CommandMetadata, ids: IdSource, attempt: number,
  ): Promise<AppendResult> {
    const prepared: NewEvent[] = events.map((event, index) => ({
      eventId: ids.next(`event:${streamId}:${attempt}:${index}`),
      type: event.type,
      data: event.data,
      metadata: {
        commandId: metadata.commandId, correlationId: metadata.correlationId, causationId: metadata.causationId,
        actor: metadata.actor, teamId: metadata.teamId, schemaVersion: membershipSchemaVersions[event.type],
        ...(event.type === 'MemberInvited' ? { personId: event.data.inviteId } : {}),
      },
    }));
    const stored = this.personalData ? await encryptPersonalData(prepared, this.personalData) : prepared;
    return withTransaction(this.pool, async (client) => {
      const result = await appendEvents(client, streamId, stored, expected === 0 ? 'no_stream' : expected);
      await projectMembershipEvents(client, events);
      return result;
    });
  }
}
