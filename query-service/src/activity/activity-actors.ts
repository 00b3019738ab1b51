import type { ActivityActorView, EventStore } from '@planwerk/events';
import type { Pool } from 'pg';
import { MemberNames } from '../shared/people/member-names';
import { asInputError, filterConditions, liveActivityTable, type ActivityEntry, type ActivityFilter } from './list-activity.repository';

/** The person filter offers at most this many people (the most recently active first). */
export const MAX_LISTED_ACTORS = 500;

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

/**
 * Who appears in the (filtered) log, by name, for the person filter (issue 14). People without
 * a name to show (erased members, visitors who left none) are left out: a list of "former
 * member" entries would not tell them apart. The actor index (team_id, actor_id, …) serves it.
 */
export async function listActors(pool: Pool, store: Pick<EventStore, 'readStream'>, filter: ActivityFilter): Promise<ActivityActorView[]> {
  const table = await liveActivityTable(pool);
  if (table === null) return [];
  const { where, params } = filterConditions(filter);
  params.push(MAX_LISTED_ACTORS);
  const result = await pool.query<{ actor_kind: string; actor_id: string; actor_name: string | null }>(
    `SELECT actor_kind, actor_id, max(actor_name) AS actor_name FROM ${table} WHERE ${where.join(' AND ')}
      GROUP BY actor_kind, actor_id ORDER BY max(recorded_at) DESC LIMIT $${params.length}`, params).catch(asInputError('from'));
  const names = await new MemberNames(pool, store).namesOf(result.rows.filter((row) => row.actor_kind === 'user').map((row) => row.actor_id));
  const actors: ActivityActorView[] = [];
  for (const row of result.rows) {
    const actor = view({ kind: row.actor_kind, id: row.actor_id, name: row.actor_name }, names);
    if (actor.kind === 'system') actors.push({ kind: 'system', id: actor.id, name: actor.display });
    else if (actor.name !== null) actors.push({ kind: actor.kind, id: actor.id, name: actor.name });
  }
  return actors.sort((a, b) => a.name.localeCompare(b.name));
}
