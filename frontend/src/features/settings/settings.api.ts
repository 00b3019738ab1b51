import { api } from '../../app/api';
import type { WebAuthnOptions } from '../accounts';

// The account's own settings (events/src/accounts/account-self-service.endpoints.ts and
// second-factor/second-factor.endpoints.ts).
export interface SessionListItem {
  id: string;
  device: string;
  deviceId: string;
  method: string;
  created: string;
  lastUsed: string;
  current: boolean;
}

export interface Passkey {
  credentialId: string;
  name: string | null;
  transports: string[];
  registeredAt: string;
  lastUsedAt: string | null;
}

export interface SecondFactorStatus {
  totp: { enabled: boolean; pending: boolean; recoveryCodesLeft: number };
  passkeys: Passkey[];
}

export interface TotpSetup {
  secret: string;
  url: string;
  qr: string;
}

export interface RegisterPasskeyBody {
  id: string;
  name: string;
  credential: {
    id: string;
    rawId: string;
    type: 'public-key';
    response: { clientDataJSON: string; attestationObject: string; transports?: string[] };
    authenticatorAttachment?: 'platform' | 'cross-platform';
    clientExtensionResults: Record<string, unknown>;
  };
}

export const settingsApi = api.enhanceEndpoints({ addTagTypes: ['UserSessions', 'SecondFactor'] }).injectEndpoints({
  endpoints: (build) => ({
    listUserSessions: build.query<SessionListItem[], void>({
      query: () => 'user/sessions',
      transformResponse: (body: { sessions: SessionListItem[] }) => body.sessions,
      providesTags: ['UserSessions'],
    }),
    endUserSession: build.mutation<{ ended: number }, string>({
      query: (sessionId) => ({ url: `user/sessions/${encodeURIComponent(sessionId)}`, method: 'DELETE' }),
      invalidatesTags: ['UserSessions'],
    }),
    endOtherUserSessions: build.mutation<{ ended: number }, void>({
      query: () => ({ url: 'user/sessions', method: 'DELETE', params: { others: 'true' } }),
      invalidatesTags: ['UserSessions'],
    }),
    getSecondFactorStatus: build.query<SecondFactorStatus, void>({
      query: () => 'auth/2fa',
      providesTags: ['SecondFactor'],
    }),
    setUpTotp: build.mutation<TotpSetup, void>({
      query: () => ({ url: 'auth/2fa/setup', method: 'POST' }),
    }),
    confirmTotp: build.mutation<{ recoveryCodes: string[] }, { code: string }>({
      query: (body) => ({ url: 'auth/2fa/confirm', method: 'POST', body }),
      invalidatesTags: ['SecondFactor'],
    }),
    disableTotp: build.mutation<unknown, { code: string }>({
      query: (body) => ({ url: 'auth/2fa/disable', method: 'POST', body }),
      invalidatesTags: ['SecondFactor'],
    }),
    regenerateRecoveryCodes: build.mutation<{ recoveryCodes: string[] }, { code: string }>({
      query: (body) => ({ url: 'auth/2fa/recovery', method: 'POST', body }),
      invalidatesTags: ['SecondFactor'],
    }),
    startPasskeyRegistration: build.mutation<WebAuthnOptions, void>({
      query: () => ({ url: 'webauthn/register', method: 'POST' }),
    }),
    finishPasskeyRegistration: build.mutation<{ credentialId: string }, RegisterPasskeyBody>({
      query: (body) => ({ url: 'webauthn/register', method: 'PUT', body }),
      invalidatesTags: ['SecondFactor'],
    }),
    removePasskey: build.mutation<unknown, string>({
      query: (credentialId) => ({ url: `webauthn/passkeys/${encodeURIComponent(credentialId)}`, method: 'DELETE' }),
      invalidatesTags: ['SecondFactor'],
    }),
    deleteAccount: build.mutation<{ erased: true }, { pass: string; code?: string; mode: '2fa' | 'recovery' }>({
      query: (body) => ({ url: 'user', method: 'DELETE', body }),
    }),
  }),
});

export const {
  useListUserSessionsQuery, useEndUserSessionMutation, useEndOtherUserSessionsMutation, useGetSecondFactorStatusQuery,
  useSetUpTotpMutation, useConfirmTotpMutation, useDisableTotpMutation, useRegenerateRecoveryCodesMutation,
  useStartPasskeyRegistrationMutation, useFinishPasskeyRegistrationMutation, useRemovePasskeyMutation, useDeleteAccountMutation,
} = settingsApi;
