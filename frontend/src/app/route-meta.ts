import type { UIMatch } from 'react-router';
import type { MessageDescriptor } from 'react-intl';
import type { RouteAccess } from '@planwerk/events/route-access';

// Route meta of spec section 2: the named route plus navTitle, navTeam, navSub, navSidebarHide,
// feedback, subView and access. Routes carry it as `handle: { meta }`.
export interface RouteMeta {
  name: string;
  navTitle?: MessageDescriptor;
  navTeam?: boolean;
  navSub?: boolean;
  navSidebarHide?: boolean;
  feedback?: boolean;
  subView?: boolean;
  /** The visitor's page (/{prjLink}, issue 14): no sidebar, top bar or sub-nav, but the banners. */
  visitorPage?: boolean;
  access?: RouteAccess;
}

export function routeHandle(meta: RouteMeta): { meta: RouteMeta } {
  return { meta };
}

function metaOf(handle: unknown): RouteMeta | null {
  if (typeof handle !== 'object' || handle === null || !('meta' in handle)) return null;
  const meta = (handle as { meta: unknown }).meta;
  return typeof meta === 'object' && meta !== null && 'name' in meta ? (meta as RouteMeta) : null;
}

/** The deepest route's meta; access is inherited from the nearest route above that has one. */
export function routeMetaOf(matches: readonly UIMatch[]): RouteMeta | null {
  let found: RouteMeta | null = null;
  let access: RouteAccess | undefined;
  for (const match of matches) {
    const meta = metaOf(match.handle);
    if (!meta) continue;
    found = meta;
    if (meta.access) access = meta.access;
  }
  return found && access ? { ...found, access } : found;
}

// Spec section 4, last route: every route except these is stored and restored after login
// (error pages and the 404 are where a stored route was sent, not where to return; the
// single-use mail links cannot be returned to).
const NOT_STORED = new Set([
  'start', 'login', 'singup', 'signup', 'auth', 'auth-login', 'login-upgrade', 'error-login', 'error-access', 'error-team',
  'not-found', 'callback', 'account-activate', 'account-child', 'account-reset',
]);
const LAST_ROUTE_KEY = 'planwerk.lastRoute';

export function storeLastRoute(name: string, path: string): void {
  if (NOT_STORED.has(name)) return;
  try {
    localStorage.setItem(LAST_ROUTE_KEY, path);
  } catch {
    // Storage blocked: no route to restore.
  }
}

/** The route to open after a login; never the sign-up (spec section 4). */
export function lastRoute(): string | null {
  try {
    const stored = localStorage.getItem(LAST_ROUTE_KEY);
    if (!stored || !stored.startsWith('/') || stored.startsWith('//') || /^\/(signup|singup)(\/|\?|#|$)/i.test(stored)) return null;
    return stored;
  } catch {
    return null;
  }
}
