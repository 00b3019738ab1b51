// The one access function of spec section 6. Pure and browser-safe (no Node imports): the
// command service, the query service and the console all decide with it.
import {
  ACCESS_AREAS,
  FULL_ACCESS_AREAS,
  type AccessArea,
  type AccessLevel,
  type AccessResult,
} from '../constants/access.constants';

// A team member's level as stored in `team_members.level` (ADR 0005). The link entry of spec
// section 3 calls the plain member "others" (see `linkAccessLevel`).
export const MEMBER_LEVELS = ['owner', 'admin', 'space', 'item', 'member'] as const;
export type MemberLevel = (typeof MEMBER_LEVELS)[number];

/** Area → item ids. A listed area may have an empty list (the area, none of its items). */
export type AccessMap = Partial<Record<AccessArea, readonly string[]>>;

/** Who asks: the caller's active membership of the team, or null for no membership. */
export interface AccessContext {
  level: MemberLevel;
  access: AccessMap;
}

/**
 * What is asked:
 * - `area`: an area of management (spec section 6), optionally one item of it;
 * - `levels`: a fixed set of levels ("contact/team needs owner", "team settings owner or admin",
 *   client-type routes);
 * - `team`: anything that needs team membership ("client needs team membership").
 */
export type AccessRequest =
  | { kind: 'area'; area: AccessArea; itemId?: string }
  | { kind: 'levels'; levels: readonly MemberLevel[] }
  | { kind: 'team' };

const FULL_AREAS: ReadonlySet<AccessArea> = new Set(FULL_ACCESS_AREAS);

/**
 * 2 full, 1 limited, false none (spec section 6). Owner and admin always 2. For space and item
 * levels an area must be listed in the access map: manage_prj, manage_form, manage_calendar,
 * manage_member and manage_finance then give 2 (the whole area); every other listed area gives
 * 1 — for an item only when its id is in the list, without an item (the area's overview,
 * filtered to the listed items) whenever the area is listed. Plain members have no area.
 */
export function checkAccess(context: AccessContext | null, request: AccessRequest): AccessResult {
  if (context === null) return false;
  const admin = context.level === 'owner' || context.level === 'admin';
  switch (request.kind) {
    case 'team':
      return admin ? 2 : 1;
    case 'levels':
      return request.levels.includes(context.level) ? 2 : false;
    case 'area':
      if (admin) return 2;
      return areaAccess(context, request.area, request.itemId);
    default:
      return assertNever(request);
  }
}

function areaAccess(context: AccessContext, area: AccessArea, itemId: string | undefined): AccessResult {
  switch (context.level) {
    case 'space':
    case 'item': {
      const items = listedItems(context.access, area);
      if (items === undefined) return false;
      if (FULL_AREAS.has(area)) return 2;
      if (itemId === undefined) return 1;
      return items.includes(itemId) ? 1 : false;
    }
    case 'member':
      return false;
    case 'owner':
    case 'admin':
      return 2;
    default:
      return assertNever(context.level);
  }
}

// Own properties only: a map parsed from JSON must not find `constructor` or `__proto__`.
function listedItems(access: AccessMap, area: AccessArea): readonly string[] | undefined {
  if (!Object.prototype.hasOwnProperty.call(access, area)) return undefined;
  const items = access[area];
  return Array.isArray(items) ? items : undefined;
}

/** True for 1 and 2. */
export function isAllowed(result: AccessResult): boolean {
  return result !== false;
}

/** The link entry's `access.level` (spec section 3): a plain member is "others". */
export function linkAccessLevel(level: MemberLevel): AccessLevel {
  return level === 'member' ? 'others' : level;
}

/** Drops unknown areas and duplicate ids; used where access maps come in from outside. */
export function normalizeAccessMap(input: Record<string, readonly string[]>): AccessMap {
  const known: ReadonlySet<string> = new Set(ACCESS_AREAS);
  const result: AccessMap = {};
  for (const [area, ids] of Object.entries(input)) {
    if (known.has(area)) result[area as AccessArea] = [...new Set(ids)];
  }
  return result;
}

function assertNever(value: never): never {
  throw new Error(`Unexpected access value ${JSON.stringify(value)}`);
}
