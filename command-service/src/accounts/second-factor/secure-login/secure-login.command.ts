import { Command } from '@nestjs/cqrs';
import type { SecureLoginBody } from '@planwerk/events';
import type { CommandMetadata } from '../../../shared/commands/decide-and-append';
import type { IdSource } from '../../../shared/idempotency/deterministic-ids';
import type { DeviceInfo, LoginAnswer } from '../second-factor-accounts.port';

/** POST /v5/auth/secure: the second step of a login that answered `mode: 2fa`. */
export class CompleteSecondFactorLogin extends Command<LoginAnswer> {
  constructor(
    readonly input: Pick<SecureLoginBody, 'mode' | 'code' | 'state'>,
    readonly device: DeviceInfo,
    readonly metadata: CommandMetadata,
    readonly ids: IdSource,
  ) {
    super();
  }
}
