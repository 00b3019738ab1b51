import { ProjectionNotFound, activeTable } from '@planwerk/projector';
import type { Pool } from 'pg';

const UNDEFINED_TABLE = '42P01';

/**
 * The live version of a projection's table (blue-green rebuilds swap it); null before the
 * projector ran, so a query answers "nothing yet" instead of failing.
 */
export async function liveTable(pool: Pool, projection: string, base: string): Promise<string | null> {
  try {
    return await activeTable(pool, projection, base);
  } catch (error) {
    if (error instanceof ProjectionNotFound || (error as { code?: string }).code === UNDEFINED_TABLE) return null;
    throw error;
  }
}
