// Injection tokens of request authentication and the accounts feature.
export const ACCOUNTS_CONFIG = Symbol('ACCOUNTS_CONFIG');
