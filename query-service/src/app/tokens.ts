// Injection tokens for what createQueryService is given; providers depend on these, not on
// concrete adapters, so embedded and distributed mode wire the same module.
export const PG_POOL = Symbol('PG_POOL');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const PROJECTION_NOTIFIER = Symbol('PROJECTION_NOTIFIER');
export const PROJECTION_STATUS = Symbol('PROJECTION_STATUS');
export const VERSION_INFO = Symbol('VERSION_INFO');
export const QUERY_SERVICE_OPTIONS = Symbol('QUERY_SERVICE_OPTIONS');
