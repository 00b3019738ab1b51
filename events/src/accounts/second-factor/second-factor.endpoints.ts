import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint';
import { accountUserSchema } from '../account.endpoints';
import { passkeyLoginBody, registerPasskeyBody, secondFactorCodeBody, secureLoginBody } from './second-factor.commands';

const checkpoint = z.string();
// The login answer is the accounts core's: the session token (`token.device`) and the user data,
// as the password login answers it.
export const secondFactorLoginAnswerSchema = z.object({ token: z.string(), user: accountUserSchema });
// PublicKeyCredential{Creation,Request}OptionsJSON for navigator.credentials.
const webAuthnOptions = z.object({ conf: z.record(z.string(), z.unknown()), id: z.uuid() });

export const getSecondFactorStatusEndpoint = defineEndpoint({
  operationId: 'getSecondFactorStatus',
  method: 'GET',
  path: '/v5/auth/2fa',
  // Read from the account's own streams by the command side (settings need it before acting).
  service: 'command',
  idempotencyKey: 'ignored',
  tag: 'accounts',
  summary: 'Second factor of the signed-in account: TOTP on or off, recovery codes left, passkeys',
  response: z.object({
    totp: z.object({ enabled: z.boolean(), pending: z.boolean(), recoveryCodesLeft: z.number().int() }),
    passkeys: z.array(z.object({
      credentialId: z.string(), name: z.string().nullable(), transports: z.array(z.string()),
      registeredAt: z.string(), lastUsedAt: z.string().nullable(),
    })),
  }),
});

export const setUpTotpEndpoint = defineEndpoint({
  operationId: 'setUpTotp',
  method: 'POST',
  path: '/v5/auth/2fa/setup',
  service: 'command',
  idempotencyKey: 'ignored',
  tag: 'accounts',
  summary: 'Start TOTP set-up: a new random secret as otpauth URL and QR code (enabled only after confirm)',
  response: z.object({ secret: z.string(), url: z.string(), qr: z.string(), checkpoint }),
});

export const confirmTotpEndpoint = defineEndpoint({
  operationId: 'confirmTotp',
  method: 'POST',
  path: '/v5/auth/2fa/confirm',
  service: 'command',
  idempotencyKey: 'ignored',
  tag: 'accounts',
  summary: 'Confirm the TOTP set-up with a current code: enables it and shows 10 recovery codes once',
  body: secondFactorCodeBody,
  response: z.object({ recoveryCodes: z.array(z.string()), checkpoint }),
});

export const disableTotpEndpoint = defineEndpoint({
  operationId: 'disableTotp',
  method: 'POST',
  path: '/v5/auth/2fa/disable',
  service: 'command',
  idempotencyKey: 'ignored',
  tag: 'accounts',
  summary: 'Disable TOTP with a current code or a recovery code',
  body: secondFactorCodeBody,
  response: z.object({ checkpoint }),
});

export const regenerateRecoveryCodesEndpoint = defineEndpoint({
  operationId: 'regenerateRecoveryCodes',
  method: 'POST',
  path: '/v5/auth/2fa/recovery',
  service: 'command',
  idempotencyKey: 'ignored',
  tag: 'accounts',
  summary: 'Replace all recovery codes (needs a current TOTP code); the new ones are shown once',
  body: secondFactorCodeBody,
  response: z.object({ recoveryCodes: z.array(z.string()), checkpoint }),
});

export const secureLoginEndpoint = defineEndpoint({
  operationId: 'secureLogin',
  method: 'POST',
  path: '/v5/auth/secure',
  service: 'command',
  idempotencyKey: 'ignored',
  tag: 'accounts',
  summary: 'Second step of a login that answered mode 2fa: TOTP or recovery code with the login state',
  body: secureLoginBody,
  response: secondFactorLoginAnswerSchema,
});

export const startPasskeyRegistrationEndpoint = defineEndpoint({
  operationId: 'startPasskeyRegistration',
  method: 'POST',
  path: '/v5/webauthn/register',
  service: 'command',
  idempotencyKey: 'ignored',
  tag: 'accounts',
  summary: 'Registration options for a new passkey with a single-use challenge (conf) and its id',
  response: webAuthnOptions,
});

export const finishPasskeyRegistrationEndpoint = defineEndpoint({
  operationId: 'finishPasskeyRegistration',
  method: 'PUT',
  path: '/v5/webauthn/register',
  service: 'command',
  idempotencyKey: 'ignored',
  tag: 'accounts',
  summary: 'Verify the authenticator\u2019s attestation and store the passkey',
  body: registerPasskeyBody,
  response: z.object({ credentialId: z.string(), checkpoint }),
});

export const removePasskeyEndpoint = defineEndpoint({
  operationId: 'removePasskey',
  method: 'DELETE',
  path: '/v5/webauthn/passkeys/{credentialId}',
  service: 'command',
  idempotencyKey: 'ignored',
  tag: 'accounts',
  summary: 'Remove one passkey of the signed-in account',
  response: z.object({ checkpoint }),
});

export const startPasskeyLoginEndpoint = defineEndpoint({
  operationId: 'startPasskeyLogin',
  method: 'POST',
  path: '/v5/webauthn/login',
  service: 'command',
  idempotencyKey: 'ignored',
  tag: 'accounts',
  summary: 'Authentication options with a single-use, expiring challenge (conf) and the challenge id',
  response: webAuthnOptions,
});

export const finishPasskeyLoginEndpoint = defineEndpoint({
  operationId: 'finishPasskeyLogin',
  method: 'PUT',
  path: '/v5/webauthn/login',
  service: 'command',
  idempotencyKey: 'ignored',
  tag: 'accounts',
  summary: 'Passwordless login with a passkey assertion (user verification required)',
  body: passkeyLoginBody,
  response: secondFactorLoginAnswerSchema,
});

export const secondFactorEndpoints = [
  getSecondFactorStatusEndpoint,
  setUpTotpEndpoint,
  confirmTotpEndpoint,
  disableTotpEndpoint,
  regenerateRecoveryCodesEndpoint,
  secureLoginEndpoint,
  startPasskeyRegistrationEndpoint,
  finishPasskeyRegistrationEndpoint,
  removePasskeyEndpoint,
  startPasskeyLoginEndpoint,
  finishPasskeyLoginEndpoint,
] as const;
