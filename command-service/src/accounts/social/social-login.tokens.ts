// Injection tokens of the social login feature; the composition root provides them.
export const SOCIAL_LOGIN_CONFIG = Symbol('SOCIAL_LOGIN_CONFIG');
export const SOCIAL_ACCOUNTS = Symbol('SOCIAL_ACCOUNTS');
export const OIDC_GATEWAY = Symbol('OIDC_GATEWAY');
export const SOCIAL_LOGIN_STORE = Symbol('SOCIAL_LOGIN_STORE');
