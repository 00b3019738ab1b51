import { Global, Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { EventStore } from '@planwerk/events';
import { CLOCK, systemClock, type Clock } from '@planwerk/platform';
import type { Pool } from 'pg';
import { FeedbackModule } from '../feedback/feedback.module';
import { ActivityModule } from '../activity/activity.module';
import { LinksModule } from '../links/links.module';
import { CommentsModule } from '../comments/comments.module';
import { SignupsModule } from '../signups/signups.module';
import { BackupsModule } from '../backups/backups.module';
import { CryptoModule } from '../crypto/crypto.module';
import { TeamsModule } from '../teams/teams.module';
import { SupportModule } from '../support/support.module';
import { ContactsModule } from '../contacts/contacts.module';
import { ContactGroupsModule } from '../contacts/groups/contact-groups.module';
import { ContactImportModule } from '../contacts/import/contact-import.module';
import { ContactExportModule } from '../contacts/export/contact-export.module';
import { ContactMergeModule } from '../contacts/merge/contact-merge.module';
import { ProjectsModule } from '../projects/projects.module';
import { TemplatesModule } from '../templates/templates.module';
import { MembershipsModule } from '../memberships/memberships.module';
import { AccountsModule } from '../accounts/accounts.module';
import { SecondFactorAccountsAdapter } from '../accounts/second-factor-accounts.adapter';
import { parseSecondFactorConfig, type SecondFactorConfig } from '../accounts/second-factor/second-factor.config';
import { SecondFactorModule } from '../accounts/second-factor/second-factor.module';
import { SocialAccountsAdapter } from '../accounts/social-accounts.adapter';
import { parseSocialLoginConfig, type SocialLoginConfig } from '../accounts/social/social-login.config';
import { SocialLoginModule } from '../accounts/social/social-login.module';
import { AuthModule } from '../shared/auth/auth.module';
import { CommandRunner } from '../shared/http/command-runner';
import { IdempotencyStore, type IdempotencyOptions } from '../shared/idempotency/idempotency.store';
import { HealthHttp } from './health.http';
import { EVENT_STORE, IDEMPOTENCY_STORE, PG_POOL } from './tokens';

export interface CommandServiceDeps {
  pool: Pool;
  store: EventStore;
  idempotency?: IdempotencyOptions;
  /** Social login providers; `SOCIAL_PROVIDERS` and `PUBLIC_URL` of the environment by default. */
  socialLogin?: SocialLoginConfig;
  /** WebAuthn relying party and TOTP issuer; `WEBAUTHN_*` and `TOTP_ISSUER` of the environment by default. */
  secondFactor?: SecondFactorConfig;
  /** The time of handlers, services and the session guard (CLOCK); the wall clock by default, tests move it. */
  clock?: Clock;
  /** Development mode (permanent delete of any project); `PLANWERK_DEV_MODE` by default. */
  devMode?: boolean;
}

// The ports come in from outside (embedded or distributed start); features get them by token.
@Global()
@Module({})
export class CommandServiceModule {
  static forRoot(deps: CommandServiceDeps): DynamicModule {
    const shared = [
      { provide: PG_POOL, useValue: deps.pool },
      { provide: CLOCK, useValue: deps.clock ?? systemClock },
      { provide: EVENT_STORE, useValue: deps.store },
      { provide: IDEMPOTENCY_STORE, useValue: new IdempotencyStore(deps.pool, deps.idempotency) },
      CommandRunner,
    ];
    return {
      module: CommandServiceModule,
      imports: [
        CqrsModule.forRoot(), ActivityModule, TeamsModule, ProjectsModule.forRoot(deps.devMode === undefined ? undefined : { devMode: deps.devMode }), MembershipsModule, AuthModule, AccountsModule, FeedbackModule, LinksModule,
        CommentsModule, SignupsModule, BackupsModule, CryptoModule, TemplatesModule, SupportModule, ContactsModule, ContactGroupsModule, ContactImportModule, ContactExportModule, ContactMergeModule,
        // Without providers configured both calls answer 400 naming `provider` (or `state`).
        SocialLoginModule.forRoot({
          config: deps.socialLogin ?? parseSocialLoginConfig(process.env),
          accounts: { useExisting: SocialAccountsAdapter },
          imports: [AccountsModule],
        }),
        SecondFactorModule.forRoot({
          config: deps.secondFactor ?? parseSecondFactorConfig(process.env),
          accounts: { useExisting: SecondFactorAccountsAdapter },
          imports: [AccountsModule],
        }),
      ],
      controllers: [HealthHttp],
      providers: shared,
      exports: shared,
    };
  }
}
