import { AccountRegistered, SocialAccountRegistered, type EventStore } from '@planwerk/events';
import type { Pool } from 'pg';
import type { ActivityEntry } from './list-activity.repository';

export type ActorView = { kind: 'user' | 'anonymous' | 'system'; id: string; name: string | null; display: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Member names for the log (ADR 0007). The log stores no member name: it is read here from the
 * person's account stream, which the store decrypts, and is gone once the person is erased
 * (the key is destroyed and the inline `account_logins` row deleted, checked as well). One
 * instance per request or export: names are cached while it runs.
 */
export class ActivityActors {
  private readonly names = new Map<string, string | null>();

  constructor(private readonly pool: Pool, private readonly store: Pick<EventStore, 'readStream'>) {}

  async viewsFor(entries: readonly ActivityEntry[]): Promise<Map<string, ActorView>> {
    const users = [...new Set(entries.filter((e) => e.actor.kind === 'user').map((e) => e.actor.id))];
    await this.load(users.filter((id) => !this.names.has(id)));
    const views = new Map<string, ActorView>();
    for (const entry of entries) views.set(entry.eventId, this.view(entry.actor));
    return views;
  }

  private view(actor: ActivityEntry['actor']): ActorView {
    switch (actor.kind) {
      case 'user': {
        const name = this.names.get(actor.id) ?? null;
        return { kind: 'user', id: actor.id, name, display: name ?? 'former member' };
      }
      case 'anonymous':
        return { kind: 'anonymous', id: actor.id, name: actor.name, display: 'anonymous visitor' };
      default:
        return { kind: 'system', id: actor.id, name: null, display: 'system' };
    }
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
    const active = new Set(live.rows.map((row) => row.user_id));
    await Promise.all(ids.map(async (id) => {
      this.names.set(id, active.has(id) ? await this.nameFromAccount(id) : null);
    }));
  }

  private async nameFromAccount(userId: string): Promise<string | null> {
    const slice = await this.store.readStream(`account-${userId}`, { maxCount: 10 });
    for (const event of slice.events) {
      const parsed = event.type === AccountRegistered.type ? AccountRegistered.schema.safeParse(event.data)
        : event.type === SocialAccountRegistered.type ? SocialAccountRegistered.schema.safeParse(event.data) : null;
      if (parsed?.success) {
        const name = [parsed.data.firstName, parsed.data.lastName].filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' ');
        return name === '' ? null : name;
      }
    }
    return null;
  }
}
