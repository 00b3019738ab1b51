// What social login needs from the accounts core (users, the e-mail reservation, sessions).
// The accounts feature implements it; social login never reads its internals.
import type { CommandMetadata } from '../../shared/commands/decide-and-append';
import type { IdSource } from '../../shared/idempotency/deterministic-ids';

/** The command's metadata and ids, for the events the accounts side appends. */
export interface AccountsCommandInput {
  metadata: CommandMetadata;
  ids: IdSource;
}

/** Who holds an e-mail address in the e-mail reservation, if anyone. */
export interface EmailHolder {
  userId: string;
  /** The provider when the holder is a social account, else null. */
  socialProvider: string | null;
}

export interface NewSocialUser {
  /** Derived from the identity, so a retried first login creates the same user once. */
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  provider: string;
  issuer: string;
  subject: string;
  input: AccountsCommandInput;
}

export interface SessionRequest {
  userId: string;
  deviceId: string;
  deviceName: string;
  input: AccountsCommandInput;
}

export interface IssuedSession {
  /** `token.device`, as the password login answers it. */
  token: string;
}

export interface SocialAccountsPort {
  findEmailHolder(email: string): Promise<EmailHolder | null>;
  /**
   * Creates the user and reserves the e-mail; calling it again with the same user id is a no-op.
   * Throws a DomainError 6004 when the address was reserved meanwhile by another account.
   */
  createUserFromSocialIdentity(user: NewSocialUser): Promise<void>;
  /** A new session for the user on this device (a new token at every login). */
  issueSession(request: SessionRequest): Promise<IssuedSession>;
}
