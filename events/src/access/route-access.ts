// Route access meta of spec section 2 ("Route meta") and the team-access route rules of spec
// section 5. Browser-safe: the console's navigation guard decides with `checkRouteAccess`.
import type { AccessArea } from '../constants/access.constants';
import { checkAccess, type AccessContext, type MemberLevel } from './access';

/**
 * - `id`: owner, admin or space with the access key;
 * - `item`: also the item level, for the item named by the route parameter `param`;
 * - `client`: one of the listed levels;
 * - `login`: any signed-in user.
 */
export type RouteAccess =
  | { kind: 'id'; key: AccessArea }
  | { kind: 'item'; key: AccessArea; param: string }
  | { kind: 'client'; levels: readonly MemberLevel[] }
  | { kind: 'login' };

export type RouteAccessOutcome = 'allowed' | 'error-login' | 'error-access';

/**
 * Spec section 5: team-access routes need login (else error-login); id-type routes need
 * owner/admin/space (space with the key), item-type owner/admin/space/item (space and item
 * with the key and, for a non-full area, the route's item id), client-type the listed levels;
 * every other failure is error-access. `member` is null when the user is not in the team.
 */
export function checkRouteAccess(
  signedIn: boolean,
  member: AccessContext | null,
  access: RouteAccess,
  params: Readonly<Record<string, string | undefined>> = {},
): RouteAccessOutcome {
  if (!signedIn) return 'error-login';
  switch (access.kind) {
    case 'login':
      return 'allowed';
    case 'client':
      return checkAccess(member, { kind: 'levels', levels: access.levels }) !== false ? 'allowed' : 'error-access';
    case 'id':
      if (member === null || member.level === 'item' || member.level === 'member') return 'error-access';
      return checkAccess(member, { kind: 'area', area: access.key }) !== false ? 'allowed' : 'error-access';
    case 'item': {
      if (member === null || member.level === 'member') return 'error-access';
      const itemId = params[access.param];
      return checkAccess(member, { kind: 'area', area: access.key, itemId }) !== false ? 'allowed' : 'error-access';
    }
    default:
      return assertNever(access);
  }
}

export interface ManagementRoute {
  /** Path below `/manage/{ccLink?}/`. */
  path: string;
  /** The `filter` query of manage-project (spec section 2, named routes). */
  filter?: 'form' | 'calendar';
  access: RouteAccess;
}

const id = (key: AccessArea): RouteAccess => ({ kind: 'id', key });
const item = (key: AccessArea, param: string): RouteAccess => ({ kind: 'item', key, param });

// Spec section 2 "Management": each route gated by its access id. Readings (ADR 0005):
// the project manager filtered to forms or calendars uses manage_form / manage_calendar;
// composer and deliver belong to the newsletter (manage_news); invoice to payments
// (manage_pay); work boards have no management route but their own area (manage_work).
export const MANAGEMENT_ROUTES: readonly ManagementRoute[] = [
  { path: 'project/{folderId?}', access: id('manage_prj') },
  { path: 'project/{folderId?}', filter: 'form', access: id('manage_form') },
  { path: 'project/{folderId?}', filter: 'calendar', access: id('manage_calendar') },
  { path: 'preset', access: id('manage_preset') },
  { path: 'preset/{presetId}', access: item('manage_preset', 'presetId') },
  { path: 'backup', access: id('manage_backup') },
  { path: 'backup/{dateId}', access: id('manage_backup') },
  { path: 'backup/{dateId}/{backupId}', access: id('manage_backup') },
  { path: 'backup/{dateId}/{backupId}/{listId}', access: id('manage_backup') },
  { path: 'contact', access: id('manage_contact') },
  ...['user', 'user/{id}', 'group', 'invite', 'invite-v1', 'new', 'settings', 'merge', 'import', 'export']
    .map((path) => ({ path: `contact/${path}`, access: id('manage_contact') })),
  // "Contact/team needs owner" (spec section 6).
  { path: 'contact/team', access: { kind: 'client', levels: ['owner'] } },
  { path: 'time', access: id('manage_time') },
  { path: 'time/span', access: id('manage_time') },
  { path: 'time/user/{uid?}', access: id('manage_time') },
  { path: 'activity/{filter?}', access: id('manage_active') },
  { path: 'files/{space?}/{spaceId?}/{folderId?}', access: id('manage_file') },
  { path: 'files/settings', access: id('manage_file') },
  { path: 'member', access: id('manage_member') },
  { path: 'member-v1', access: id('manage_member') },
  { path: 'member/{memberId}', access: item('manage_member', 'memberId') },
  { path: 'member/{memberId}/settings', access: item('manage_member', 'memberId') },
  { path: 'action', access: id('manage_action') },
  { path: 'action/{actionId}', access: item('manage_action', 'actionId') },
  { path: 'vault', access: id('manage_vault') },
  { path: 'vault/item/{id?}', access: id('manage_vault') },
  ...['share', 'access', 'settings'].map((path) => ({ path: `vault/${path}`, access: id('manage_vault') })),
  { path: 'finance', access: id('manage_finance') },
  { path: 'finance/{financeId}', access: item('manage_finance', 'financeId') },
  ...['settings', 'import', 'preset/{presetId}'].map((path) => ({ path: `finance/${path}`, access: id('manage_finance') })),
  { path: 'connect', access: id('manage_connect') },
  ...['details', 'bank', 'person', 'setup'].map((path) => ({ path: `connect/${path}`, access: id('manage_connect') })),
  { path: 'pay', access: id('manage_pay') },
  ...[
    'product', 'product/{productId}', 'checkout', 'checkout/{checkoutId}', 'order', 'order/{orderId}', 'sub',
    'payment/{subId}', 'user', 'user/{userId}', 'sepa', 'sepa/create', 'sepa/status/{filterId?}', 'sepa/ref',
    'settings', 'settings/sepa', 'connect', 'connect/payout', 'connect/payout/{payoutId}', 'connect/payment',
    'connect/debug',
  ].map((path) => ({ path: `pay/${path}`, access: id('manage_pay') })),
  { path: 'newsletter', access: id('manage_news') },
  ...['post', 'post/{postId}/{view?}', 'user', 'share', 'topic']
    .map((path) => ({ path: `newsletter/${path}`, access: id('manage_news') })),
  { path: 'composer/preset/{presetId}', access: id('manage_news') },
  ...['settings', 'outbox', 'send', 'analyze'].map((path) => ({ path: `deliver/${path}`, access: id('manage_news') })),
  { path: 'reserve', access: id('manage_reserve') },
  { path: 'reserve/page/{folderId}', access: item('manage_reserve', 'folderId') },
  ...['product', 'product/{productId}', 'settings', 'form', 'order', 'order/{orderId}/{itemId?}', 'calendar']
    .map((path) => ({ path: `reserve/page/{folderId}/${path}`, access: item('manage_reserve', 'folderId') })),
  { path: 'invoice', access: id('manage_pay') },
];

// Team routes (spec section 2 "Team" and "Start and account").
export const TEAM_ROUTE_ACCESS = {
  'team/{ccLink}/manage': { kind: 'client', levels: ['owner', 'admin', 'space'] },
  'team/{ccLink}/apps': { kind: 'client', levels: ['owner', 'admin', 'space'] },
  'settings/admin/{ccLink}': { kind: 'client', levels: ['owner', 'admin'] },
  'messenger/{actorId?}': { kind: 'login' },
} as const satisfies Record<string, RouteAccess>;

/** The management area of a path below `/manage/{ccLink?}/` ('project/12' → manage_prj). */
export function managementAreaOf(path: string, filter?: string): AccessArea | undefined {
  const route = MANAGEMENT_ROUTES.find((candidate) => candidate.filter === filter && matchesTemplate(candidate.path, path));
  return route && route.access.kind !== 'login' && route.access.kind !== 'client' ? route.access.key : undefined;
}

function matchesTemplate(template: string, path: string): boolean {
  const wanted = template.split('/');
  const actual = path.split('/').filter((part) => part !== '');
  const required = wanted.filter((part) => !/^\{\w+\?\}$/.test(part)).length;
  if (actual.length < required || actual.length > wanted.length) return false;
  return actual.every((part, i) => {
    const want = wanted[i] ?? '';
    return /^\{\w+\??\}$/.test(want) || want === part;
  });
}

function assertNever(value: never): never {
  throw new Error(`Unexpected route access ${JSON.stringify(value)}`);
}
