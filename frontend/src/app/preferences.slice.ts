import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_THEME, isTheme, resolveLanguage, type Language, type Theme } from '@planwerk/events/constants';

// The console offers de, en, fr and it; fx (translator mode) comes with the messages issue.
export const CONSOLE_LANGUAGES = ['de', 'en', 'fr', 'it'] as const satisfies readonly Language[];
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

export interface PreferencesState {
  language: ConsoleLanguage;
  theme: Theme;
}

const STORAGE_KEY = 'planwerk.preferences';

function toConsoleLanguage(value: unknown): ConsoleLanguage {
  const language = resolveLanguage(value);
  return (CONSOLE_LANGUAGES as readonly string[]).includes(language) ? (language as ConsoleLanguage) : 'de';
}

export function loadPreferences(): PreferencesState {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    const stored = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    return {
      language: toConsoleLanguage(stored.language),
      theme: isTheme(stored.theme) ? stored.theme : DEFAULT_THEME,
    };
  } catch {
    return { language: 'de', theme: DEFAULT_THEME };
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
    },
    themeChosen(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
    },
  },
});

export const { languageChosen, themeChosen } = preferencesSlice.actions;
