import type {
  activateAccountEndpoint, confirmParentConsentEndpoint, logInEndpoint, registerEndpoint,
} from '@planwerk/events/accounts/account.endpoints';
import type {
  exportAccountDataEndpoint, requestPasswordResetEndpoint, resetPasswordEndpoint,
} from '@planwerk/events/accounts/account-self-service.endpoints';
import type {
  finishPasskeyLoginEndpoint, secureLoginEndpoint, startPasskeyLoginEndpoint,
} from '@planwerk/events/accounts/second-factor/second-factor.endpoints';
import type { completeSocialLoginEndpoint, startSocialLoginEndpoint } from '@planwerk/events/accounts/social/social.endpoints';
import { api } from '../../app/api';
import { fromContract, route, type RequestOf, type ResponseOf } from '../../app/contract';

// The account calls of spec section 7 (events/src/accounts/*.endpoints.ts); the types come from
// the declarations.
type LoginAnswer = ResponseOf<typeof logInEndpoint>;
type SessionOf<A> = A extends { token: string } ? A : never;

/** PublicKeyCredentialRequestOptionsJSON (conf) and the challenge id. */
export type WebAuthnOptions = ResponseOf<typeof startPasskeyLoginEndpoint>;

export function isSessionAnswer(answer: LoginAnswer): answer is SessionOf<LoginAnswer> {
  return 'token' in answer;
}

const bodyOnly = <B>(body: B) => ({ params: {}, body });

export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation({
      ...fromContract(route<typeof registerEndpoint>('POST /v5/auth'), bodyOnly<RequestOf<typeof registerEndpoint>['body']>),
    }),
    activateAccount: build.mutation({
      ...fromContract(route<typeof activateAccountEndpoint>('POST /v5/auth/activate'), bodyOnly<RequestOf<typeof activateAccountEndpoint>['body']>),
    }),
    confirmParentConsent: build.mutation({
      ...fromContract(route<typeof confirmParentConsentEndpoint>('POST /v5/auth/parent-confirm'), bodyOnly<RequestOf<typeof confirmParentConsentEndpoint>['body']>),
    }),
    logIn: build.mutation({
      ...fromContract(route<typeof logInEndpoint>('PUT /v5/auth'), bodyOnly<RequestOf<typeof logInEndpoint>['body']>),
    }),
    secureLogin: build.mutation({
      ...fromContract(route<typeof secureLoginEndpoint>('POST /v5/auth/secure'), bodyOnly<RequestOf<typeof secureLoginEndpoint>['body']>),
    }),
    startPasskeyLogin: build.mutation({
      ...fromContract(route<typeof startPasskeyLoginEndpoint>('POST /v5/webauthn/login'), (_: void) => ({ params: {} })),
    }),
    finishPasskeyLogin: build.mutation({
      ...fromContract(route<typeof finishPasskeyLoginEndpoint>('PUT /v5/webauthn/login'), bodyOnly<RequestOf<typeof finishPasskeyLoginEndpoint>['body']>),
    }),
    startSocialLogin: build.mutation({
      ...fromContract(route<typeof startSocialLoginEndpoint>('POST /v5/auth/social/login'), bodyOnly<RequestOf<typeof startSocialLoginEndpoint>['body']>),
    }),
    completeSocialLogin: build.mutation({
      ...fromContract(route<typeof completeSocialLoginEndpoint>('POST /v5/auth/social/state'), bodyOnly<RequestOf<typeof completeSocialLoginEndpoint>['body']>),
    }),
    requestPasswordReset: build.mutation({
      ...fromContract(route<typeof requestPasswordResetEndpoint>('POST /v5/auth/reset'), bodyOnly<RequestOf<typeof requestPasswordResetEndpoint>['body']>),
    }),
    resetPassword: build.mutation({
      ...fromContract(route<typeof resetPasswordEndpoint>('PUT /v5/auth/reset'), bodyOnly<RequestOf<typeof resetPasswordEndpoint>['body']>),
    }),
    exportAccountData: build.mutation({
      ...fromContract(route<typeof exportAccountDataEndpoint>('GET /v5/user/data'), (_: void) => ({ params: {} })),
    }),
  }),
});

export const {
  useRegisterMutation, useActivateAccountMutation, useConfirmParentConsentMutation, useLogInMutation,
  useSecureLoginMutation, useStartPasskeyLoginMutation, useFinishPasskeyLoginMutation, useStartSocialLoginMutation,
  useCompleteSocialLoginMutation, useRequestPasswordResetMutation, useResetPasswordMutation, useExportAccountDataMutation,
} = accountsApi;
