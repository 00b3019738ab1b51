// The public entry of the update feature: other features import only from here (ADR 0010).
export { useVersionInfo } from './use-version-info';
export { VersionInfo } from './version-facts';
