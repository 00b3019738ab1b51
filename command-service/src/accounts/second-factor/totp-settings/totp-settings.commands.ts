import { Command } from '@nestjs/cqrs';
import type { Checkpoint } from '@planwerk/events';
import type { CommandMetadata } from '../../../shared/commands/decide-and-append';
import type { IdSource } from '../../../shared/idempotency/deterministic-ids';

export interface SetUpTotpResult {
  secret: string;
  url: string;
  qr: string;
  checkpoint: Checkpoint;
}

export interface RecoveryCodesResult {
  recoveryCodes: string[];
  checkpoint: Checkpoint;
}

export class SetUpTotp extends Command<SetUpTotpResult> {
  constructor(readonly userId: string, readonly metadata: CommandMetadata, readonly ids: IdSource) {
    super();
  }
}

export class ConfirmTotp extends Command<RecoveryCodesResult> {
  constructor(readonly userId: string, readonly code: string, readonly metadata: CommandMetadata, readonly ids: IdSource) {
    super();
  }
}

export class DisableTotp extends Command<{ checkpoint: Checkpoint }> {
  constructor(readonly userId: string, readonly code: string, readonly metadata: CommandMetadata, readonly ids: IdSource) {
    super();
  }
}

export class RegenerateRecoveryCodes extends Command<RecoveryCodesResult> {
  constructor(readonly userId: string, readonly code: string, readonly metadata: CommandMetadata, readonly ids: IdSource) {
    super();
  }
}
