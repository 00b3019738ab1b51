import { Command } from '@nestjs/cqrs';
import type { Checkpoint, PasskeyLoginBody, RegisterPasskeyBody } from '@planwerk/events';
import type { CommandMetadata } from '../../../shared/commands/decide-and-append';
import type { IdSource } from '../../../shared/idempotency/deterministic-ids';
import type { DeviceInfo, LoginAnswer } from '../second-factor-accounts.port';

/** `conf` is PublicKeyCredential{Creation,Request}OptionsJSON; `id` names its challenge. */
export interface WebAuthnOptionsResult {
  conf: Record<string, unknown>;
  id: string;
}

export class StartPasskeyRegistration extends Command<WebAuthnOptionsResult> {
  constructor(readonly userId: string, readonly metadata: CommandMetadata, readonly ids: IdSource) {
    super();
  }
}

export class FinishPasskeyRegistration extends Command<{ credentialId: string; checkpoint: Checkpoint }> {
  constructor(readonly userId: string, readonly body: RegisterPasskeyBody, readonly metadata: CommandMetadata, readonly ids: IdSource) {
    super();
  }
}

export class RemovePasskey extends Command<{ checkpoint: Checkpoint }> {
  constructor(readonly userId: string, readonly credentialId: string, readonly metadata: CommandMetadata, readonly ids: IdSource) {
    super();
  }
}

export class StartPasskeyLogin extends Command<WebAuthnOptionsResult> {
  constructor(readonly metadata: CommandMetadata, readonly ids: IdSource) {
    super();
  }
}

export class FinishPasskeyLogin extends Command<LoginAnswer> {
  constructor(readonly body: PasskeyLoginBody, readonly device: DeviceInfo, readonly metadata: CommandMetadata, readonly ids: IdSource) {
    super();
  }
}
