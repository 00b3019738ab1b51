// Languages, themes, countries and shell preferences (spec sections 1, 4, 5 and 9).

// fx is a pseudo-language for translators, reachable only with shift (spec section 9).
export const LANGUAGES = ['de', 'en', 'fr', 'it', 'fx'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

// Any other value falls back to German (spec section 5).
export function resolveLanguage(value: unknown): Language {
  if (typeof value !== 'string') return DEFAULT_LANGUAGE;
  const code = value.trim().toLowerCase();
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : DEFAULT_LANGUAGE;
}

// Order matters: Ctrl+1 to Ctrl+4 select these in turn (spec section 2, keyboard).
export const THEMES = ['default', 'dark', 'dark-contrast', 'contrast'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'default';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

// Sidebar: 0 hidden, 1 follows the route, 2 pinned (pinned only above the sidebar breakpoint).
export const SIDEBAR_MODE = { hidden: 0, followsRoute: 1, pinned: 2 } as const;
export type SidebarMode = (typeof SIDEBAR_MODE)[keyof typeof SIDEBAR_MODE];

export const VIEW_OPTIONS = ['grid', 'list'] as const;
export type ViewOption = (typeof VIEW_OPTIONS)[number];

export const COUNTRIES = [
  'de', 'at', 'ch', 'fr', 'es', 'pt', 'it', 'gb', 'ie', 'us', 'be', 'nl', 'lu', 'no', 'se',
  'fi', 'pl', 'cz', 'li', 'dk', 'ee', 'lv', 'lt',
] as const;
export type Country = (typeof COUNTRIES)[number];

export function isCountry(value: unknown): value is Country {
  return typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);
}
