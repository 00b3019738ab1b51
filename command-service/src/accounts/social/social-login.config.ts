import { z } from 'zod';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

// Plain http only for a provider on this machine (tests, a local identity provider).
function isHttpsOrLoopback(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname));
}

export const socialProviderConfigSchema = z.object({
  // The name the client sends (`google`, `apple`, `facebook`, ...); it also picks 6002/6003/6012.
  name: z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, 'lower-case letters, digits, - and _'),
  issuer: z.url().refine(isHttpsOrLoopback, 'must be https (http only on a loopback host)'),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  scopes: z.array(z.string().regex(/^[\x21-\x7e]+$/)).default(['openid', 'email', 'profile'])
    .refine((scopes) => scopes.includes('openid'), 'must include openid'),
});

export type SocialProviderConfig = z.infer<typeof socialProviderConfigSchema>;

const envSchema = z.object({
  SOCIAL_PROVIDERS: z.string().default('[]').transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
      return z.NEVER;
    }
  }).pipe(z.array(socialProviderConfigSchema).refine(
    (providers) => new Set(providers.map((p) => p.name)).size === providers.length,
    'provider names must be unique',
  )),
  // The redirect URI is `${PUBLIC_URL}/callback`: from configuration, never from the Host header.
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  // Origins a login may start from; the public origin when unset.
  SOCIAL_ALLOWED_ORIGINS: z.string().optional(),
  SOCIAL_LOGIN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
});

export interface SocialLoginConfig {
  providers: SocialProviderConfig[];
  redirectUri: string;
  allowedOrigins: string[];
  attemptTtlSeconds: number;
}

export function parseSocialLoginConfig(env: NodeJS.ProcessEnv): SocialLoginConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`social login: invalid environment\n${problems}`);
  }
  const { SOCIAL_PROVIDERS, PUBLIC_URL, SOCIAL_ALLOWED_ORIGINS, SOCIAL_LOGIN_TTL_SECONDS } = result.data;
  const origins = SOCIAL_ALLOWED_ORIGINS?.split(',').map((o) => o.trim()).filter((o) => o !== '') ?? [PUBLIC_URL];
  return {
    providers: SOCIAL_PROVIDERS,
    redirectUri: `${PUBLIC_URL.replace(/\/+$/, '')}/callback`,
    allowedOrigins: origins.map(normalizeOrigin),
    attemptTtlSeconds: SOCIAL_LOGIN_TTL_SECONDS,
  };
}

/** `scheme://host[:port]` of a URL; throws for anything that is not an absolute http(s) URL. */
export function normalizeOrigin(value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`${value} is not an http(s) origin`);
  return url.origin;
}
