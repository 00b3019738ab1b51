import type { Theme } from '@planwerk/events/constants';
import { api } from './api';

// Shared preferences saved per user (spec sections 1 and 3): theme, sidebar mode, grid or list
// view, shortcut list — GET/PUT /v5/user/{uid}/ui.
export type SidebarMode = 1 | 2;
export type ViewOption = 'grid' | 'list';

export interface Shortcut {
  type: string;
  data: { id: string | number };
  hash: string | null;
}

export interface UserPreferences {
  theme: Theme;
  sidebar: SidebarMode;
  viewOpt: ViewOption;
  shortcut: Shortcut[];
}

export type PreferenceChange = Partial<Pick<UserPreferences, 'theme' | 'sidebar' | 'viewOpt'>>;

export const preferencesApi = api.enhanceEndpoints({ addTagTypes: ['UserPreferences'] }).injectEndpoints({
  endpoints: (build) => ({
    getUserPreferences: build.query<UserPreferences, string>({
      query: (uid) => `user/${encodeURIComponent(uid)}/ui`,
      providesTags: ['UserPreferences'],
    }),
    saveUserPreferences: build.mutation<UserPreferences, { uid: string; data: PreferenceChange }>({
      query: ({ uid, data }) => ({ url: `user/${encodeURIComponent(uid)}/ui`, method: 'PUT', body: { mode: 'settings', data } }),
      invalidatesTags: ['UserPreferences'],
    }),
  }),
});

export const { useGetUserPreferencesQuery, useSaveUserPreferencesMutation } = preferencesApi;
