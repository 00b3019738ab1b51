// Injection tokens of request authentication in the query service.
export const ACCOUNTS_CONFIG = Symbol('ACCOUNTS_CONFIG');
