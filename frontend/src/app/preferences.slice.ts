import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_THEME, isTheme, resolveLanguage, type Language, type Theme } from '@planwerk/events/constants';

// The console offers de, en, fr and it. fx, the translators' pseudo-language that shows message
// ids, is a switch on top of the chosen language (reachable only with Shift, spec section 9), so
// the language sent to the server stays a real one.
export const CONSOLE_LANGUAGES = ['de', 'en', 'fr', 'it'] as const satisfies readonly Language[];
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

// Stored sidebar modes 1 (follows the route) and 2 (always pinned), spec sections 4 and 9.
export type SidebarPreference = 1 | 2;
export type ViewPreference = 'grid' | 'list';

export interface PreferencesState {
  language: ConsoleLanguage;
  /** fx: message ids instead of texts. */
  fx: boolean;
  theme: Theme;
  sidebar: SidebarPreference;
  viewOpt: ViewPreference;
}

const STORAGE_KEY = 'planwerk.preferences';

function toConsoleLanguage(value: unknown): ConsoleLanguage {
  const language = resolveLanguage(value);
  return (CONSOLE_LANGUAGES as readonly string[]).includes(language) ? (language as ConsoleLanguage) : 'de';
}

// First visit: the browser's language when the console has it, else German (spec section 5).
function browserLanguage(): ConsoleLanguage {
  const code = typeof navigator === 'undefined' ? '' : (navigator.language ?? '').split('-')[0];
  return code === 'fx' ? 'de' : toConsoleLanguage(code);
}

export function loadPreferences(): PreferencesState {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    const stored = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    return {
      language: stored.language === undefined ? browserLanguage() : toConsoleLanguage(stored.language),
      fx: stored.fx === true,
      theme: isTheme(stored.theme) ? stored.theme : DEFAULT_THEME,
      sidebar: stored.sidebar === 2 ? 2 : 1,
      viewOpt: stored.viewOpt === 'list' ? 'list' : 'grid',
    };
  } catch {
    return { language: 'de', fx: false, theme: DEFAULT_THEME, sidebar: 1, viewOpt: 'grid' };
  }
}

export function savePreferences(state: PreferencesState): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage blocked: preferences then last for this page only.
  }
}

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: loadPreferences,
  reducers: {
    languageChosen(state, action: PayloadAction<ConsoleLanguage>) {
      state.language = action.payload;
      state.fx = false;
    },
    translatorModeChosen(state, action: PayloadAction<boolean>) {
      state.fx = action.payload;
    },
    themeChosen(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
    },
    sidebarModeChosen(state, action: PayloadAction<SidebarPreference>) {
      state.sidebar = action.payload;
    },
    viewOptionChosen(state, action: PayloadAction<ViewPreference>) {
      state.viewOpt = action.payload;
    },
  },
});

export const { languageChosen, translatorModeChosen, themeChosen, sidebarModeChosen, viewOptionChosen } = preferencesSlice.actions;
