import { DomainError, type ApiError, type ErrorLanguage } from '@planwerk/events';

/** minCheckpoint is malformed or another field of a query is: 400 naming the field. */
export function invalidQueryParameter(field: string, reason: string): DomainError {
  return new DomainError('validation_failed', { field, details: { reason } });
}

// The projection did not reach the client's checkpoint in time. Not a catalogue code of the
// spec: the write is committed, only the read model lags, so the client may simply retry.
export class CheckpointNotReached extends Error {
  readonly httpStatus = 503;

  constructor(readonly projection: string, readonly timeoutMs: number) {
    super(`Projection ${projection} did not reach the requested checkpoint within ${timeoutMs} ms`);
    this.name = 'CheckpointNotReached';
  }

  toBody(language: ErrorLanguage): ApiError {
    const seconds = Math.round(this.timeoutMs / 100) / 10;
    const text = language === 'en'
      ? `Your change is saved but not visible yet (${this.projection} is still catching up after ${seconds} s). Please try again in a moment.`
      : `Deine Änderung ist gespeichert, aber noch nicht sichtbar (${this.projection} holt nach ${seconds} s noch auf). Bitte versuche es gleich noch einmal.`;
    return { status: this.httpStatus, intern: 'checkpoint_not_reached', text };
  }
}
