import { ACCESS_AREAS } from '../constants/access.constants';
import { MEMBER_LEVELS, type AccessContext, type MemberLevel } from './access';
import { checkRouteAccess, MANAGEMENT_ROUTES, managementAreaOf, TEAM_ROUTE_ACCESS, type RouteAccess } from './route-access';

const member = (level: MemberLevel, access: AccessContext['access'] = {}): AccessContext => ({ level, access });

describe('checkRouteAccess (spec section 5, team-access routes)', () => {
  const kinds: readonly RouteAccess[] = [
    { kind: 'login' },
    { kind: 'client', levels: ['owner'] },
    { kind: 'id', key: 'manage_file' },
    { kind: 'item', key: 'manage_file', param: 'fileId' },
  ];

  it.each(kinds)('sends a visitor without login to error-login ($kind)', (access) => {
    expect(checkRouteAccess(false, member('owner'), access)).toBe('error-login');
  });

  // level × (area listed with the item?) → id route, item route
  const table: readonly [MemberLevel, boolean, 'allowed' | 'error-access', 'allowed' | 'error-access'][] = [
    ['owner', false, 'allowed', 'allowed'],
    ['admin', false, 'allowed', 'allowed'],
    ['space', true, 'allowed', 'allowed'],
    ['space', false, 'error-access', 'error-access'],
    ['item', true, 'error-access', 'allowed'],
    ['item', false, 'error-access', 'error-access'],
    ['member', true, 'error-access', 'error-access'],
    ['member', false, 'error-access', 'error-access'],
  ];
  it.each(table)('%s (area listed: %s): id route %s, item route %s', (level, listed, idOutcome, itemOutcome) => {
    const context = member(level, listed ? { manage_file: ['f-1'] } : {});
    expect(checkRouteAccess(true, context, { kind: 'id', key: 'manage_file' })).toBe(idOutcome);
    expect(checkRouteAccess(true, context, { kind: 'item', key: 'manage_file', param: 'fileId' }, { fileId: 'f-1' })).toBe(itemOutcome);
  });

  it('refuses an item route for an item id that is not listed', () => {
    const context = member('item', { manage_file: ['f-1'] });
    expect(checkRouteAccess(true, context, { kind: 'item', key: 'manage_file', param: 'fileId' }, { fileId: 'f-2' })).toBe('error-access');
  });

  it('lets a signed-in user without membership open login routes, nothing else', () => {
    expect(checkRouteAccess(true, null, { kind: 'login' })).toBe('allowed');
    for (const access of kinds.slice(1)) expect(checkRouteAccess(true, null, access, { fileId: 'f-1' })).toBe('error-access');
  });

  it.each(MEMBER_LEVELS)('team settings are for owner and admin only: %s', (level) => {
    const outcome = checkRouteAccess(true, member(level), TEAM_ROUTE_ACCESS['settings/admin/{ccLink}']);
    expect(outcome).toBe(level === 'owner' || level === 'admin' ? 'allowed' : 'error-access');
  });
});

describe('management routes (spec section 2)', () => {
  it.each([
    ['project', 'manage_prj'], ['project/f-1', 'manage_prj'], ['preset/p-1', 'manage_preset'], ['backup/d/b/l', 'manage_backup'],
    ['contact/user/7', 'manage_contact'], ['time/user', 'manage_time'], ['activity', 'manage_active'],
    ['files/a/b/c', 'manage_file'], ['member/m-1/settings', 'manage_member'], ['action/a-1', 'manage_action'],
    ['vault/item', 'manage_vault'], ['finance/import', 'manage_finance'], ['connect/bank', 'manage_connect'],
    ['pay/sepa/status', 'manage_pay'], ['newsletter/post/p/v', 'manage_news'], ['reserve/page/f/order/o', 'manage_reserve'],
  ])('%s is gated by %s', (path, area) => {
    expect(managementAreaOf(path)).toBe(area);
  });

  it('gates the project manager filtered to forms or calendars by their own areas', () => {
    expect(managementAreaOf('project/f-1', 'form')).toBe('manage_form');
    expect(managementAreaOf('project', 'calendar')).toBe('manage_calendar');
  });

  it('gates contact/team by the owner level, not by an area', () => {
    expect(managementAreaOf('contact/team')).toBeUndefined();
    expect(MANAGEMENT_ROUTES.find((route) => route.path === 'contact/team')?.access).toEqual({ kind: 'client', levels: ['owner'] });
  });

  it('uses only known areas and declares each path once', () => {
    const known: ReadonlySet<string> = new Set(ACCESS_AREAS);
    for (const route of MANAGEMENT_ROUTES) {
      if (route.access.kind === 'id' || route.access.kind === 'item') expect(known.has(route.access.key)).toBe(true);
    }
    expect(new Set(MANAGEMENT_ROUTES.map((route) => `${route.path} ${route.filter ?? ''}`)).size).toBe(MANAGEMENT_ROUTES.length);
  });
});
