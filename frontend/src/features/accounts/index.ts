// The public entry of the accounts feature: other features import only from here (ADR 0010).
export type { WebAuthnOptions } from './accounts.api';
export { creationOptionsFromJson, passkeysAvailable, toBase64Url } from './webauthn';
