import { api } from '../../app/api';
import type { SessionAnswer } from '../../app/auth.api';

// The account calls of spec section 7 (events/src/accounts/*.endpoints.ts).
export type LoginAnswer = SessionAnswer | { mode: '2fa'; state: string };

export interface SignUpBody {
  mail: string;
  vorname: string;
  nachname: string;
  pass: string;
  pass2: string;
  terms: boolean;
  privacy: boolean;
  cookies: boolean;
  age: boolean;
  parentMail?: string;
  lang: 'de' | 'en' | 'fr' | 'it';
}

export interface LogInBody {
  mail: string;
  pass: string;
  device: string;
  name: string;
}

export interface SecureLoginBody {
  mode: '2fa' | 'recovery';
  code: string;
  state: string;
  device: string;
  name: string;
}

/** PublicKeyCredentialRequestOptionsJSON (conf) and the challenge id. */
export interface WebAuthnOptions {
  conf: Record<string, unknown>;
  id: string;
}

export interface PasskeyLoginBody {
  rawId: string;
  clientDataJSON: string;
  authenticatorData: string;
  signature: string;
  userHandle: string;
  id: string;
}

export interface SocialLoginAnswer {
  action: 'login' | 'setup';
  setup: { uid: string; mail: string; vorname: string; nachname: string; provider: string } | null;
  uid: string;
  token: string;
  origin: string;
}

export interface CompleteSocialLoginBody {
  state: string;
  device: string;
  name: string;
  code?: string;
  iss?: string;
  error?: string;
  error_description?: string;
}

export function isSessionAnswer(answer: LoginAnswer): answer is SessionAnswer {
  return 'token' in answer;
}

export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    signUp: build.mutation<{ uid: string }, SignUpBody>({
      query: (body) => ({ url: 'auth', method: 'POST', body }),
    }),
    activateAccount: build.mutation<{ active: boolean }, { token: string }>({
      query: (body) => ({ url: 'auth/activate', method: 'POST', body }),
    }),
    confirmParentConsent: build.mutation<{ active: boolean }, { token: string }>({
      query: (body) => ({ url: 'auth/parent-confirm', method: 'POST', body }),
    }),
    logIn: build.mutation<LoginAnswer, LogInBody>({
      query: (body) => ({ url: 'auth', method: 'PUT', body }),
    }),
    secureLogin: build.mutation<SessionAnswer, SecureLoginBody>({
      query: (body) => ({ url: 'auth/secure', method: 'POST', body }),
    }),
    startPasskeyLogin: build.mutation<WebAuthnOptions, void>({
      query: () => ({ url: 'webauthn/login', method: 'POST' }),
    }),
    finishPasskeyLogin: build.mutation<SessionAnswer, PasskeyLoginBody>({
      query: (body) => ({ url: 'webauthn/login', method: 'PUT', body }),
    }),
    startSocialLogin: build.mutation<{ url: string }, { provider: string; origin: string }>({
      query: (body) => ({ url: 'auth/social/login', method: 'POST', body }),
    }),
    completeSocialLogin: build.mutation<SocialLoginAnswer, CompleteSocialLoginBody>({
      query: (body) => ({ url: 'auth/social/state', method: 'POST', body }),
    }),
    requestPasswordReset: build.mutation<{ requested: true }, { mail: string }>({
      query: (body) => ({ url: 'auth/reset', method: 'POST', body }),
    }),
    resetPassword: build.mutation<{ changed: true; endedSessions: number }, { token: string; pass: string; pass2: string; signOutEverywhere: boolean }>({
      query: (body) => ({ url: 'auth/reset', method: 'PUT', body }),
    }),
    exportAccountData: build.mutation<Record<string, unknown>, void>({
      query: () => ({ url: 'user/data', method: 'GET' }),
    }),
  }),
});

export const {
  useSignUpMutation, useActivateAccountMutation, useConfirmParentConsentMutation, useLogInMutation,
  useSecureLoginMutation, useStartPasskeyLoginMutation, useFinishPasskeyLoginMutation, useStartSocialLoginMutation,
  useCompleteSocialLoginMutation, useRequestPasswordResetMutation, useResetPasswordMutation, useExportAccountDataMutation,
} = accountsApi;
