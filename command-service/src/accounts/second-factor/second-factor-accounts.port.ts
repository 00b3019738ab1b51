import type { secondFactorLoginAnswerSchema } from '@planwerk/events';
import type { z } from 'zod';
import type { CommandMetadata } from '../../shared/commands/decide-and-append';
import type { IdSource } from '../../shared/idempotency/deterministic-ids';

// What the second factor needs from the accounts core (issue 3, ADR 0004): who is signed in,
// the pending login behind a `state`, and issuing the session once the second factor passed.
// The accounts core implements it (`SecondFactorAccountsAdapter` in command-service/src/accounts),
// mounted in `CommandServiceModule`.

export interface DeviceInfo {
  /** The device identifier (spec section 7, `device` / x-device-id). */
  deviceId: string;
  /** The browser identifier the sessions list shows (first 15 characters). */
  name: string;
}

/** The accounts core's login answer (`token.device` and the user data): the endpoints' declared answer. */
export type LoginAnswer = z.infer<typeof secondFactorLoginAnswerSchema>;

/** The command's metadata and ids, so the session events belong to the same command. */
export interface CommandInput {
  metadata: CommandMetadata;
  ids: IdSource;
}

export interface PendingLogin {
  userId: string;
}

export interface SecondFactorAccounts {
  /** The user a request's `authorization` (`token.device`) belongs to, or null. */
  // The request edge already refuses a token whose device differs from x-device-id.
  signedInUser(authorization: string | undefined): Promise<string | null>;
  /** The account's label in authenticator apps and on passkeys (its e-mail address). */
  accountLabel(userId: string): Promise<string>;
  /** The login that answered `mode: 2fa` with this state, still pending; null when unknown or expired. */
  findPendingLogin(state: string): Promise<PendingLogin | null>;
  /** Completes that login once the second factor passed: consumes the state and issues the session. */
  completeLoginChallenge(state: string, device: DeviceInfo, input: CommandInput): Promise<LoginAnswer>;
  /** Issues a session after a passwordless passkey login. */
  startSession(userId: string, device: DeviceInfo, input: CommandInput): Promise<LoginAnswer>;
}

export const SECOND_FACTOR_ACCOUNTS = Symbol('SECOND_FACTOR_ACCOUNTS');
export const SECOND_FACTOR_CONFIG = Symbol('SECOND_FACTOR_CONFIG');
