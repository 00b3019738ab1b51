import { AccountRegistered, SocialAccountRegistered, type EventStore } from '@planwerk/events';
import type { Pool } from 'pg';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Account streams read at once: a long member list must not take the whole pool. */
const PARALLEL_READS = 8;

/** The registration is the first event of `account-<userId>`; a few more are read in case. */
const REGISTRATION_WINDOW = 10;

/**
 * Member names for query answers (ADR 0007). Read models hold no names: a name is personal
 * data, encrypted under the person's key in the account stream, and read here through the
 * store, which decrypts it. After erasure the key is gone and the inline `account_logins` row
 * deleted (checked as well), so the name reads as null.
 *
 * The name is the one given at registration: no event changes it later (the account settings
 * show it read-only). An event that renames would have to be folded here, latest wins.
 *
 * One instance per request or export: names are kept while it runs and no longer. A cache
 * across requests would keep decrypted names of erased people in memory until a later look-up
 * noticed the erasure, and would have to read every stream's tail again once names can change.
 */
export class MemberNames {
  private readonly names = new Map<string, string | null>();

  constructor(private readonly pool: Pick<Pool, 'query'>, private readonly store: Pick<EventStore, 'readStream'>) {}

  /** The name of each id (null: erased, unknown or not a user id), in one batch. */
  async namesOf(userIds: Iterable<string>): Promise<ReadonlyMap<string, string | null>> {
    const wanted = [...new Set(userIds)];
    await this.load(wanted.filter((id) => !this.names.has(id)));
    return new Map(wanted.map((id) => [id, this.names.get(id) ?? null]));
  }

  private async load(userIds: readonly string[]): Promise<void> {
    const ids = userIds.filter((id) => UUID.test(id));
    for (const id of userIds) if (!UUID.test(id)) this.names.set(id, null);
    if (ids.length === 0) return;
    const live = await this.pool.query<{ user_id: string }>('SELECT user_id::text AS user_id FROM account_logins WHERE user_id = ANY($1::uuid[])', [ids])
      .catch((error: unknown) => {
        // Without the accounts tables (a query service started alone) nobody is known.
        if ((error as { code?: string }).code === '42P01') return { rows: [] as { user_id: string }[] };
        throw error;
      });
    const active = new Set(live.rows.map((row) => row.user_id.toLowerCase()));
    for (const id of ids) if (!active.has(id.toLowerCase())) this.names.set(id, null);
    const queue = ids.filter((id) => active.has(id.toLowerCase()));
    const worker = async (): Promise<void> => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) this.names.set(id, await this.nameFromAccount(id));
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, queue.length) }, worker));
  }

  private async nameFromAccount(userId: string): Promise<string | null> {
    const slice = await this.store.readStream(`account-${userId.toLowerCase()}`, { maxCount: REGISTRATION_WINDOW });
    for (const event of slice.events) {
      const parsed = event.type === AccountRegistered.type ? AccountRegistered.schema.safeParse(event.data)
        : event.type === SocialAccountRegistered.type ? SocialAccountRegistered.schema.safeParse(event.data) : null;
      if (parsed?.success) return displayName(parsed.data.firstName, parsed.data.lastName);
    }
    return null;
  }
}

/** First and last name as one shows them; null when both are missing or erased. */
export function displayName(firstName: string | null, lastName: string | null): string | null {
  const name = [firstName, lastName].map((part) => part?.trim() ?? '').filter((part) => part !== '').join(' ');
  return name === '' ? null : name;
}
