import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, RecordedEvent } from '@planwerk/events';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import { CLOCK, listAllSessions, type Clock } from '@planwerk/platform';
import { accountStream } from './account.repository';
import { userPreferencesStream } from './account-self-service.service';
import { passkeysStreamId, secondFactorStreamId } from './second-factor/second-factor.streams';

// GET /v5/user/data (/account/data): everything about the person, built from the events and
// decrypted by the store. Secrets (password and token hashes, TOTP seed, recovery code hashes,
// public keys) are left out: they say nothing about the person and would only help an attacker.

const SECRET_KEYS = /(hash|hashes|secret|publickey|challenge)$/i;
/** Events the person caused elsewhere (feedback, later team work), newest streams last. */
const MAX_CAUSED_STREAMS = 1000;

export interface ExportedEvent {
  streamId: string;
  type: string;
  recordedAt: string;
  data: unknown;
  erased?: true;
}

export interface AccountDataExport {
  exportedAt: string;
  uid: string;
  /** The account's own streams: account, second factor, passkeys, preferences. */
  streams: Record<string, ExportedEvent[]>;
  sessions: Array<{ id: string; device: string; deviceId: string; method: string; created: string; lastUsed: string; ended: string | null }>;
  preferences: unknown;
  /** Events on other streams whose actor is the person (feedback, activity). */
  caused: ExportedEvent[];
}

export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET_KEYS.test(key)).map(([key, v]) => [key, withoutSecrets(v)]));
}

function exported(event: RecordedEvent): ExportedEvent {
  const erased = (event.metadata as { erased?: boolean }).erased === true;
  return {
    streamId: event.streamId, type: event.type, recordedAt: new Date(event.recordedAt).toISOString(), data: withoutSecrets(event.data),
    ...(erased ? { erased: true as const } : {}),
  };
}

@Injectable()
export class AccountDataExporter {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async export(userId: string): Promise<AccountDataExport> {
    const own = [accountStream(userId), secondFactorStreamId(userId), passkeysStreamId(userId), userPreferencesStream(userId)];
    const streams: Record<string, ExportedEvent[]> = {};
    for (const streamId of own) streams[streamId] = (await this.store.readStream(streamId)).events.map(exported);

    const sessions = await listAllSessions(this.pool, userId);
    const preferences = await this.pool.query<{ preferences: unknown }>('SELECT preferences FROM account_preferences WHERE user_id = $1', [userId]);

    // The streams where the person acted; each is read through the store, so personal fields decrypt.
    const causedStreams = await this.pool.query<{ stream_id: string }>(
      `SELECT stream_id FROM events
       WHERE metadata->'actor'->>'kind' = 'user' AND metadata->'actor'->>'id' = $1 AND NOT (stream_id = ANY($2::text[]))
       GROUP BY stream_id ORDER BY min(global_position) LIMIT $3`,
      [userId, own, MAX_CAUSED_STREAMS],
    );
    const caused: ExportedEvent[] = [];
    for (const { stream_id: streamId } of causedStreams.rows) {
      const slice = await this.store.readStream(streamId);
      for (const event of slice.events) {
        if (event.metadata.actor.kind === 'user' && event.metadata.actor.id === userId) caused.push(exported(event));
      }
    }

    return {
      exportedAt: this.clock.now().toISOString(),
      uid: userId,
      streams,
      sessions: sessions.map((session) => ({
        id: session.sessionId, device: session.deviceName, deviceId: session.deviceId, method: session.method,
        created: session.createdAt.toISOString(), lastUsed: session.lastUsedAt.toISOString(), ended: session.revokedAt?.toISOString() ?? null,
      })),
      preferences: preferences.rows[0]?.preferences ?? null,
      caused,
    };
  }
}
