// Injection tokens of request authentication and the accounts feature.
export const ACCOUNTS_CONFIG = Symbol('ACCOUNTS_CONFIG');
/** `() => Date`: session expiry, link expiry and throttling read the time from here. */
export const ACCOUNTS_CLOCK = Symbol('ACCOUNTS_CLOCK');
export type AccountsClock = () => Date;
