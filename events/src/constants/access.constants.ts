// Roles, levels and access areas of spec sections 3 and 6 (issue 4 lists the areas).

export const ACCESS_AREAS = [
  'manage_prj', 'manage_preset', 'manage_backup', 'manage_contact', 'manage_time',
  'manage_active', 'manage_file', 'manage_member', 'manage_action', 'manage_vault',
  'manage_finance', 'manage_connect', 'manage_pay', 'manage_news', 'manage_reserve',
  'manage_form', 'manage_calendar', 'manage_work',
] as const;
export type AccessArea = (typeof ACCESS_AREAS)[number];

// For space and item levels these areas grant full access to the whole area; every other
// area must list the item id (spec section 6).
export const FULL_ACCESS_AREAS = [
  'manage_prj', 'manage_form', 'manage_calendar', 'manage_member', 'manage_finance',
] as const satisfies readonly AccessArea[];
export type FullAccessArea = (typeof FULL_ACCESS_AREAS)[number];

// Access level on a link entry.
export const ACCESS_LEVELS = ['owner', 'admin', 'space', 'item', 'others'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const TEAM_ROLES = ['owner', 'admin', 'space', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

// Result of the access check: 2 full, 1 limited, false none.
export const ACCESS_RESULT = { full: 2, limited: 1, none: false } as const;
export type AccessResult = (typeof ACCESS_RESULT)[keyof typeof ACCESS_RESULT];

// Route access meta kinds for the console (spec section 2, route meta).
export const ROUTE_ACCESS_KINDS = ['id', 'item', 'client', 'login'] as const;
export type RouteAccessKind = (typeof ROUTE_ACCESS_KINDS)[number];

export const CONTENT_VISIBILITY = [
  'verified', 'group_members', 'team_members', 'admins', 'owner', 'project_password', 'login',
] as const;
export type ContentVisibility = (typeof CONTENT_VISIBILITY)[number];
