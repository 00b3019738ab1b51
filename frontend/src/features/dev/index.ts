// The public entry of the dev feature: other features import only from here (ADR 0010).
export { useDevMode } from './dev.api';
