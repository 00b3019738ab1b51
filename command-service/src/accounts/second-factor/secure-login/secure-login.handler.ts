import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, type EventStore } from '@planwerk/events';
import { EVENT_STORE } from '../../../app/tokens';
import { CLOCK, type Clock } from '@planwerk/platform';
import { SECOND_FACTOR_ACCOUNTS, type LoginAnswer, type SecondFactorAccounts } from '../second-factor-accounts.port';
import { runSecondFactorCommand } from '../second-factor.streams';
import { enteredCode } from '../totp';
import { CompleteSecondFactorLogin } from './secure-login.command';

export class LoginStateInvalid extends DomainError {
  constructor() {
    super('login_state_invalid', { field: 'state' });
    this.name = 'LoginStateInvalid';
  }
}

@CommandHandler(CompleteSecondFactorLogin)
export class CompleteSecondFactorLoginHandler implements ICommandHandler<CompleteSecondFactorLogin> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SECOND_FACTOR_ACCOUNTS) private readonly accounts: SecondFactorAccounts,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ input, device, metadata, ids }: CompleteSecondFactorLogin): Promise<LoginAnswer> {
    // The state proves the password step; without it a code alone opens nothing.
    const pending = await this.accounts.findPendingLogin(input.state);
    if (!pending) throw new LoginStateInvalid();
    const now = this.clock.now();
    await runSecondFactorCommand({
      store: this.store, metadata, ids,
      command: { type: 'VerifyLoginCode', data: { userId: pending.userId, mode: input.mode, code: enteredCode(input.code, now), now } },
    });
    return this.accounts.completeLoginChallenge(input.state, device, { metadata, ids });
  }
}
