// One Idempotency-Key per sign-up the visitor means to make (issue 12): pressing "Eintragen"
// again after an answer got lost (a phone between cells, a timeout) sends the same key with the
// same body, so the server answers the first result and books nothing more. A changed form is a
// new sign-up with a new key; an answer from the server (success or a refusal) ends the key.

import { NETWORK_ERROR_CODE } from '../../app/api';

export interface RetryKeys {
  /** The key for this body: the previous one while the body is unchanged and unanswered. */
  keyFor(body: unknown): string;
  /** The server answered: the next submit is a new request. */
  answered(): void;
}

function newKey(): string {
  // getRandomValues also works on plain-http LAN addresses, where randomUUID is missing.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function retryKeys(): RetryKeys {
  let current: { key: string; body: string } | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body);
      if (current === null || current.body !== text) current = { key: newKey(), body: text };
      return current.key;
    },
    answered() {
      current = null;
    },
  };
}

/**
 * True when no answer came back, so the request may or may not have been carried out: the
 * console's network error (code 6952, spec section 8) or a gateway that lost the service.
 */
export function unanswered(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, intern } = error as { status?: unknown; intern?: unknown };
  return intern === NETWORK_ERROR_CODE || status === 502 || status === 503 || status === 504;
}
