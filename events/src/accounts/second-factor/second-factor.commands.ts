import { z } from 'zod';

// A TOTP code (6 digits) or a recovery code (XXXX-XXXX-XXXX-XXXX, dashes and case ignored).
export const secondFactorCodeSchema = z.string().trim().min(6).max(32).regex(/^[0-9A-Za-z -]+$/);

// POST /v5/auth/2fa/confirm, /disable, /recovery — the settings actions that need a code.
export const secondFactorCodeBody = z.object({ code: secondFactorCodeSchema });
export type SecondFactorCodeBody = z.infer<typeof secondFactorCodeBody>;

// POST /v5/auth/secure — spec section 5: "Two-factor needs mode, code, state."
export const secureLoginBody = z.object({
  mode: z.enum(['2fa', 'recovery']),
  code: secondFactorCodeSchema,
  state: z.string().min(16).max(512),
  device: z.string().max(128).optional(),
  name: z.string().max(512).default(''),
});
export type SecureLoginBody = z.infer<typeof secureLoginBody>;

const base64url = z.string().min(1).max(16_384).regex(/^[A-Za-z0-9_-]+$/);

// PUT /v5/webauthn/register: the browser's RegistrationResponseJSON plus the challenge id.
export const registerPasskeyBody = z.object({
  id: z.uuid(),
  name: z.string().trim().max(100).default(''),
  credential: z.object({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: base64url,
      attestationObject: base64url,
      transports: z.array(z.string().max(32)).max(10).optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  }),
});
export type RegisterPasskeyBody = z.infer<typeof registerPasskeyBody>;

// PUT /v5/webauthn/login — exactly the fields of spec section 7; `id` is the challenge id that
// POST /v5/webauthn/login answered, `rawId` the credential.
export const passkeyLoginBody = z.object({
  rawId: base64url,
  clientDataJSON: base64url,
  authenticatorData: base64url,
  signature: base64url,
  userHandle: base64url,
  id: z.uuid(),
});
export type PasskeyLoginBody = z.infer<typeof passkeyLoginBody>;
