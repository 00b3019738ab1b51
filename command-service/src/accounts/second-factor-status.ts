import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@planwerk/events';
import { EVENT_STORE } from '../app/tokens';

// Whether a login needs a second factor. The second factor keeps its own stream
// (`second-factor-<userId>`, TotpEnabled / TotpDisabled); the login reads it, never decides on it.
@Injectable()
export class SecondFactorStatus {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async isEnabled(userId: string): Promise<boolean> {
    const slice = await this.store.readStream(`second-factor-${userId}`);
    let enabled = false;
    for (const event of slice.events) {
      if (event.type === 'TotpEnabled') enabled = true;
      if (event.type === 'TotpDisabled') enabled = false;
    }
    return enabled;
  }
}
