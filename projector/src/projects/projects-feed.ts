import {
  isProjectEvent,
  isSignupEvent,
  type AccountEvent,
  type PresetColumnEvent,
  type ProjectEvent,
  type RecordedEvent,
  type SignupEvent,
} from '@planwerk/events';

// The events the project read models fold: the project stream, the sign-up streams, the team's
// preset columns and the erasure of an account (crypto-shredding: derived plaintext goes).

export type AccountErasedEvent = Extract<AccountEvent, { type: 'AccountErased' }>;
export type ProjectsFeedEvent = ProjectEvent | SignupEvent | PresetColumnEvent | AccountErasedEvent;

const OTHER_TYPES: ReadonlySet<string> = new Set(['PresetColumnSaved', 'PresetColumnRemoved', 'AccountErased']);

/** The typed event when the project read models fold its type, else null. Data is already parsed by the catalogue. */
export function asProjectsFeedEvent(event: Pick<RecordedEvent, 'type' | 'data'>): ProjectsFeedEvent | null {
  if (isProjectEvent(event) || isSignupEvent(event) || OTHER_TYPES.has(event.type)) return event as ProjectsFeedEvent;
  return null;
}

export function isProjectsFeedType(type: string): boolean {
  return asProjectsFeedEvent({ type, data: null }) !== null;
}

/** The project an event is about, when its data names one. */
export function projectIdOf(event: ProjectsFeedEvent): string | null {
  switch (event.type) {
    case 'PresetColumnSaved':
    case 'PresetColumnRemoved':
    case 'AccountErased':
      return null;
    default:
      return event.data.projectId;
  }
}

// A vote of "no" or "dislike" does not take a place (ADR 0006, capacity).
const DECLINING_VOTES: ReadonlySet<string> = new Set(['no', 'dislike']);

/** Whether a sign-up holds one of its item's places. */
export function holdsPlace(signup: { status: 'placed' | 'waitlisted'; vote: string | null }): boolean {
  return signup.status === 'placed' && (signup.vote === null || !DECLINING_VOTES.has(signup.vote));
}

/** The per-stream idempotency guard: keeps the events newer than the versions already applied. */
export function freshEvents<E extends Pick<RecordedEvent, 'streamId' | 'streamVersion'>>(events: readonly E[], applied: Map<string, number>): E[] {
  const fresh: E[] = [];
  for (const event of events) {
    if (event.streamVersion <= (applied.get(event.streamId) ?? 0)) continue;
    applied.set(event.streamId, event.streamVersion);
    fresh.push(event);
  }
  return fresh;
}
