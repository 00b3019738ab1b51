// Business constants and limits (spec sections 5, 6 and 9). Times are milliseconds.
export const LIMITS = {
  passwordMinLength: 8,
  minAge: 16,
  freeActiveProjects: 1,
  soloMaxItem: 25,
  soloMaxCol: 2,
  // Session tokens are valid only when device id and token are longer than 5 characters;
  // a restored token must be longer than 10.
  sessionTokenMinExclusive: 5,
  deviceIdMinExclusive: 5,
  restoredTokenMinExclusive: 10,
  deviceIdLength: 10,
  deviceNameLength: 15,
  editableParentLevels: 10,
  breadcrumbTeamName: 16,
  contactListFileName: 10,
  // A sign-up's name (ADR 0006): the server refuses longer ones; the console's field stops here.
  signupNameMax: 100,
} as const;

export const TIMINGS_MS = {
  bundleCache: 5 * 60_000,
  popupDefault: 2_000,
  vibration: 75,
  modulePoll: 50,
  loaderHide: 150,
  hashScrollRetry: 500,
  tooltipDelay: 100,
} as const;

// Vibration pattern for warnings: on 125, off 50, on 125.
export const VIBRATION_WARNING_MS = [125, 50, 125] as const;

export const LAYOUT_PX = {
  mobileMax: 1000,
  sidebarPinMin: 1000,
  popupHubMobileMax: 600,
  sidebarWidth: 350,
  edgeSwipe: 25,
  swipeThreshold: 50,
  scrolled: 40,
  sortDragStep: 20,
} as const;

// Cut a team name for the breadcrumb: 16 characters plus "..." (spec section 2).
export function breadcrumbTeamName(name: string): string {
  return name.length > LIMITS.breadcrumbTeamName
    ? `${name.slice(0, LIMITS.breadcrumbTeamName)}...`
    : name;
}
