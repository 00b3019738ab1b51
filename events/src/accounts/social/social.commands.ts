import { z } from 'zod';
import { DEVICE_ID_PATTERN } from '../../constants/versions.constants';

// POST /v5/auth/social/login — provider, origin → url (spec section 7).
export const startSocialLoginBody = z.object({
  provider: z.string().min(1).max(40),
  origin: z.string().min(1).max(2048),
});

export type StartSocialLoginBody = z.infer<typeof startSocialLoginBody>;

// POST /v5/auth/social/state — state, device → action and setup (spec section 7), plus the
// parameters of the provider's authorization response the client received on /callback.
export const completeSocialLoginBody = z.object({
  state: z.string().min(16).max(512),
  device: z.string().regex(DEVICE_ID_PATTERN, 'a device id is 10 letters or digits'),
  // Device name: the first 15 characters of the browser identifier (spec section 9).
  name: z.string().max(15).optional(),
  code: z.string().min(1).max(4096).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});

export type CompleteSocialLoginBody = z.infer<typeof completeSocialLoginBody>;

// `login`: a known identity signed in. `setup`: a new account was created from the identity
// and the client shows the user set-up (the spec's "user setup") prefilled with `setup`.
export const socialLoginActionSchema = z.enum(['login', 'setup']);
export type SocialLoginAction = z.infer<typeof socialLoginActionSchema>;

export const socialUserSetupSchema = z.object({
  uid: z.string().uuid(),
  mail: z.string(),
  vorname: z.string(),
  nachname: z.string(),
  provider: z.string(),
});

export type SocialUserSetup = z.infer<typeof socialUserSetupSchema>;
