import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Pool } from 'pg';
import { createEventCatalogue, type EventCatalogue } from '@planwerk/events';
import { createDatabasePool, openPostgresEventStore, type PostgresEventStore } from '@planwerk/platform';
import type { ProjectorConfig } from './projector-config';
import { migrateProjector } from './projector-schema';

export interface ProjectorDatabase {
  pool: Pool;
  store: PostgresEventStore;
  catalogue: EventCatalogue;
  close(): Promise<void>;
}

/**
 * The master key the projector's store decrypts with: PERSONAL_DATA_MASTER_KEY, else — for the
 * operator commands beside `npm start` — the embedded mode's key (`master.key` under DATA_DIR),
 * the one the embedded services use: when DATA_DIR is given, or when DATABASE_URL is the embedded
 * PostgreSQL on this machine (port EMBEDDED_PG_PORT, default 54329) and ./.data holds a key.
 * Never a key found by chance for another database.
 */
export function operatorMasterKey(config: ProjectorConfig, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (config.PERSONAL_DATA_MASTER_KEY) return config.PERSONAL_DATA_MASTER_KEY;
  if (!env.DATA_DIR && !isEmbeddedDatabase(config.DATABASE_URL, env)) return undefined;
  const file = join(resolve(env.DATA_DIR || '.data'), 'master.key');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

function isEmbeddedDatabase(databaseUrl: string, env: NodeJS.ProcessEnv): boolean {
  try {
    const url = new URL(databaseUrl);
    const embeddedPort = env.EMBEDDED_PG_PORT || '54329';
    return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) && url.port === embeddedPort;
  } catch {
    return false;
  }
}

/**
 * How the projector and its operator commands (status, skip, retry, rebuild) open the database,
 * the same for all: one guarded pool with the session limits, the store with the master key, the
 * projector's schema. An operator command refuses to go on without a key when the log holds
 * encrypted personal data (every read of such an event would fail).
 */
export async function openProjectorDatabase(
  config: ProjectorConfig,
  options: { label: string; max?: number; masterKey?: string; requireKeyForEncryptedData?: boolean },
): Promise<ProjectorDatabase> {
  const pool = createDatabasePool({ connectionString: config.DATABASE_URL, max: options.max ?? 10, label: options.label });
  try {
    const catalogue = createEventCatalogue();
    const masterKey = options.masterKey ?? config.PERSONAL_DATA_MASTER_KEY;
    if (!masterKey && options.requireKeyForEncryptedData) await assertNoEncryptedData(pool);
    const store = await openPostgresEventStore({ pool, catalogue, masterKey });
    await migrateProjector(pool);
    return {
      pool, store, catalogue,
      async close() {
        await store.close();
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

async function assertNoEncryptedData(pool: Pool): Promise<void> {
  const found = await pool.query<{ keys: boolean }>("SELECT to_regclass('person_keys') IS NOT NULL AS keys");
  if (!found.rows[0]?.keys) return;
  const any = await pool.query('SELECT 1 FROM person_keys LIMIT 1');
  if (any.rowCount === 0) return;
  throw new Error('This database holds encrypted personal data: set PERSONAL_DATA_MASTER_KEY to the services\' key '
    + '(or DATA_DIR to the folder of `npm start` that holds master.key)');
}
