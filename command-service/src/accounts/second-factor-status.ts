import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@planwerk/events';
import { EVENT_STORE } from '../app/tokens';
import { isSecondFactorRequired } from './second-factor/second-factor.streams';

// Whether a login needs a second factor. The second factor keeps its own stream
// (`second-factor-<userId>`); the login reads it through the second factor's own evolve, never decides on it.
@Injectable()
export class SecondFactorStatus {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  isEnabled(userId: string): Promise<boolean> {
    return isSecondFactorRequired(this.store, userId);
  }
}
