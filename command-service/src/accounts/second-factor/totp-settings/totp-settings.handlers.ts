import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@planwerk/events';
import { toDataURL } from 'qrcode';
import { EVENT_STORE } from '../../../app/tokens';
import type { SecondFactorConfig } from '../second-factor.config';
import { CLOCK, type Clock } from '@planwerk/platform';
import { SECOND_FACTOR_ACCOUNTS, SECOND_FACTOR_CONFIG, type SecondFactorAccounts } from '../second-factor-accounts.port';
import { runSecondFactorCommand } from '../second-factor.streams';
import { enteredCode, generateRecoveryCodes, hashRecoveryCode, newTotpSecret, totpUrl } from '../totp';
import { ConfirmTotp, DisableTotp, RegenerateRecoveryCodes, SetUpTotp, type RecoveryCodesResult, type SetUpTotpResult } from './totp-settings.commands';

// The code as the decider sees it, with the time it was entered.
const entryAt = (code: string, now: Date) => ({ code: enteredCode(code, now), now });

@CommandHandler(SetUpTotp)
export class SetUpTotpHandler implements ICommandHandler<SetUpTotp> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SECOND_FACTOR_ACCOUNTS) private readonly accounts: SecondFactorAccounts,
    @Inject(SECOND_FACTOR_CONFIG) private readonly config: SecondFactorConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, metadata, ids }: SetUpTotp): Promise<SetUpTotpResult> {
    const secret = newTotpSecret();
    const result = await runSecondFactorCommand({
      store: this.store, metadata, ids, command: { type: 'SetUpTotp', data: { userId, secret, now: this.clock.now() } },
    });
    const url = totpUrl(secret, this.config.totpIssuer, await this.accounts.accountLabel(userId));
    return { secret, url, qr: await toDataURL(url, { errorCorrectionLevel: 'M', margin: 1 }), checkpoint: result.checkpoint };
  }
}

@CommandHandler(ConfirmTotp)
export class ConfirmTotpHandler implements ICommandHandler<ConfirmTotp> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, code, metadata, ids }: ConfirmTotp): Promise<RecoveryCodesResult> {
    const recoveryCodes = generateRecoveryCodes();
    const result = await runSecondFactorCommand({
      store: this.store, metadata, ids, command: { type: 'ConfirmTotp', data: { userId, ...entryAt(code, this.clock.now()), recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode) } },
    });
    return { recoveryCodes, checkpoint: result.checkpoint };
  }
}

@CommandHandler(DisableTotp)
export class DisableTotpHandler implements ICommandHandler<DisableTotp> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, code, metadata, ids }: DisableTotp): Promise<{ checkpoint: string }> {
    const result = await runSecondFactorCommand({
      store: this.store, metadata, ids, command: { type: 'DisableTotp', data: { userId, ...entryAt(code, this.clock.now()) } },
    });
    return { checkpoint: result.checkpoint };
  }
}

@CommandHandler(RegenerateRecoveryCodes)
export class RegenerateRecoveryCodesHandler implements ICommandHandler<RegenerateRecoveryCodes> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, code, metadata, ids }: RegenerateRecoveryCodes): Promise<RecoveryCodesResult> {
    const recoveryCodes = generateRecoveryCodes();
    const result = await runSecondFactorCommand({
      store: this.store, metadata, ids, command: { type: 'RegenerateRecoveryCodes', data: { userId, ...entryAt(code, this.clock.now()), recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode) } },
    });
    return { recoveryCodes, checkpoint: result.checkpoint };
  }
}
