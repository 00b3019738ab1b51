import fc from 'fast-check';
import type { SignupEvent } from '@planwerk/events';
import { everyPrefixRebuilds, replay, type PureDecider } from '../shared/testing/decider-replay';
import { decideSignups, type SignupActor, type SignupCommand } from './decide/signup.decider';
import {
  evolveSignups, initialSignupsState, placesTaken, signupIdsOn, signupsOf, takesPlace, waitlistOf, waitlistPosition, type SignupsState,
} from './decide/signup-state.decider';
import { admin, ANNA, AT, BEN, CARLA, item, LIST, member, projectWith, signup, visitor, type ProjectSpec } from './testing/signup-fixtures';

// Random sign-up / change / cancel / clear sequences on one list with a waitlist: the places
// taken never exceed an item's capacity, promotions always take the head of the waitlist,
// no item keeps a waitlist while it has a free place, and folding the log gives the state.
// The per-item and per-person indexes the decisions read always equal a recount of the entries.

const CAPACITY: Record<number, number> = { 1: 1, 2: 2, 3: 3 };
const spec: ProjectSpec = {
  items: { 1: { capacity: 1 }, 2: { capacity: 2, vote: { kind: 'yes_no' } }, 3: { capacity: 3 } },
  settings: { waitlist: true, maxPerPerson: 3, allowAnonymous: true },
};
const project = projectWith(spec);
const decider: PureDecider<SignupsState, SignupCommand, SignupEvent> = {
  initialState: initialSignupsState,
  evolve: evolveSignups,
  decide: (command, state) => decideSignups(command, { project, signups: state }),
};

const itemNo = fc.constantFrom(1, 2, 3);
const signupNo = fc.integer({ min: 1, max: 12 });
const actor: fc.Arbitrary<SignupActor> = fc.oneof(
  fc.constantFrom(ANNA, BEN, CARLA).map(member),
  fc.constant(admin),
  fc.constant(visitor('a'.repeat(64))),
);
const vote = (n: number) => (n === 2 ? fc.constantFrom('yes', 'no') : fc.constant(null));

const command: fc.Arbitrary<SignupCommand> = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(signupNo, itemNo, actor).chain(([n, i, a]) => vote(i).map((v): SignupCommand => ({
    type: 'AddSignup', listId: LIST, signupId: signup(n), itemId: item(i), actor: a, userId: null, name: a.kind === 'member' ? null : `P${n}`,
    values: {}, vote: v, newTokenHash: a.kind === 'visitor' ? 'a'.repeat(64) : null, at: AT,
  }))) },
  { weight: 3, arbitrary: signupNo.map((n): SignupCommand => ({ type: 'CancelSignup', listId: LIST, signupId: signup(n), actor: admin, at: AT })) },
  { weight: 2, arbitrary: fc.tuple(signupNo, fc.option(itemNo, { nil: undefined }), fc.option(fc.constantFrom('yes', 'no'), { nil: undefined }))
    .map(([n, to, v]): SignupCommand => ({
      type: 'ChangeSignup', listId: LIST, signupId: signup(n), actor: admin, at: AT,
      ...(to !== undefined ? { toItemId: item(to) } : {}), ...(v !== undefined ? { vote: v } : {}),
    })) },
  { weight: 1, arbitrary: itemNo.map((i): SignupCommand => ({ type: 'ClearItemSignups', listId: LIST, itemId: item(i) })) },
);

describe('sign-up decider (property)', () => {
  it('never exceeds a capacity, promotes first in line, leaves no waitlist beside a free place, and folds back to its state', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 60, size: 'large' }), (commands) => {
      const run = replay(decider, commands);
      for (const step of run.steps) {
        for (const n of [1, 2, 3]) {
          const id = item(n);
          const capacity = CAPACITY[n] ?? 0;
          expect(placesTaken(step.after, id)).toBeLessThanOrEqual(capacity);
          if (waitlistOf(step.after, id).some((e) => e.vote !== 'no')) expect(placesTaken(step.after, id)).toBe(capacity);
          // Promotions on an item are the head of its waitlist as it stood before the step.
          const promoted = step.events.flatMap((e) => (e.type === 'SignUpPromoted' && e.data.itemId === id ? [e.data.signupId] : []));
          expect(promoted).toEqual(waitlistOf(step.before, id).slice(0, promoted.length).map((e) => e.signupId));
        }
      }
      return everyPrefixRebuilds(decider, run);
    }), { numRuns: 300 });
  });

  it('keeps waitlist order by arrival: positions only move up', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 60, size: 'large' }), (commands) => {
      const run = replay(decider, commands);
      for (const step of run.steps) {
        for (const n of [1, 2, 3]) {
          const before = waitlistOf(step.before, item(n)).map((e) => e.signupId);
          const after = waitlistOf(step.after, item(n)).map((e) => e.signupId);
          // Whoever stays on the waitlist keeps their relative order; newcomers join at the end.
          const stayed = before.filter((id) => after.includes(id));
          expect(after.slice(0, stayed.length)).toEqual(stayed);
        }
      }
    }), { numRuns: 300 });
  });

  it('keeps the indexes it decides on equal to a recount of its entries', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 60, size: 'large' }), (commands) => {
      for (const step of replay(decider, commands).steps) expect(indexes(step.after)).toEqual(recount(step.after));
    }), { numRuns: 200 });
  });
});

const byQueue = (a: { queuedAt: number; signupId: string }, b: { queuedAt: number; signupId: string }) => a.queuedAt - b.queuedAt || (a.signupId < b.signupId ? -1 : 1);

/** What the decider reads through the indexes, per item and per person. */
function indexes(state: SignupsState) {
  const entries = state.entries.values();
  const itemIds = [...new Set([...state.items.keys(), ...entries.map((e) => e.itemId)])].sort();
  const userIds = [...new Set([...state.people.keys(), ...entries.flatMap((e) => (e.userId === null ? [] : [e.userId]))])].sort();
  return {
    items: itemIds.map((id) => ({ id, placed: placesTaken(state, id), waitlist: waitlistOf(state, id).map((e) => e.signupId), ids: signupIdsOn(state, id) })),
    people: userIds.map((id) => ({ id, signups: signupsOf(state, id).map((e) => e.signupId).sort() })),
    positions: entries.map((e) => [e.signupId, waitlistPosition(state, e.signupId)]).sort(),
  };
}

/** The same answers counted from the entries alone. */
function recount(state: SignupsState) {
  const entries = state.entries.values();
  const itemIds = [...new Set([...state.items.keys(), ...entries.map((e) => e.itemId)])].sort();
  const userIds = [...new Set([...state.people.keys(), ...entries.flatMap((e) => (e.userId === null ? [] : [e.userId]))])].sort();
  const on = (id: string) => entries.filter((e) => e.itemId === id);
  const queue = (id: string) => on(id).filter((e) => e.status === 'waitlisted').sort(byQueue);
  return {
    items: itemIds.map((id) => ({ id, placed: on(id).filter(takesPlace).length, waitlist: queue(id).map((e) => e.signupId), ids: on(id).map((e) => e.signupId).sort() })),
    people: userIds.map((id) => ({ id, signups: entries.filter((e) => e.userId === id).map((e) => e.signupId).sort() })),
    positions: entries.map((e) => [e.signupId, e.status === 'waitlisted' ? queue(e.itemId).indexOf(e) + 1 : null]).sort(),
  };
}
