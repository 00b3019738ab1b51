// Injection tokens for the ports the composition root hands in.
export const PG_POOL = Symbol('PG_POOL');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const IDEMPOTENCY_STORE = Symbol('IDEMPOTENCY_STORE');
