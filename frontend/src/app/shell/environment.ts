// Start-up environment of spec section 4: the native app, the desktop app or the web. The
// packaged apps announce themselves in the user agent.
export type Environment = 'app' | 'desktop' | 'web';

export function detectEnvironment(userAgent: string = navigator.userAgent): Environment {
  if (/\bElectron\//.test(userAgent) || /\bPlanwerkDesktop\b/.test(userAgent)) return 'desktop';
  if (/\bPlanwerkApp\b/.test(userAgent)) return 'app';
  return 'web';
}

// Paths that open a sub-view without the navigation bar (spec section 2): no sockets, logging
// or service worker there.
export function isSubViewPath(pathname: string): boolean {
  return /^\/(embed|display|wallet)(\/|$)/i.test(pathname);
}
