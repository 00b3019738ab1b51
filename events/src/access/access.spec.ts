import { ACCESS_AREAS, FULL_ACCESS_AREAS, type AccessArea } from '../constants/access.constants';
import { checkAccess, linkAccessLevel, MEMBER_LEVELS, normalizeAccessMap, type AccessContext, type AccessMap, type MemberLevel } from './access';

const FULL: ReadonlySet<AccessArea> = new Set(FULL_ACCESS_AREAS);

// How the caller's access map relates to the asked area and item.
type Listing = 'area unlisted' | 'area listed, item listed' | 'area listed, item not listed' | 'area listed, empty list';
const LISTINGS: readonly Listing[] = ['area unlisted', 'area listed, item listed', 'area listed, item not listed', 'area listed, empty list'];

function accessFor(area: AccessArea, listing: Listing): AccessMap {
  // Other areas are always listed with the item, so only the asked area decides.
  const others = Object.fromEntries(ACCESS_AREAS.filter((a) => a !== area).map((a) => [a, ['item-1']]));
  switch (listing) {
    case 'area unlisted':
      return others;
    case 'area listed, item listed':
      return { ...others, [area]: ['item-0', 'item-1'] };
    case 'area listed, item not listed':
      return { ...others, [area]: ['item-0'] };
    case 'area listed, empty list':
      return { ...others, [area]: [] };
  }
}

// Spec section 6, written out independently of the implementation.
function expected(level: MemberLevel, area: AccessArea, listing: Listing, withItem: boolean): 2 | 1 | false {
  if (level === 'owner' || level === 'admin') return 2;
  if (level === 'member') return false;
  if (listing === 'area unlisted') return false;
  if (FULL.has(area)) return 2;
  if (!withItem) return 1;
  return listing === 'area listed, item listed' ? 1 : false;
}

const rows = MEMBER_LEVELS.flatMap((level) =>
  ACCESS_AREAS.flatMap((area) =>
    LISTINGS.flatMap((listing) => [true, false].map((withItem) => ({ level, area, listing, withItem, result: expected(level, area, listing, withItem) })))));

describe('checkAccess (spec section 6)', () => {
  it('covers every level × area × listing × with/without item', () => {
    expect(rows).toHaveLength(MEMBER_LEVELS.length * ACCESS_AREAS.length * LISTINGS.length * 2);
  });

  it.each(rows)('$level, $area, $listing, item asked: $withItem → $result', ({ level, area, listing, withItem, result }) => {
    const context: AccessContext = { level, access: accessFor(area, listing) };
    expect(checkAccess(context, { kind: 'area', area, itemId: withItem ? 'item-1' : undefined })).toBe(result);
  });

  it.each(ACCESS_AREAS)('no membership has no access to %s, whatever is asked', (area) => {
    expect(checkAccess(null, { kind: 'area', area })).toBe(false);
    expect(checkAccess(null, { kind: 'area', area, itemId: 'item-1' })).toBe(false);
  });

  it('gives the five full areas to space and item levels whole, other areas per item', () => {
    const context: AccessContext = { level: 'item', access: { manage_prj: [], manage_file: ['f-1'] } };
    expect(checkAccess(context, { kind: 'area', area: 'manage_prj', itemId: 'any-project' })).toBe(2);
    expect(checkAccess(context, { kind: 'area', area: 'manage_file', itemId: 'f-1' })).toBe(1);
    expect(checkAccess(context, { kind: 'area', area: 'manage_file', itemId: 'f-2' })).toBe(false);
  });

  it('ignores inherited keys of a map that came from JSON', () => {
    const context: AccessContext = { level: 'space', access: JSON.parse('{"__proto__": {"manage_file": ["f-1"]}}') as AccessMap };
    expect(checkAccess(context, { kind: 'area', area: 'manage_file', itemId: 'f-1' })).toBe(false);
  });

  it.each(MEMBER_LEVELS)('team membership: %s', (level) => {
    const admin = level === 'owner' || level === 'admin';
    expect(checkAccess({ level, access: {} }, { kind: 'team' })).toBe(admin ? 2 : 1);
    expect(checkAccess(null, { kind: 'team' })).toBe(false);
  });

  const levelRequests: readonly { levels: readonly MemberLevel[]; what: string }[] = [
    { levels: ['owner'], what: 'contact/team needs owner' },
    { levels: ['owner', 'admin'], what: 'team settings owner or admin' },
    { levels: ['owner', 'admin', 'space'], what: 'team manage and apps' },
  ];
  it.each(levelRequests.flatMap(({ levels, what }) => MEMBER_LEVELS.map((level) => ({ levels, what, level }))))(
    '$what: $level', ({ levels, level }) => {
      // Even a full access map does not lift a level rule.
      const all = Object.fromEntries(ACCESS_AREAS.map((a) => [a, ['x']]));
      expect(checkAccess({ level, access: all }, { kind: 'levels', levels })).toBe(levels.includes(level) ? 2 : false);
    });

  it('calls the plain member "others" on the link entry', () => {
    expect(MEMBER_LEVELS.map(linkAccessLevel)).toEqual(['owner', 'admin', 'space', 'item', 'others']);
  });

  it('normalizes an incoming map: unknown areas dropped, ids deduplicated', () => {
    expect(normalizeAccessMap({ manage_file: ['a', 'a', 'b'], manage_nothing: ['c'] })).toEqual({ manage_file: ['a', 'b'] });
  });
});
