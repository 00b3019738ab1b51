import { checkpointAfterRead } from '../shared/commands/answer-checkpoint';
import { Inject, Injectable } from '@nestjs/common';
import {
  backupsStreamId,
  commentsStreamId,
  DomainError,
  projectLinkStreamId,
  projectStreamId,
  signupNoticesStreamId,
  signupsStreamId,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  type StreamSlice,
} from '@planwerk/events';
import {
  appendEvents,
  encryptPersonalData,
  PostgresEventStore,
  withTransaction,
  type PersonalDataOptions,
} from '@planwerk/platform';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import { StreamLock } from '../shared/commands/stream-lock';
import { listIdsEverAdded, type SnapshotEvent } from './decide/backup-state.decider';

/** The streams a project's state is folded from: `project-<id>` and every list's `signups-<listId>`. */
export interface ProjectStreams {
  project: StreamSlice;
  lists: Record<string, StreamSlice>;
}

export interface StreamBatch {
  streamId: string;
  /** The stream's version when it was read (0: it does not exist yet). */
  expected: number;
  events: NewEvent[];
}

/** How far back undo looks: the last 24 hours, within the newest 100,000 events of the log. */
export const UNDO_WINDOW_HOURS = 24;
export const UNDO_WINDOW_EVENTS = 100_000;

export interface CommandEventRow {
  streamId: string;
  streamPosition: number;
  type: string;
  projectId: string | null;
  actorKind: string;
  actorId: string;
  teamId: string | null;
  recordedAt: Date;
}

export interface RecentCommandRow {
  commandId: string;
  at: Date;
  projectId: string;
  types: string[];
  events: number;
}

export function snapshotEvent(event: RecordedEvent): SnapshotEvent {
  return { type: event.type, data: event.data, erased: event.metadata.erased === true };
}

/**
 * Reads a project's streams through the store (personal fields decrypted) and appends the
 * compensating events of a restore or undo to several streams in one transaction, each with
 * the version it was read at (a concurrent change fails the whole append: WrongExpectedVersion).
 * Personal fields are encrypted exactly as `store.append` would. Restores of one project in
 * this process queue on a lock; other writers are held off by the expected versions.
 */
@Injectable()
export class BackupsRepository {
  readonly lock = new StreamLock();
  private readonly personalData: PersonalDataOptions | undefined;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) readonly store: EventStore,
  ) {
    this.personalData = store instanceof PostgresEventStore ? store.personalData : undefined;
  }

  async readProject(projectId: string): Promise<ProjectStreams> {
    const project = await this.store.readStream(projectStreamId(projectId));
    const lists: Record<string, StreamSlice> = {};
    for (const listId of listIdsEverAdded(project.events)) lists[listId] = await this.store.readStream(signupsStreamId(listId));
    return { project, lists };
  }

  readBackups(projectId: string): Promise<StreamSlice> {
    return this.store.readStream(backupsStreamId(projectId));
  }

  /** Every stream of a project's history, for the export (the project's own ones first). */
  historyStreams(projectId: string, link: string | null, listIds: readonly string[]): string[] {
    return [
      projectStreamId(projectId),
      ...(link !== null ? [projectLinkStreamId(link)] : []),
      ...listIds.flatMap((id) => [signupsStreamId(id), signupNoticesStreamId(id)]),
      commentsStreamId(projectId),
      backupsStreamId(projectId),
    ];
  }

  async appendAll(batches: readonly StreamBatch[]): Promise<AppendResult[]> {
    const prepared: StreamBatch[] = [];
    for (const batch of batches) {
      if (batch.events.length === 0) continue;
      const events = this.personalData ? await encryptPersonalData(batch.events, this.personalData) : batch.events;
      prepared.push({ ...batch, events });
    }
    if (prepared.length === 0) return [];
    return withTransaction(this.pool, async (client) => {
      const results: AppendResult[] = [];
      for (const batch of prepared) results.push(await appendEvents(client, batch.streamId, batch.events, batch.expected === 0 ? 'no_stream' : batch.expected));
      return results;
    });
  }

  async head(...read: Array<string | null | undefined>): Promise<string> {
    return checkpointAfterRead(this.store, ...read);
  }

  /** The events of one command inside the undo window, in log order. */
  async commandEvents(commandId: string): Promise<CommandEventRow[]> {
    const { rows } = await this.pool.query<{
      stream_id: string; stream_position: string; type: string; project_id: string | null; actor_kind: string; actor_id: string;
      team_id: string | null; recorded_at: Date;
    }>(
      `SELECT stream_id, stream_position, type, data->>'projectId' AS project_id, metadata->'actor'->>'kind' AS actor_kind,
              metadata->'actor'->>'id' AS actor_id, metadata->>'teamId' AS team_id, recorded_at
         FROM events
        WHERE global_position > (SELECT coalesce(max(global_position), 0) - $2 FROM events)
          AND metadata->>'commandId' = $1
        ORDER BY global_position`,
      [commandId, UNDO_WINDOW_EVENTS],
    );
    return rows.map((r) => ({
      streamId: r.stream_id, streamPosition: Number(r.stream_position), type: r.type, projectId: r.project_id, actorKind: r.actor_kind,
      actorId: r.actor_id, teamId: r.team_id, recordedAt: r.recorded_at,
    }));
  }

  /** A person's recent commands in a team that changed a project or its sign-ups, newest first. */
  async recentCommands(teamId: string, userId: string, now: Date, limit: number): Promise<RecentCommandRow[]> {
    const since = new Date(now.getTime() - UNDO_WINDOW_HOURS * 3_600_000);
    const { rows } = await this.pool.query<{ command_id: string; at: Date; project_id: string; types: string[]; events: string }>(
      `SELECT metadata->>'commandId' AS command_id, max(recorded_at) AS at, min(data->>'projectId') AS project_id,
              array_agg(type ORDER BY global_position) AS types, count(*) AS events
         FROM events
        WHERE global_position > (SELECT coalesce(max(global_position), 0) - $4 FROM events)
          AND recorded_at > $3
          AND metadata->>'teamId' = $1
          AND metadata->'actor'->>'kind' = 'user' AND metadata->'actor'->>'id' = $2
          AND ((stream_id LIKE 'project-%' AND stream_id NOT LIKE 'project-link-%') OR stream_id LIKE 'signups-%')
        GROUP BY metadata->>'commandId'
        ORDER BY max(global_position) DESC
        LIMIT $5`,
      [teamId, userId, since, UNDO_WINDOW_EVENTS, limit],
    );
    return rows.map((r) => ({ commandId: r.command_id, at: r.at, projectId: r.project_id, types: r.types, events: Number(r.events) }));
  }

  /** Which of these commands an undo has already compensated. */
  async undoneCommands(commandIds: readonly string[]): Promise<Set<string>> {
    if (commandIds.length === 0) return new Set();
    const { rows } = await this.pool.query<{ command_id: string }>(
      `SELECT data->>'undoneCommandId' AS command_id
         FROM events
        WHERE global_position > (SELECT coalesce(max(global_position), 0) - $2 FROM events)
          AND type = 'RestorePerformed' AND data->>'undoneCommandId' = ANY($1::text[])`,
      [commandIds, UNDO_WINDOW_EVENTS],
    );
    return new Set(rows.map((r) => r.command_id));
  }

  /** Whether `checkpoint` is one this store can compare (400 naming the field otherwise). */
  checkPosition(checkpoint: string, field: string): void {
    try {
      this.store.compareCheckpoints(checkpoint, checkpoint);
    } catch {
      throw new DomainError('validation_failed', { field });
    }
  }
}
