import { Module, type DynamicModule, type InjectionToken, type ModuleMetadata } from '@nestjs/common';
import { PasskeysHttp } from './passkeys/passkeys.http';
import {
  FinishPasskeyLoginHandler,
  FinishPasskeyRegistrationHandler,
  RemovePasskeyHandler,
  StartPasskeyLoginHandler,
  StartPasskeyRegistrationHandler,
} from './passkeys/passkeys.handlers';
import type { SecondFactorConfig } from './second-factor.config';
import { SECOND_FACTOR_ACCOUNTS, SECOND_FACTOR_CONFIG, type SecondFactorAccounts } from './second-factor-accounts.port';
import { SecondFactorHttp } from './second-factor.http';
import { CompleteSecondFactorLoginHandler } from './secure-login/secure-login.handler';
import { ConfirmTotpHandler, DisableTotpHandler, RegenerateRecoveryCodesHandler, SetUpTotpHandler } from './totp-settings/totp-settings.handlers';

export interface SecondFactorModuleOptions {
  /**
   * The accounts core behind the port (sessions, pending logins, labels): in the service
   * `{ useExisting: SecondFactorAccountsAdapter }` with `imports: [AccountsModule]`; tests pass a value.
   */
  accounts: { useValue: SecondFactorAccounts } | { useExisting: InjectionToken };
  /** Modules that export what `accounts` refers to. */
  imports?: ModuleMetadata['imports'];
  config: SecondFactorConfig;
}

@Module({})
export class SecondFactorModule {
  static forRoot(options: SecondFactorModuleOptions): DynamicModule {
    return {
      module: SecondFactorModule,
      imports: options.imports ?? [],
      controllers: [SecondFactorHttp, PasskeysHttp],
      providers: [
        { provide: SECOND_FACTOR_ACCOUNTS, ...options.accounts },
        { provide: SECOND_FACTOR_CONFIG, useValue: options.config },
        SetUpTotpHandler,
        ConfirmTotpHandler,
        DisableTotpHandler,
        RegenerateRecoveryCodesHandler,
        CompleteSecondFactorLoginHandler,
        StartPasskeyRegistrationHandler,
        FinishPasskeyRegistrationHandler,
        RemovePasskeyHandler,
        StartPasskeyLoginHandler,
        FinishPasskeyLoginHandler,
      ],
    };
  }
}
