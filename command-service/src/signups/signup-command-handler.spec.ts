import { DomainError, signupsStreamId } from '@planwerk/events';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import { deterministicIds, randomIds, type IdSource } from '../shared/idempotency/deterministic-ids';
import { waitlistPosition } from './decide/signup-state.decider';
import { decideSignupBatch, type DecidedSignup, type SignupRequest } from './signup-command-handler';
import { ANNA, BEN, given, LIST, member, projectWith, addSignup, signup, TEAM, visitor, type ProjectSpec } from './testing/signup-fixtures';
import type { SignupCommand } from './decide/signup.decider';

// The decision half of group commit (ADR 0006, "Hot lists"): a batch of commands on one list,
// decided in arrival order on the evolving state, each with its own events and metadata.

const STREAM = signupsStreamId(LIST);

const metadataOf = (name: string): CommandMetadata => ({
  commandId: `command-${name}`, correlationId: `correlation-${name}`, causationId: null, actor: { kind: 'anonymous', id: name }, teamId: null,
});

function request(command: SignupCommand, spec: ProjectSpec = {}, ids: IdSource = randomIds(), name: string = command.type === 'AddSignup' ? command.signupId : 'x'): SignupRequest {
  return { project: projectWith(spec), command, metadata: metadataOf(name), ids };
}

const decided = (d: DecidedSignup | undefined) => {
  if (d?.kind !== 'decided') throw new Error(`expected a decided command, got ${JSON.stringify(d)}`);
  return d;
};
const failure = (d: DecidedSignup | undefined) => {
  if (d?.kind !== 'failed') throw new Error(`expected a failed command, got ${JSON.stringify(d)}`);
  return d.error;
};

describe('group commit of sign-ups: deciding a batch', () => {
  it('decides in arrival order on the evolving state: capacity stays exact and each caller sees its own state', () => {
    const spec: ProjectSpec = { items: { 1: { capacity: 2 } }, settings: { waitlist: true } };
    const batch = [1, 2, 3, 4].map((n) => request(addSignup(n, 1, visitor()), spec));
    const { decided: result, state } = decideSignupBatch(STREAM, batch, given(), new Set());
    const statuses = result.map((d) => decided(d).events.map((e) => e.type === 'SignUpAdded' && e.data.status));
    expect(statuses).toEqual([['placed'], ['placed'], ['waitlisted'], ['waitlisted']]);
    // The state each caller gets ends with its own sign-up, not the whole batch's.
    expect(decided(result[0]).state.entries.keys()).toEqual([signup(1)]);
    expect(waitlistPosition(decided(result[2]).state, signup(3))).toBe(1);
    expect(decided(result[2]).state.entries.get(signup(4))).toBeUndefined();
    expect(waitlistPosition(state, signup(4))).toBe(2);
  });

  it('fails a refused command alone; the next ones decide on the state without it', () => {
    const spec: ProjectSpec = { items: { 1: { capacity: 1 }, 2: { capacity: 1 } } };
    const batch = [
      request(addSignup(1, 1, visitor()), spec),
      request(addSignup(2, 1, visitor()), spec),
      request(addSignup(3, 7, visitor()), spec),
      request(addSignup(4, 2, visitor()), spec),
    ];
    const { decided: result, state } = decideSignupBatch(STREAM, batch, given(), new Set());
    expect(failure(result[1])).toBeInstanceOf(DomainError);
    expect((failure(result[1]) as DomainError).code).toBe(2003);
    expect((failure(result[2]) as DomainError).field).toBe('itemId');
    expect(decided(result[3]).events).toHaveLength(1);
    expect(state.entries.keys().sort()).toEqual([signup(1), signup(4)]);
  });

  it('keeps each command\'s metadata and person on its own events within the batch', () => {
    const batch = [request(addSignup(1, 1, visitor())), request(addSignup(2, 1, member(ANNA))), request(addSignup(3, 1, member(BEN)))];
    const { decided: result } = decideSignupBatch(STREAM, batch, given(), new Set());
    const metadata = result.map((d) => decided(d).newEvents.map((e) => [e.metadata.commandId, e.metadata.personId, e.metadata.teamId]));
    expect(metadata).toEqual([
      [[`command-${signup(1)}`, `anon-${signup(1)}`, TEAM]],
      [[`command-${signup(2)}`, ANNA, TEAM]],
      [[`command-${signup(3)}`, BEN, TEAM]],
    ]);
  });

  it('appends nothing again for a retried request whose events are stored, or that an earlier command of the batch carries', () => {
    const retried = deterministicIds('scope\nkey-1');
    const first = request(addSignup(1, 1, visitor()), {}, retried);
    const again = request(addSignup(1, 1, visitor()), {}, retried);
    const other = request(addSignup(2, 1, visitor()), {}, deterministicIds('scope\nkey-2'));

    const inBatch = decideSignupBatch(STREAM, [first, again, other], given(), new Set());
    expect(inBatch.decided.map((d) => decided(d).events.length)).toEqual([1, 0, 1]);
    expect(decided(inBatch.decided[1]).state.entries.get(signup(1))).toBeDefined();

    const storedId = decided(inBatch.decided[0]).newEvents[0]?.eventId as string;
    const stored = decideSignupBatch(STREAM, [again, other], given(), new Set([storedId]));
    expect(stored.decided.map((d) => decided(d).events.length)).toEqual([0, 1]);
  });

  it('answers a command the cipher refused with its error and decides the others without it', () => {
    const spec: ProjectSpec = { items: { 1: { capacity: 1 } } };
    const refusal = new Error('key erased');
    const batch = [request(addSignup(1, 1, visitor()), spec), request(addSignup(2, 1, visitor()), spec)];
    const { decided: result } = decideSignupBatch(STREAM, batch, given(), new Set(), new Map([[0, refusal]]));
    expect(failure(result[0])).toBe(refusal);
    expect(decided(result[1]).events.map((e) => e.type === 'SignUpAdded' && e.data.status)).toEqual(['placed']);
  });
});
