import type { SignupEvent } from '@planwerk/events';
import { decideSignups, type SignupCommand } from './signup.decider';
import { evolveSignups, foldSignups, waitlistPosition, type SignupsState } from './signup-state.decider';
import { added, admin, AT, item, LIST, member, projectWith, addSignup, signup, visitor, type ProjectSpec } from '../testing/signup-fixtures';

// Deciding a command and folding its events read only what they touch (ADR 0006, "Hot lists"),
// checked by the work done rather than by time: the state is handed over behind a proxy that
// counts every property read on it and on everything reached from it. A scan or a copy of the
// whole list reads every entry, so its count grows with the list; the indexed state's count
// stays nearly flat (its trees grow by a level or two).

const SMALL = 1_000;
const LARGE = 16_000;

// Item 1 takes everyone, item 2 has 10 places and a waitlist of the rest; half the sign-ups are
// members' (user-<n>), half visitors' names.
const spec: ProjectSpec = {
  items: { 1: { capacity: null }, 2: { capacity: 10 }, 3: { capacity: null } },
  settings: { waitlist: true, maxPerPerson: 3, allowAnonymous: true },
};
const project = projectWith(spec);
const user = (n: number) => `60000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

// States are persistent: one list per size serves every case.
const lists = new Map<number, SignupsState>();

function listOf(size: number): SignupsState {
  const known = lists.get(size);
  if (known) return known;
  const events: SignupEvent[] = [];
  for (let n = 1; n <= size; n += 1) {
    const onTwo = n % 2 === 0;
    const status = onTwo && n / 2 > 10 ? 'waitlisted' : 'placed';
    events.push(added(n, onTwo ? 2 : 1, { userId: n % 4 < 2 ? user(n) : null, by: 'admin', status }));
  }
  const state = foldSignups(events);
  lists.set(size, state);
  return state;
}

/** A proxy over `root` that counts property reads (and listed keys) on every object reached through it. */
function counting<T extends object>(root: T): { value: T; reads: () => number } {
  let reads = 0;
  const proxies = new WeakMap<object, object>();
  const wrap = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    const known = proxies.get(value);
    if (known) return known;
    const proxy = new Proxy(value, {
      get(target, property, receiver) {
        reads += 1;
        return wrap(Reflect.get(target, property, receiver));
      },
      ownKeys(target) {
        const keys = Reflect.ownKeys(target);
        reads += keys.length;
        return keys;
      },
    });
    proxies.set(value, proxy);
    return proxy;
  };
  return { value: wrap(root) as T, reads: () => reads };
}

/** Reads to decide `command` on a list of `size` sign-ups and to fold the events it gives. */
function work(size: number, command: (size: number) => SignupCommand): number {
  const { value: state, reads } = counting(listOf(size));
  const events = decideSignups(command(size), { project, signups: state });
  expect(events.length).toBeGreaterThan(0);
  events.reduce(evolveSignups, state);
  return reads();
}

// Sizes are multiples of 4: sign-up `size` is a member's and waitlisted on item 2, `size - 3` a
// member's placed on item 1, 1 a member's placed on item 1, 2 placed on item 2.
const cases: Array<[string, (size: number) => SignupCommand]> = [
  ['a visitor takes a free place', (size) => addSignup(size + 1, 1, visitor())],
  ['a member with a sign-up joins the end of a long waitlist', (size) => addSignup(size + 1, 2, member(user(size - 3)))],
  ['a cancel frees a place and promotes the head of the waitlist', () => ({ type: 'CancelSignup', listId: LIST, signupId: signup(2), actor: admin, at: AT })],
  ['a waitlisted sign-up moves to another item', (size) => ({ type: 'ChangeSignup', listId: LIST, signupId: signup(size), actor: admin, at: AT, toItemId: item(3) })],
  ['a placed sign-up moves onto the full item and queues', () => ({ type: 'ChangeSignup', listId: LIST, signupId: signup(1), actor: admin, at: AT, toItemId: item(2) })],
];

describe('sign-up state: work per command does not grow with the list', () => {
  it.each(cases)('%s', (_name, command) => {
    const small = work(SMALL, command);
    const large = work(LARGE, command);
    // 16× the sign-ups: a scan or a copy reads at least 16× as much; the indexes add a tree level or two.
    expect(large).toBeLessThan(small * 2);
  });

  it('answers a waitlist position without reading the waitlist', () => {
    const reads = (size: number) => {
      const { value: state, reads: count } = counting(listOf(size));
      expect(waitlistPosition(state, signup(size))).toBe(size / 2 - 10);
      return count();
    };
    expect(reads(LARGE)).toBeLessThan(reads(SMALL) * 2);
  });
});
