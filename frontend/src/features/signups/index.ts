// The public entry of the signups feature: other features import only from here (ADR 0010).
export { valueText, VoteLabel } from './signup-fields';
export { useCancelSignupMutation } from './signups.api';
