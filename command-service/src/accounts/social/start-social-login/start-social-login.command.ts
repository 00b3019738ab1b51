import { Command } from '@nestjs/cqrs';

export interface StartSocialLoginData {
  provider: string;
  origin: string;
  /** The device that starts the login; the callback must come from the same one. */
  deviceId: string | null;
}

export class StartSocialLogin extends Command<{ url: string }> {
  readonly type = 'StartSocialLogin' as const;

  constructor(readonly data: StartSocialLoginData) {
    super();
  }
}
