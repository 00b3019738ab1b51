import type { Pool } from 'pg';
import type { EventCatalogue } from '@planwerk/events';
import { parseMasterKey, PostgresPersonalDataCipher, migratePersonKeys } from '../crypto/postgres-personal-data-cipher.adapter';
import { createPostgresEventStore, type PostgresEventStore } from './postgres/postgres-event-store.adapter';
import { migrateEventStore } from './postgres/event-store.schema';

export interface OpenEventStoreOptions {
  pool: Pool;
  catalogue: EventCatalogue;
  /** Base64 master key that wraps the per-person keys; without it personal fields stay plaintext. */
  masterKey?: string;
}

/**
 * How every process opens the PostgreSQL store: schema migrated, crypto-shredding of the
 * catalogue's personal fields when a master key is configured, restore guard checked.
 */
export async function openPostgresEventStore(options: OpenEventStoreOptions): Promise<PostgresEventStore> {
  const { pool, catalogue, masterKey } = options;
  await migrateEventStore(pool);
  let personalData;
  if (masterKey) {
    await migratePersonKeys(pool);
    personalData = {
      cipher: new PostgresPersonalDataCipher(pool, parseMasterKey(masterKey)),
      personalFields: (type: string) => catalogue.personalFields(type),
      authoredFields: (type: string) => catalogue.authoredFields(type),
    };
  }
  const store = createPostgresEventStore({ pool, personalData });
  await store.ready();
  return store;
}
