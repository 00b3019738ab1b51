// Route words of the console (spec section 2) that a project link would shadow: `/{prjLink}` is
// matched after every top-level route. The server refuses them as project links; the console
// answers them with its 404 (or their own page) and never asks for a project view.
export const RESERVED_PROJECT_LINKS = [
  '0', 'new', 'home', 'task', 'invite', 'login', 'login-upgrade', 'vote', 'signup', 'singup', 'callback', 'auth',
  'account', 'settings', 'feedback', 'support', 'meet', 'team-setup', 'team-setup-v1', 'team-erstellen', 'dev', 'error',
  'create', 'create-fx', 'team', 'p', 'message', 'msg', 'messenger', 'manage', 'collection', 'calendar', 'embed', 'member',
  'vault-share', 'pay', 'news', 'reserve', 'reserve-v1', 'work', 'form', 'display', 'wallet', 'start', 'project', 'preset',
  'v5', 'api', 'health', 'metrics', 'assets', 'static', 'public', 'favicon-ico', 'robots-txt', 'index-html', '404',
] as const;

const reserved: ReadonlySet<string> = new Set(RESERVED_PROJECT_LINKS);

/** True for a route word (compared lower-cased: route matching is case-insensitive). */
export function isReservedProjectLink(link: string): boolean {
  return reserved.has(link.trim().toLowerCase());
}
