import type { LinkObject } from './user-link.schema';

/**
 * The kinds a user can connect to today. The features that bring projects, forms,
 * calendars, ... add their kind here with one line (and its lookup in
 * platform/src/links/link-targets.ts); the connect body accepts exactly these keys, so a kind
 * without a target can never be stored, and the link list asks each kind.
 */
export const CONNECTABLE_LINK_OBJECTS = ['link_cc'] as const satisfies readonly LinkObject[];
export type ConnectableLinkObject = (typeof CONNECTABLE_LINK_OBJECTS)[number];
