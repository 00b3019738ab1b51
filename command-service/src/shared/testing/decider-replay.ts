import { DomainError } from '@planwerk/events';

// Runs command sequences through a pure decider for the property specs (`*.property.spec.ts`):
// every state handed to `decide` is frozen (a mutation throws), a rule error must be a
// DomainError and leaves no events, and the log can be rebuilt the way the store returns it.

export interface PureDecider<S, C, E> {
  initialState(): S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S): E[];
}

export interface ReplayStep<S, C, E> {
  command: C;
  before: S;
  after: S;
  events: E[];
  /** The rule error `decide` threw, or null when it decided. */
  error: DomainError | null;
}

export interface Replay<S, C, E> {
  steps: ReplayStep<S, C, E>[];
  state: S;
  log: E[];
}

export function replay<S, C, E>(decider: PureDecider<S, C, E>, commands: readonly C[]): Replay<S, C, E> {
  const steps: ReplayStep<S, C, E>[] = [];
  const log: E[] = [];
  let state = decider.initialState();
  for (const command of commands) {
    const before = deepFreeze(state);
    let events: E[];
    try {
      events = decider.decide(command, before);
    } catch (error) {
      // Anything but a rule error is a crash of the decider, not a refusal.
      if (!(error instanceof DomainError)) throw error;
      steps.push({ command, before, after: before, events: [], error });
      continue;
    }
    for (const event of events) state = decider.evolve(deepFreeze(state), deepFreeze(event));
    log.push(...events);
    steps.push({ command, before, after: state, events, error: null });
  }
  return { steps, state, log };
}

/** The state folded from the log as it comes back from the store: JSON, `type` and `data` only. */
export function rebuild<S, E extends { type: string; data: unknown }>(decider: PureDecider<S, unknown, E>, log: readonly E[]): S {
  const stored = JSON.parse(JSON.stringify(log.map(({ type, data }) => ({ type, data })))) as E[];
  return stored.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}

/** The state the live path reached before each command equals the rebuild of the log up to it. */
export function everyPrefixRebuilds<S, C, E extends { type: string; data: unknown }>(
  decider: PureDecider<S, C, E>,
  run: Replay<S, C, E>,
): boolean {
  let seen = 0;
  for (const step of run.steps) {
    expectEqual(rebuild(decider as PureDecider<S, unknown, E>, run.log.slice(0, seen)), step.before);
    seen += step.events.length;
  }
  expectEqual(rebuild(decider as PureDecider<S, unknown, E>, run.log), run.state);
  return true;
}

function expectEqual(actual: unknown, expected: unknown): void {
  expect(actual).toEqual(expected);
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value) || value instanceof Set || value instanceof Date) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

/** The error code a step was refused with, or null. */
export function codeOf(step: { error: DomainError | null }): DomainError['code'] | null {
  return step.error ? step.error.code : null;
}
