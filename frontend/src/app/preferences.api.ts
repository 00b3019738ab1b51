import type { getUserPreferencesEndpoint, putUserPreferencesEndpoint } from '@planwerk/events/accounts/account-self-service.endpoints';
import { api } from './api';
import { fromContract, route, type RequestOf, type ResponseOf } from './contract';

// Shared preferences saved per user (spec sections 1 and 3): theme, sidebar mode, grid or list
// view, shortcut list — GET/PUT /v5/user/{uid}/ui. The types come from the declarations.
type UserPreferences = ResponseOf<typeof getUserPreferencesEndpoint>;
export type SidebarMode = UserPreferences['sidebar'];
export type Shortcut = UserPreferences['shortcut'][number];
type PutBody = RequestOf<typeof putUserPreferencesEndpoint>['body'];
/** The settings a PUT with `mode: settings` changes. */
export type PreferenceChange = Extract<PutBody, { mode: 'settings' }>['data'];

export const preferencesApi = api.enhanceEndpoints({ addTagTypes: ['UserPreferences'] }).injectEndpoints({
  endpoints: (build) => ({
    getUserPreferences: build.query({
      ...fromContract(route<typeof getUserPreferencesEndpoint>('GET /v5/user/{uid}/ui'), (uid: string) => ({ params: { uid } })),
      providesTags: ['UserPreferences'],
    }),
    saveUserPreferences: build.mutation({
      ...fromContract(route<typeof putUserPreferencesEndpoint>('PUT /v5/user/{uid}/ui'), ({ uid, data }: { uid: string; data: PreferenceChange }) => ({
        params: { uid }, body: { mode: 'settings' as const, data },
      })),
      invalidatesTags: ['UserPreferences'],
    }),
  }),
});

export const { useGetUserPreferencesQuery, useSaveUserPreferencesMutation } = preferencesApi;
