// The public entry of the signups feature: other features import only from here (ADR 0010).
export { valueText, VoteLabel } from './signup-fields';
export { useCancelSignupMutation } from './signups.api';
export { SignupReceipts } from './my-signup-card';
export { groupSignups, localDay } from './my-signups';
export { useListMySignupsQuery } from './my-signups.api';
export type { MySignup } from './my-signups.api';
export { mySignupsMessages } from './my-signups.messages';
export { SidebarMySignups } from './sidebar-my-signups';
export { clearLinkCache, linkCacheSize } from './link-cache';
