import { useSyncExternalStore } from 'react';
import { COOKIE_CONSENT, type CookieConsent } from '@planwerk/events/constants';
import { detectEnvironment } from './environment';

// Cookie consent of spec section 4: 0 none (banner), 1 partial (functional cookies only, which
// are always required), 2 full; implied 2 in the app and on the desktop. Stored on this device.
const STORAGE_KEY = 'planwerk.cookieConsent';
const listeners = new Set<() => void>();
// When storage is blocked the choice holds for this page only.
let memory: CookieConsent | null = null;

export function readCookieConsent(): CookieConsent {
  if (detectEnvironment() !== 'web') return COOKIE_CONSENT.full;
  try {
    const stored = Number(localStorage.getItem(STORAGE_KEY));
    return stored === COOKIE_CONSENT.partial || stored === COOKIE_CONSENT.full ? stored : COOKIE_CONSENT.none;
  } catch {
    return COOKIE_CONSENT.none;
  }
}

export function chooseCookieConsent(level: Exclude<CookieConsent, 0>): void {
  try {
    localStorage.setItem(STORAGE_KEY, String(level));
  } catch {
    memory = level;
  }
  for (const listener of listeners) listener();
}

function snapshot(): CookieConsent {
  return memory ?? readCookieConsent();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice counts here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCookieConsent(): CookieConsent {
  return useSyncExternalStore(subscribe, snapshot);
}
