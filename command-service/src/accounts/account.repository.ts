import { checkpointAfterRead } from '../shared/commands/answer-checkpoint';
import { Inject, Injectable } from '@nestjs/common';
import {
  accountSchemaVersions,
  WrongExpectedVersion,
  type AccountEvent,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
} from '@planwerk/events';
import {
  withTransaction,
  appendEvents,
  encryptPersonalData,
  PostgresEventStore,
  projectAccountEvents,
  type PersonalDataOptions,
} from '@planwerk/platform';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { accountDecider, type AccountState, type DecidedEvent } from './decide/account.decider';

export const accountStream = (userId: string): string => `account-${userId}`;
export const emailReservationStream = (emailKey: string): string => `account-email-${emailKey}`;

export interface StreamAppend {
  streamId: string;
  expected: ExpectedVersion;
  events: DecidedEvent[];
}

export interface LoadedAccount {
  state: AccountState;
  version: number;
}

// The store adapter encrypts personal fields on `append`; appends inside our own transaction
// must do the same, with the store's own options (ADR 0004).
function personalDataOf(store: EventStore): PersonalDataOptions | undefined {
  return store instanceof PostgresEventStore ? store.personalData : undefined;
}

/**
 * Loads account streams and appends account events together with the inline projection
 * (`account_logins`, `account_sessions`, `account_link_tokens`) in one transaction.
 */
@Injectable()
export class AccountRepository {
  private readonly personalData: PersonalDataOptions | undefined;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {
    this.personalData = personalDataOf(store);
  }

  async load(userId: string): Promise<LoadedAccount> {
    const slice = await this.store.readStream(accountStream(userId));
    let state = accountDecider.initialState();
    for (const event of slice.events) state = accountDecider.evolve(state, { type: event.type, data: event.data } as AccountEvent);
    return { state, version: slice.version };
  }

  /** Appends to one or more streams atomically; a version conflict throws WrongExpectedVersion. */
  async append(appends: StreamAppend[], userId: string, metadata: CommandMetadata, ids: IdSource): Promise<AppendResult | null> {
    const prepared: Array<{ streamId: string; expected: ExpectedVersion; events: NewEvent[]; plain: AccountEvent[] }> = [];
    for (const append of appends.filter((a) => a.events.length > 0)) {
      const events: NewEvent[] = append.events.map((event, index) => ({
        eventId: event.eventId ?? ids.next(`event:${append.streamId}:${index}`),
        type: event.type,
        data: event.data,
        metadata: {
          commandId: metadata.commandId, correlationId: metadata.correlationId, causationId: metadata.causationId,
          actor: metadata.actor, teamId: metadata.teamId, schemaVersion: accountSchemaVersions[event.type], personId: userId,
        },
      }));
      // Encrypted before the transaction: the cipher may create the person's key on its own connection.
      const stored = this.personalData ? await encryptPersonalData(events, this.personalData) : events;
      prepared.push({ streamId: append.streamId, expected: append.expected, events: stored, plain: append.events });
    }
    if (prepared.length === 0) return null;
    return withTransaction(this.pool, async (client) => {
      let last: AppendResult | null = null;
      for (const batch of prepared) {
        last = await appendEvents(client, batch.streamId, batch.events, batch.expected);
        await projectAccountEvents(client, batch.plain);
      }
      return last;
    });
  }

  /** Load → decide → append on the account stream; a concurrent change is retried on fresh state. */
  async mutate<T>(
    userId: string,
    metadata: CommandMetadata,
    ids: IdSource,
    decide: (state: AccountState) => { events: DecidedEvent[]; result: T },
  ): Promise<{ result: T; append: AppendResult | null; /** after the events */ state: AccountState }> {
    for (let attempt = 1; ; attempt += 1) {
      const { state, version } = await this.load(userId);
      const { events, result } = decide(state);
      try {
        const append = await this.append([{ streamId: accountStream(userId), expected: version, events }], userId, metadata, ids);
        return { result, append, state: events.reduce(accountDecider.evolve, state) };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion) || attempt >= 3) throw error;
      }
    }
  }

  /** The address reservation stream's version and last event type. */
  async readReservation(emailKey: string): Promise<{ version: number; lastType: string | null }> {
    const slice = await this.store.readStream(emailReservationStream(emailKey));
    return { version: slice.version, lastType: slice.events.at(-1)?.type ?? null };
  }

  /** Crypto-shredding: destroys the person's key, so every copy of their personal fields is unreadable. */
  async eraseKey(personId: string): Promise<void> {
    await this.personalData?.cipher.eraseKey(personId);
  }

  async head(...read: Array<string | null | undefined>): Promise<string> {
    return checkpointAfterRead(this.store, ...read);
  }
}
