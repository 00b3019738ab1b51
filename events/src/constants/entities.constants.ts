// Kinds and codes of the entities in spec section 3.

export const FIELD_KINDS = [
  'text', 'textblock', 'number', 'selection', 'checkbox', 'scale', 'address', 'phone',
  'city', 'street', 'country', 'profile_picture', 'date', 'time',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const VOTE_KINDS = ['yes_no_neutral', 'yes_no', 'poll', 'like_dislike'] as const;
export type VoteKind = (typeof VOTE_KINDS)[number];

// Feedback vote: 0 none, 1 good, 2 bug. Sending needs a chosen vote (spec section 5).
export const FEEDBACK_VOTE = { none: 0, good: 1, bug: 2 } as const;
export type FeedbackVote = (typeof FEEDBACK_VOTE)[keyof typeof FEEDBACK_VOTE];

export const LINK_OBJ_KINDS = [
  'link_cc', 'link_prj', 'link_form', 'link_calendar', 'link_work', 'link_collection',
  'link_reserve', 'link_pay', 'asset', 'pay_user',
] as const;
export type LinkObjKind = (typeof LINK_OBJ_KINDS)[number];

// Team flag on a link entry: 0 none, 1 member, 2 admin.
export const TEAM_FLAG = { none: 0, member: 1, admin: 2 } as const;
export type TeamFlag = (typeof TEAM_FLAG)[keyof typeof TEAM_FLAG];

export const TEAM_TYPES = [
  'private_person', 'club', 'organisation', 'company', 'school', 'public_authority',
] as const;
export type TeamType = (typeof TEAM_TYPES)[number];

export const PLANS = ['free', 'prime', 'basic', 'pro'] as const;
export type Plan = (typeof PLANS)[number];

export const SHORTCUT_TYPES = [
  'view', 'fx', 'link_cc', 'prj', 'form', 'calendar', 'member', 'finance', 'link_pay',
] as const;
export type ShortcutType = (typeof SHORTCUT_TYPES)[number];

export const CONTACT_TYPES = ['contact', 'member', 'employee'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export const CONTACT_GROUP_TYPES = ['group', 'department', 'class'] as const;
export type ContactGroupType = (typeof CONTACT_GROUP_TYPES)[number];

export const CONTACT_ACTIVITY = {
  newContact: 1,
  removed: 2,
  linkedToProject: 3,
  unlinkedFromProject: 4,
  addedToList: 20,
  removedFromList: 21,
  enteredInForm: 40,
} as const;
export type ContactActivity = (typeof CONTACT_ACTIVITY)[keyof typeof CONTACT_ACTIVITY];

export const MESSAGE_STATUSES = [
  'new', 'seen', 'sent', 'being_processed', 'answered', 'completed', 'archived',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const LINK_CACHE_TYPES = ['prj', 'solo', 'form', 'calendar', 'pay_user', 'view'] as const;
export type LinkCacheType = (typeof LINK_CACHE_TYPES)[number];

// Cookie consent: 0 none (banner), 1 partial, 2 full; ads and analytics need more than 1.
export const COOKIE_CONSENT = { none: 0, partial: 1, full: 2 } as const;
export type CookieConsent = (typeof COOKIE_CONSENT)[keyof typeof COOKIE_CONSENT];

export const NEWSLETTER_TEMPLATE_TYPE = 'preset' as const;

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
