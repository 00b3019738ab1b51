import {
  passkeyEvents,
  secondFactorEvents,
  type EventStore,
  type PasskeyEvent,
  type SecondFactorEvent,
  type WebAuthnChallengeEvent,
} from '@planwerk/events';
import { decideAndAppend, type CommandMetadata, type DecideAndAppendResult } from '../../shared/commands/decide-and-append';
import type { IdSource } from '../../shared/idempotency/deterministic-ids';
import { passkeyDecider, type PasskeyCommand, type PasskeyState } from './decide/passkey.decider';
import { SecondFactorCodeInvalid, secondFactorDecider, type SecondFactorCommand, type SecondFactorState } from './decide/second-factor.decider';
import { webAuthnChallengeDecider, type WebAuthnChallengeCommand } from './decide/webauthn-challenge.decider';

// Own streams, apart from the accounts core's `account-<userId>` (its decider never sees ours).
export const secondFactorStreamId = (userId: string): string => `second-factor-${userId}`;
export const passkeysStreamId = (userId: string): string => `passkeys-${userId}`;
export const webAuthnChallengeStreamId = (challengeId: string): string => `webauthn-challenge-${challengeId}`;

const versions = Object.fromEntries([...secondFactorEvents, ...passkeyEvents].map((d) => [d.type, d.schemaVersion]));

/** The store, with every appended event keyed to `personId` so its personal fields get that person's key. */
export function storeForPerson(store: EventStore, personId: string): EventStore {
  return Object.assign(Object.create(store) as EventStore, {
    append: (streamId: string, events: Parameters<EventStore['append']>[1], options?: Parameters<EventStore['append']>[2]) =>
      store.append(streamId, events.map((e) => ({ ...e, metadata: { ...e.metadata, personId } })), options),
  });
}

export interface StreamCommandInput<TCommand> {
  store: EventStore;
  command: TCommand;
  metadata: CommandMetadata;
  ids: IdSource;
}

/** Decides on `second-factor-<userId>`; a rejected code is recorded first, then answered 401. */
export async function runSecondFactorCommand(
  input: StreamCommandInput<SecondFactorCommand>,
): Promise<DecideAndAppendResult<SecondFactorEvent>> {
  const userId = input.command.data.userId;
  const result = await decideAndAppend({
    store: storeForPerson(input.store, userId),
    streamId: secondFactorStreamId(userId),
    decider: secondFactorDecider,
    command: input.command,
    metadata: asUser(input.metadata, userId),
    ids: input.ids,
    schemaVersions: versions as Record<SecondFactorEvent['type'], number>,
    mode: 'loaded',
  });
  if (result.events.some((e) => e.type === 'SecondFactorCodeRejected')) throw new SecondFactorCodeInvalid();
  return result;
}

export function runPasskeyCommand(input: StreamCommandInput<PasskeyCommand>): Promise<DecideAndAppendResult<PasskeyEvent>> {
  const userId = input.command.data.userId;
  return decideAndAppend({
    store: storeForPerson(input.store, userId),
    streamId: passkeysStreamId(userId),
    decider: passkeyDecider,
    command: input.command,
    metadata: asUser(input.metadata, userId),
    ids: input.ids,
    schemaVersions: versions as Record<PasskeyEvent['type'], number>,
    mode: 'loaded',
  });
}

export function runWebAuthnChallengeCommand(
  input: StreamCommandInput<WebAuthnChallengeCommand>,
): Promise<DecideAndAppendResult<WebAuthnChallengeEvent>> {
  return decideAndAppend({
    store: input.store,
    streamId: webAuthnChallengeStreamId(input.command.data.challengeId),
    decider: webAuthnChallengeDecider,
    command: input.command,
    metadata: input.metadata,
    ids: input.ids,
    schemaVersions: versions as Record<WebAuthnChallengeEvent['type'], number>,
    // A new challenge is a new stream; consuming one reads it and appends at its version.
    mode: input.command.type === 'IssueWebAuthnChallenge' ? 'no_stream' : 'loaded',
  });
}

export async function readSecondFactorState(store: EventStore, userId: string): Promise<SecondFactorState> {
  const slice = await store.readStream(secondFactorStreamId(userId));
  return slice.events.reduce((state, e) => secondFactorDecider.evolve(state, e as SecondFactorEvent), secondFactorDecider.initialState());
}

export async function readPasskeyState(store: EventStore, userId: string): Promise<PasskeyState> {
  const slice = await store.readStream(passkeysStreamId(userId));
  return slice.events.reduce((state, e) => passkeyDecider.evolve(state, e as PasskeyEvent), passkeyDecider.initialState());
}

/** For the accounts core's `PUT /v5/auth`: true when the login must answer `mode: 2fa`. */
export async function isSecondFactorRequired(store: EventStore, userId: string): Promise<boolean> {
  return (await readSecondFactorState(store, userId)).totp.status === 'on';
}

// Settings and login commands act for the account itself, not for the anonymous device.
function asUser(metadata: CommandMetadata, userId: string): CommandMetadata {
  return { ...metadata, actor: { kind: 'user', id: userId } };
}
