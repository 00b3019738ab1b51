import type { EventStore } from '@planwerk/events';
import { getProjectionStatus, projectionCheckpoint } from '@planwerk/projector';
import type { Pool } from 'pg';
import type { ProjectionStatusSource } from './projection-status.port';

const UNDEFINED_TABLE = '42P01';

// Health is polled often (issue 12: it could read 100,000 events per call): count at most this
// many events of lag per projection; the metric says "at least this many" beyond it.
const LAG_CAP = 100;

// Before the projector's first migration there are no bookkeeping tables and no projections.
async function orEmpty<T>(query: Promise<T>, empty: T): Promise<T> {
  try {
    return await query;
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return empty;
    throw error;
  }
}

/** The projector's checkpoint tables in the database the query service reads. */
export function createPostgresProjectionStatus(pool: Pool, store?: Pick<EventStore, 'readAll'>): ProjectionStatusSource {
  return {
    async list() {
      const statuses = await orEmpty(getProjectionStatus(pool, { store, lagCap: LAG_CAP }), []);
      return statuses.map((status) => ({
        projection: status.name,
        checkpoint: status.checkpoint,
        state: status.state,
        error: status.error,
        updatedAt: status.lastAppliedAt,
        lagEvents: status.lagEvents,
      }));
    },
    checkpointOf(projection) {
      return orEmpty(projectionCheckpoint(pool, projection), null);
    },
  };
}
