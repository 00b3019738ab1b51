import { Command } from '@nestjs/cqrs';
import type { Checkpoint, CompleteSocialLoginBody, SocialLoginAction, SocialUserSetup } from '@planwerk/events';
import type { CommandMetadata } from '../../../shared/commands/decide-and-append';
import type { IdSource } from '../../../shared/idempotency/deterministic-ids';

export interface CompleteSocialLoginResult {
  action: SocialLoginAction;
  setup: SocialUserSetup | null;
  uid: string;
  token: string;
  origin: string;
  checkpoint: Checkpoint;
}

export class CompleteSocialLogin extends Command<CompleteSocialLoginResult> {
  readonly type = 'CompleteSocialLogin' as const;

  constructor(
    readonly data: CompleteSocialLoginBody,
    readonly metadata: CommandMetadata,
    readonly ids: IdSource,
  ) {
    super();
  }
}
