import { api } from './api';
import type { AccountUser } from './auth.slice';

// The calls of the login session that the shell itself makes (spec sections 4 and 7).
export interface SessionAnswer {
  token: string;
  user: AccountUser;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    restoreSession: build.mutation<SessionAnswer, { token: string }>({
      query: (body) => ({ url: 'auth/token', method: 'PUT', body }),
    }),
    logOut: build.mutation<{ loggedOut: true }, { token: string }>({
      query: (body) => ({ url: 'auth/logout', method: 'POST', body }),
    }),
  }),
});
