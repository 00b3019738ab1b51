// The link cache of spec section 3 for anonymous visitors: entries {obj: 'link_cache', type:
// 'prj', id, item}, where item holds the visitor's own sign-ups with the private token the
// server returned once (ADR 0006). Kept in this browser only; it is the only way to change or
// cancel an anonymous sign-up.
const KEY = 'planwerk.linkCache';

export interface CachedSignup {
  signupId: string;
  listId: string;
  itemId: string;
  token: string;
  name: string;
  status: 'placed' | 'waitlisted';
  position: number | null;
  at: string;
  /** The project view's version when signing up: a newer view without this sign-up means it is gone. */
  version: number;
}

export interface LinkCacheEntry {
  obj: 'link_cache';
  type: 'prj';
  /** The project id. */
  id: string;
  item: CachedSignup[];
}

function isEntry(value: unknown): value is LinkCacheEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<LinkCacheEntry>;
  return entry.obj === 'link_cache' && entry.type === 'prj' && typeof entry.id === 'string' && Array.isArray(entry.item);
}

function readAll(): LinkCacheEntry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function writeAll(entries: LinkCacheEntry[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(entries));
  } catch {
    // Blocked storage: the sign-up stays, but this browser cannot change it later.
  }
}

export function cachedSignups(projectId: string): CachedSignup[] {
  return readAll().find((entry) => entry.id === projectId)?.item ?? [];
}

export function rememberSignup(projectId: string, signup: CachedSignup): void {
  const entries = readAll();
  const entry = entries.find((candidate) => candidate.id === projectId);
  if (entry) entry.item = [...entry.item.filter((item) => item.signupId !== signup.signupId), signup];
  else entries.push({ obj: 'link_cache', type: 'prj', id: projectId, item: [signup] });
  writeAll(entries);
}

export function updateCachedSignup(projectId: string, signupId: string, change: Partial<CachedSignup>): void {
  const entries = readAll();
  const entry = entries.find((candidate) => candidate.id === projectId);
  if (!entry) return;
  entry.item = entry.item.map((item) => (item.signupId === signupId ? { ...item, ...change } : item));
  writeAll(entries);
}

export function forgetSignup(projectId: string, signupId: string): void {
  const entries = readAll()
    .map((entry) => (entry.id === projectId ? { ...entry, item: entry.item.filter((item) => item.signupId !== signupId) } : entry))
    .filter((entry) => entry.item.length > 0);
  writeAll(entries);
}

// A password project's password, for this tab's session only.
const PASSWORD_KEY = 'planwerk.projectPassword.';

export function storedProjectPassword(link: string): string | undefined {
  try {
    return sessionStorage.getItem(PASSWORD_KEY + link.toLowerCase()) ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeProjectPassword(link: string, password: string): void {
  try {
    sessionStorage.setItem(PASSWORD_KEY + link.toLowerCase(), password);
  } catch {
    // Blocked storage: asked again on the next load.
  }
}

/** What this browser keeps for visitors (settings/device, issue 14): projects and sign-ups. */
export function linkCacheSize(): { projects: number; signups: number } {
  const entries = readAll();
  return { projects: entries.length, signups: entries.reduce((sum, entry) => sum + entry.item.length, 0) };
}

/** Forgets every visitor sign-up on this browser: they stay booked but cannot be changed from here. */
export function clearLinkCache(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Blocked storage holds nothing to clear.
  }
}
