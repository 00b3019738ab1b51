import type { logOutEndpoint, restoreSessionEndpoint } from '@planwerk/events/accounts/account.endpoints';
import { api } from './api';
import type { AccountUser } from './auth.slice';
import { fromContract, route, type RequestOf, type ResponseOf } from './contract';

// The calls of the login session that the shell itself makes (spec sections 4 and 7); the types
// come from the declarations (events/src/accounts/account.endpoints.ts).
// The session the shell keeps: the user as the slice stores it (it also comes from other tabs).
export type SessionAnswer = Omit<ResponseOf<typeof restoreSessionEndpoint>, 'user'> & { user: AccountUser };

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    restoreSession: build.mutation({
      ...fromContract(route<typeof restoreSessionEndpoint>('PUT /v5/auth/token'), (body: RequestOf<typeof restoreSessionEndpoint>['body']) => ({ params: {}, body })),
    }),
    logOut: build.mutation({
      ...fromContract(route<typeof logOutEndpoint>('POST /v5/auth/logout'), (body: RequestOf<typeof logOutEndpoint>['body']) => ({ params: {}, body })),
    }),
  }),
});
