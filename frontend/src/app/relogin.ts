// A pending relogin (spec section 4, login session): after a 6011 the API calls wait here and
// are replayed once the user signed in again, or give up when the user goes back instead.
export type ReloginOutcome = 'relogged' | 'cancelled';

let pending: { promise: Promise<ReloginOutcome>; resolve: (outcome: ReloginOutcome) => void } | null = null;

export function isReloginPending(): boolean {
  return pending !== null;
}

/** Opens the gate (idempotent) and answers how it was closed. */
export function waitForRelogin(): Promise<ReloginOutcome> {
  if (!pending) {
    let resolve: (outcome: ReloginOutcome) => void = () => undefined;
    const promise = new Promise<ReloginOutcome>((done) => {
      resolve = done;
    });
    pending = { promise, resolve };
  }
  return pending.promise;
}

/** The calls held so far go on (relogged) or fail with their 6011 (cancelled). */
export function finishRelogin(outcome: ReloginOutcome): void {
  const current = pending;
  pending = null;
  current?.resolve(outcome);
}
