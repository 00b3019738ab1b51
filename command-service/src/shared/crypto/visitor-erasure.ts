import {
  signupErasuresStreamId,
  signupPersonId,
  signupsStreamId,
  VisitorSignupsErased,
  type EventStore,
} from '@planwerk/events';
import type { CommandMetadata } from '../commands/decide-and-append';
import { appendOnce } from '../idempotency/append-once';
import type { IdSource } from '../idempotency/deterministic-ids';
import { erasePersonKeys } from './erase-person-keys';

export type VisitorErasureReason = 'cancelled' | 'cleared' | 'purged';

export interface VisitorErasure {
  projectId: string;
  listId: string;
  teamId: string | null;
  /** Sign-ups without an account (their key is `anon-<signupId>`, ADR 0006). */
  signupIds: readonly string[];
  reason: VisitorErasureReason;
}

/**
 * Crypto-shredding of visitors (architecture rule 8): a sign-up without an account has a key of
 * its own, so once the sign-up is gone (cancelled, cleared, its project purged) nobody needs its
 * name and values any more: the keys are erased and `VisitorSignUpsErased` records it on
 * `signup-erasures-<listId>`, as AccountErased records an account's erasure. Runs after the
 * removal is stored (a refused cancel must not shred a live sign-up); the event id comes from
 * the command's ids, so a retry erases again (idempotent) and appends nothing twice (appendOnce).
 * Returns the checkpoint of the record, or null when there was nothing to erase.
 */
export async function eraseVisitorSignups(store: EventStore, erasure: VisitorErasure, metadata: CommandMetadata, ids: IdSource, now: Date): Promise<string | null> {
  const signupIds = [...new Set(erasure.signupIds)].sort();
  if (signupIds.length === 0) return null;
  await erasePersonKeys(store, signupIds.map((signupId) => signupPersonId(null, signupId)));
  const streamId = signupErasuresStreamId(erasure.listId);
  const result = await appendOnce(store, streamId, [{
    eventId: ids.next(`event:${streamId}:${erasure.reason}:${signupIds.join(',')}`),
    type: VisitorSignupsErased.type,
    data: { projectId: erasure.projectId, listId: erasure.listId, signupIds, reason: erasure.reason, erasedAt: now.toISOString() },
    metadata: {
      commandId: metadata.commandId, correlationId: metadata.correlationId, causationId: metadata.causationId,
      actor: metadata.actor, teamId: erasure.teamId, schemaVersion: VisitorSignupsErased.schemaVersion,
    },
  }], { expectedVersion: 'any' }, ids);
  return result.checkpoint;
}

/** The sign-ups of a list that were made without an account, read from its stream (a purge's view). */
export async function visitorSignupsOf(store: EventStore, listId: string): Promise<string[]> {
  const slice = await store.readStream(signupsStreamId(listId));
  return slice.events.flatMap((event) => {
    if (event.type !== 'SignUpAdded') return [];
    const data = event.data as { signupId: string; userId: string | null };
    return data.userId === null ? [data.signupId] : [];
  });
}
