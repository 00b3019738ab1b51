import type { Pool } from 'pg';
import type { EventStore } from '@planwerk/events';

export type ProjectionState = 'running' | 'stopped' | 'failed' | 'rebuilding';

export interface ProjectionStatus {
  name: string;
  version: number;
  rebuildingVersion: number | null;
  checkpoint: string | null;
  state: ProjectionState;
  error: string | null;
  errorEventId: string | null;
  errorEventType: string | null;
  owner: string | null;
  /** Events in the log after the checkpoint, counted up to `lagCap`; null without a store. */
  lagEvents: number | null;
  eventsApplied: number;
  lastAppliedAt: Date | null;
}

export interface StatusOptions {
  store?: Pick<EventStore, 'readAll'>;
  lagCap?: number;
}

interface StatusRow {
  name: string;
  active_version: number;
  rebuilding_version: number | null;
  checkpoint: string | null;
  events_applied: string | null;
  last_applied_at: Date | null;
  failed: boolean | null;
  error: string | null;
  error_event_id: string | null;
  error_event_type: string | null;
  owner: string | null;
  leased: boolean | null;
}

function stateOf(row: StatusRow): ProjectionState {
  if (row.failed) return 'failed';
  if (row.rebuilding_version !== null) return 'rebuilding';
  return row.leased ? 'running' : 'stopped';
}

export async function getProjectionStatus(pool: Pool, options: StatusOptions = {}): Promise<ProjectionStatus[]> {
  const lagCap = options.lagCap ?? 100_000;
  const result = await pool.query<StatusRow>(
    `SELECT v.name, v.active_version, v.rebuilding_version, c.checkpoint, c.events_applied, c.last_applied_at,
            s.failed, s.error, s.error_event_id, s.error_event_type,
            l.owner, l.expires_at > now() AS leased
       FROM projection_versions v
       LEFT JOIN projection_checkpoints c ON c.name = v.name AND c.version = v.active_version
       LEFT JOIN projection_status s ON s.name = v.name
       LEFT JOIN projection_leases l ON l.name = v.name
      ORDER BY v.name`);
  const statuses: ProjectionStatus[] = [];
  for (const row of result.rows) {
    // Approximate on purpose: counted by reading ahead, never more than lagCap events.
    const lagEvents = options.store
      ? (await options.store.readAll({ after: row.checkpoint, maxCount: lagCap })).events.length
      : null;
    statuses.push({
      name: row.name,
      version: row.active_version,
      rebuildingVersion: row.rebuilding_version,
      checkpoint: row.checkpoint,
      state: stateOf(row),
      error: row.failed ? row.error : null,
      errorEventId: row.failed ? row.error_event_id : null,
      errorEventType: row.failed ? row.error_event_type : null,
      owner: row.leased ? row.owner : null,
      lagEvents,
      eventsApplied: Number(row.events_applied ?? 0),
      lastAppliedAt: row.last_applied_at,
    });
  }
  return statuses;
}

function label(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

/** Prometheus text exposition of the projections' lag and health. */
export function formatProjectionMetrics(statuses: readonly ProjectionStatus[]): string {
  const states: ProjectionState[] = ['running', 'stopped', 'failed', 'rebuilding'];
  const lines = [
    '# HELP planwerk_projection_lag_events Events in the log after the projection checkpoint (approximate).',
    '# TYPE planwerk_projection_lag_events gauge',
    ...statuses.filter((s) => s.lagEvents !== null).map((s) => `planwerk_projection_lag_events{projection="${label(s.name)}"} ${s.lagEvents}`),
    '# HELP planwerk_projection_state Current state of the projection (1 for the state it is in).',
    '# TYPE planwerk_projection_state gauge',
    ...statuses.flatMap((s) => states.map((state) => `planwerk_projection_state{projection="${label(s.name)}",state="${state}"} ${s.state === state ? 1 : 0}`)),
    '# HELP planwerk_projection_version Active table version of the projection.',
    '# TYPE planwerk_projection_version gauge',
    ...statuses.map((s) => `planwerk_projection_version{projection="${label(s.name)}"} ${s.version}`),
    '# HELP planwerk_projection_events_applied_total Events applied to the active version.',
    '# TYPE planwerk_projection_events_applied_total counter',
    ...statuses.map((s) => `planwerk_projection_events_applied_total{projection="${label(s.name)}"} ${s.eventsApplied}`),
    '# HELP planwerk_projection_last_applied_timestamp_seconds When the projection last committed a batch.',
    '# TYPE planwerk_projection_last_applied_timestamp_seconds gauge',
    ...statuses.filter((s) => s.lastAppliedAt !== null)
      .map((s) => `planwerk_projection_last_applied_timestamp_seconds{projection="${label(s.name)}"} ${(s.lastAppliedAt as Date).getTime() / 1000}`),
  ];
  return `${lines.join('\n')}\n`;
}
