import { isSubViewPath } from '../shell/environment';

export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Whether this page registers the service worker: production builds only, never in embeds
 * (sub-views inside other sites), and not in automated browsers, whose request interception
 * (the browser tests' mocked /v5 answers) a service worker would bypass.
 */
export function shouldRegisterServiceWorker(env: { production: boolean; webdriver: boolean; supported: boolean; pathname: string }): boolean {
  return env.production && env.supported && !env.webdriver && !isSubViewPath(env.pathname);
}

/** Registers the offline app shell (public/sw.js) once the page has loaded. */
export function registerServiceWorker(): void {
  const supported = 'serviceWorker' in navigator;
  if (!shouldRegisterServiceWorker({
    production: import.meta.env.PROD,
    webdriver: navigator.webdriver,
    supported,
    pathname: window.location.pathname,
  })) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      // Without a service worker the console still works online; say why it did not register.
      console.warn('Service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
