import { useCallback, useSyncExternalStore } from 'react';

// Where a person is in the onboarding. The facts come from the server (their teams and the
// team's projects); this keeps only the choices the server does not know: which team and
// project the guide is about, skipped steps and whether it is over. Kept per account (the key
// names the user id) in this browser.
export interface OnboardingProgress {
  teamLink?: string;
  projectId?: string;
  skippedTemplate?: boolean;
  done?: boolean;
}

const keyOf = (uid: string): string => `planwerk.onboarding.${uid}`;
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; value: OnboardingProgress }>();

export function readProgress(uid: string): OnboardingProgress {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(keyOf(uid));
  } catch {
    // Storage blocked: every visit starts from the server's facts.
  }
  const known = cache.get(uid);
  if (known && known.raw === raw) return known.value;
  let value: OnboardingProgress = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') value = parsed as OnboardingProgress;
  } catch {
    value = {};
  }
  cache.set(uid, { raw, value });
  return value;
}

export function writeProgress(uid: string, change: OnboardingProgress): void {
  try {
    localStorage.setItem(keyOf(uid), JSON.stringify({ ...readProgress(uid), ...change }));
  } catch {
    // Storage blocked: the guide still works for this visit.
  }
  for (const listener of listeners) listener();
}

/** The person's progress and a way to change it; re-renders when it changes. */
export function useOnboardingProgress(uid: string | null): [OnboardingProgress, (change: OnboardingProgress) => void] {
  const progress = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (uid ? readProgress(uid) : EMPTY),
  );
  const update = useCallback((change: OnboardingProgress) => {
    if (uid) writeProgress(uid, change);
  }, [uid]);
  return [progress, update];
}

const EMPTY: OnboardingProgress = {};
