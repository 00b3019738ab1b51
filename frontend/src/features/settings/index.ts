// The public entry of the settings feature: other features import only from here (ADR 0010).
export { designMessages } from './settings.messages';
