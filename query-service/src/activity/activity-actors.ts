import type { EventStore } from '@planwerk/events';
import type { Pool } from 'pg';
import { MemberNames } from '../shared/people/member-names';
import type { ActivityEntry } from './list-activity.repository';

export type ActorView = { kind: 'user' | 'anonymous' | 'system'; id: string; name: string | null; display: string };

/**
 * Actors of the log as the API shows them (ADR 0007). The log stores no member name: it comes
 * from `MemberNames` (the account stream, decrypted by the store; null once erased). One
 * instance per request or export: names are kept while it runs.
 */
export class ActivityActors {
  private readonly names: MemberNames;

  constructor(pool: Pick<Pool, 'query'>, store: Pick<EventStore, 'readStream'>) {
    this.names = new MemberNames(pool, store);
  }

  async viewsFor(entries: readonly ActivityEntry[]): Promise<Map<string, ActorView>> {
    const names = await this.names.namesOf(entries.filter((e) => e.actor.kind === 'user').map((e) => e.actor.id));
    const views = new Map<string, ActorView>();
    for (const entry of entries) views.set(entry.eventId, view(entry.actor, names));
    return views;
  }
}

function view(actor: ActivityEntry['actor'], names: ReadonlyMap<string, string | null>): ActorView {
  switch (actor.kind) {
    case 'user': {
      const name = names.get(actor.id) ?? null;
      return { kind: 'user', id: actor.id, name, display: name ?? 'former member' };
    }
    case 'anonymous':
      return { kind: 'anonymous', id: actor.id, name: actor.name, display: 'anonymous visitor' };
    default:
      return { kind: 'system', id: actor.id, name: null, display: 'system' };
  }
}
