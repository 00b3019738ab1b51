import type {
  deleteAccountEndpoint, endOtherUserSessionsEndpoint, endUserSessionEndpoint, listUserSessionsEndpoint,
} from '@planwerk/events/accounts/account-self-service.endpoints';
import type {
  confirmTotpEndpoint, disableTotpEndpoint, finishPasskeyRegistrationEndpoint, getSecondFactorStatusEndpoint,
  regenerateRecoveryCodesEndpoint, removePasskeyEndpoint, setUpTotpEndpoint, startPasskeyRegistrationEndpoint,
} from '@planwerk/events/accounts/second-factor/second-factor.endpoints';
import { api } from '../../app/api';
import { fromContract, route, type RequestOf } from '../../app/contract';

// The account's own settings (events/src/accounts/account-self-service.endpoints.ts and
// second-factor/second-factor.endpoints.ts); the types come from the declarations.
type CodeBody = RequestOf<typeof confirmTotpEndpoint>['body'];

export const settingsApi = api.enhanceEndpoints({ addTagTypes: ['UserSessions', 'SecondFactor'] }).injectEndpoints({
  endpoints: (build) => ({
    listUserSessions: build.query({
      ...fromContract(route<typeof listUserSessionsEndpoint>('GET /v5/user/sessions'), (_: void) => ({ params: {} }), (answer) => answer.sessions),
      providesTags: ['UserSessions'],
    }),
    endUserSession: build.mutation({
      ...fromContract(route<typeof endUserSessionEndpoint>('DELETE /v5/user/sessions/{sessionId}'), (sessionId: string) => ({ params: { sessionId } })),
      invalidatesTags: ['UserSessions'],
    }),
    endOtherUserSessions: build.mutation({
      ...fromContract(route<typeof endOtherUserSessionsEndpoint>('DELETE /v5/user/sessions'), (_: void) => ({ params: {}, query: { others: 'true' as const } })),
      invalidatesTags: ['UserSessions'],
    }),
    getSecondFactorStatus: build.query({
      ...fromContract(route<typeof getSecondFactorStatusEndpoint>('GET /v5/auth/2fa'), (_: void) => ({ params: {} })),
      providesTags: ['SecondFactor'],
    }),
    setUpTotp: build.mutation({
      ...fromContract(route<typeof setUpTotpEndpoint>('POST /v5/auth/2fa/setup'), (_: void) => ({ params: {} })),
    }),
    confirmTotp: build.mutation({
      ...fromContract(route<typeof confirmTotpEndpoint>('POST /v5/auth/2fa/confirm'), (body: CodeBody) => ({ params: {}, body })),
      invalidatesTags: ['SecondFactor'],
    }),
    disableTotp: build.mutation({
      ...fromContract(route<typeof disableTotpEndpoint>('POST /v5/auth/2fa/disable'), (body: RequestOf<typeof disableTotpEndpoint>['body']) => ({ params: {}, body })),
      invalidatesTags: ['SecondFactor'],
    }),
    regenerateRecoveryCodes: build.mutation({
      ...fromContract(route<typeof regenerateRecoveryCodesEndpoint>('POST /v5/auth/2fa/recovery'), (body: RequestOf<typeof regenerateRecoveryCodesEndpoint>['body']) => ({ params: {}, body })),
      invalidatesTags: ['SecondFactor'],
    }),
    startPasskeyRegistration: build.mutation({
      ...fromContract(route<typeof startPasskeyRegistrationEndpoint>('POST /v5/webauthn/register'), (_: void) => ({ params: {} })),
    }),
    finishPasskeyRegistration: build.mutation({
      ...fromContract(route<typeof finishPasskeyRegistrationEndpoint>('PUT /v5/webauthn/register'), (body: RequestOf<typeof finishPasskeyRegistrationEndpoint>['body']) => ({ params: {}, body })),
      invalidatesTags: ['SecondFactor'],
    }),
    removePasskey: build.mutation({
      ...fromContract(route<typeof removePasskeyEndpoint>('DELETE /v5/webauthn/passkeys/{credentialId}'), (credentialId: string) => ({ params: { credentialId } })),
      invalidatesTags: ['SecondFactor'],
    }),
    deleteAccount: build.mutation({
      ...fromContract(route<typeof deleteAccountEndpoint>('DELETE /v5/user'), (body: RequestOf<typeof deleteAccountEndpoint>['body']) => ({ params: {}, body })),
    }),
  }),
});

export const {
  useListUserSessionsQuery, useEndUserSessionMutation, useEndOtherUserSessionsMutation, useGetSecondFactorStatusQuery,
  useSetUpTotpMutation, useConfirmTotpMutation, useDisableTotpMutation, useRegenerateRecoveryCodesMutation,
  useStartPasskeyRegistrationMutation, useFinishPasskeyRegistrationMutation, useRemovePasskeyMutation, useDeleteAccountMutation,
} = settingsApi;
