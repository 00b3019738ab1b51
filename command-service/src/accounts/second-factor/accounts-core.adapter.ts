import type { AccountRepository } from '../account.repository';
import type { AccountsService } from '../accounts.service';
import type { SecondFactorAccounts } from './second-factor-accounts.port';

/**
 * The port over the accounts core (ADR 0004): its session lookup, its signed login challenge
 * (`findPendingLogin` / `completeLoginChallenge`) and its session start. Provide it with
 * `{ useFactory: createAccountsCoreAdapter, inject: [AccountsService, AccountRepository] }`.
 */
export function createAccountsCoreAdapter(service: AccountsService, repository: AccountRepository): SecondFactorAccounts {
  return {
    signedInUser: (authorization) => service.signedInUser(authorization),
    accountLabel: async (userId) => (await repository.load(userId)).state.profile.email ?? userId,
    findPendingLogin: (state) => service.findPendingLogin(state),
    completeLoginChallenge: (state, device, input) => service.completeLoginChallenge(state, device, input),
    startSession: (userId, device, input) => service.startSession(userId, device, 'passkey', input),
  };
}
