import type { EventStore } from '@planwerk/events';
import { PostgresEventStore } from '@planwerk/platform';

/**
 * Crypto-shredding (architecture rule 8): deletes the keys of these persons, so every event
 * encrypted with them reads back with its personal fields null. A store without personal-data
 * encryption has no keys to delete. Idempotent: erasing an erased key changes nothing.
 */
export async function erasePersonKeys(store: EventStore, personIds: readonly string[]): Promise<void> {
  const cipher = store instanceof PostgresEventStore ? store.personalData?.cipher : undefined;
  for (const personId of personIds) await cipher?.eraseKey(personId);
}
