import { randomBytes } from 'node:crypto';
import type { EventStore, WebAuthnChallengeEvent, WebAuthnPurpose } from '@planwerk/events';
import type { CommandMetadata } from '../../../shared/commands/decide-and-append';
import type { IdSource } from '../../../shared/idempotency/deterministic-ids';
import { runWebAuthnChallengeCommand, webAuthnChallengeStreamId } from '../second-factor.streams';
import { WebAuthnChallengeUnknown } from '../decide/webauthn-challenge.decider';

interface ChallengeInput {
  store: EventStore;
  metadata: CommandMetadata;
  ids: IdSource;
  purpose: WebAuthnPurpose;
  userId: string | null;
  now: Date;
}

/** A new server-generated challenge (32 random bytes) recorded as its own stream. */
export async function issueChallenge(input: ChallengeInput): Promise<{ challengeId: string; challenge: string }> {
  const challengeId = input.ids.next('webauthnChallengeId');
  const challenge = randomBytes(32).toString('base64url');
  await runWebAuthnChallengeCommand({
    ...input,
    command: { type: 'IssueWebAuthnChallenge', data: { challengeId, purpose: input.purpose, challenge, userId: input.userId, now: input.now } },
  });
  return { challengeId, challenge };
}

/**
 * Consumes the challenge before the response is verified, so a failed or replayed answer
 * can never try it again; returns the challenge the authenticator had to sign.
 */
export async function consumeChallenge(input: ChallengeInput & { challengeId: string }): Promise<string> {
  await runWebAuthnChallengeCommand({
    ...input,
    command: { type: 'ConsumeWebAuthnChallenge', data: { challengeId: input.challengeId, purpose: input.purpose, userId: input.userId, now: input.now } },
  });
  const slice = await input.store.readStream(webAuthnChallengeStreamId(input.challengeId));
  const issued = slice.events.find((e) => e.type === 'WebAuthnChallengeIssued');
  if (!issued) throw new WebAuthnChallengeUnknown();
  return (issued.data as Extract<WebAuthnChallengeEvent, { type: 'WebAuthnChallengeIssued' }>['data']).challenge;
}
