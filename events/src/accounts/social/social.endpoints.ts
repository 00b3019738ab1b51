import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint';
import { completeSocialLoginBody, socialLoginActionSchema, socialUserSetupSchema, startSocialLoginBody } from './social.commands';

export const startSocialLoginEndpoint = defineEndpoint({
  operationId: 'startSocialLogin',
  method: 'POST',
  path: '/v5/auth/social/login',
  service: 'command',
  idempotencyKey: 'ignored',
  tag: 'accounts',
  summary: 'Start a social login (OpenID Connect): the provider authorization URL with state, nonce and PKCE',
  body: startSocialLoginBody,
  response: z.object({ url: z.string().url() }),
});

export const completeSocialLoginEndpoint = defineEndpoint({
  operationId: 'completeSocialLogin',
  method: 'POST',
  path: '/v5/auth/social/state',
  service: 'command',
  idempotencyKey: 'ignored',
  tag: 'accounts',
  summary: 'Finish a social login: exchange the code, verify the ID token, log in or set up the account',
  body: completeSocialLoginBody,
  response: z.object({
    action: socialLoginActionSchema,
    // Prefilled user set-up for a new account; null for a known identity.
    setup: socialUserSetupSchema.nullable(),
    uid: z.string().uuid(),
    // `token.device`, as the password login answers (spec section 7).
    token: z.string(),
    origin: z.string(),
    checkpoint: z.string(),
  }),
});

export const socialEndpoints = [startSocialLoginEndpoint, completeSocialLoginEndpoint] as const;
