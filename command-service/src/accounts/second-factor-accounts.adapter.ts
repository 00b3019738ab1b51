import { Injectable } from '@nestjs/common';
import { DomainError } from '@planwerk/events';
import { AccountRepository } from './account.repository';
import { AccountsService } from './accounts.service';
import type { CommandInput, DeviceInfo, LoginAnswer, PendingLogin, SecondFactorAccounts } from './second-factor/second-factor-accounts.port';

// The accounts core behind the second factor's port (SECOND_FACTOR_ACCOUNTS).
@Injectable()
export class SecondFactorAccountsAdapter implements SecondFactorAccounts {
  constructor(
    private readonly accounts: AccountsService,
    private readonly repository: AccountRepository,
  ) {}

  signedInUser(authorization: string | undefined): Promise<string | null> {
    return this.accounts.signedInUser(authorization);
  }

  async accountLabel(userId: string): Promise<string> {
    const { state } = await this.repository.load(userId);
    if (!state.registered) throw new DomainError(6005);
    return state.profile.email ?? userId;
  }

  findPendingLogin(state: string): Promise<PendingLogin | null> {
    return this.accounts.findPendingLogin(state);
  }

  completeLoginChallenge(state: string, device: DeviceInfo, input: CommandInput): Promise<LoginAnswer> {
    return this.accounts.completeLoginChallenge(state, device, input);
  }

  startSession(userId: string, device: DeviceInfo, input: CommandInput): Promise<LoginAnswer> {
    return this.accounts.startSession(userId, device, 'passkey', input);
  }
}
