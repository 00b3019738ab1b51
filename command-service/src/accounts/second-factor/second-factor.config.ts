import { z } from 'zod';

// Parsed once at start (style.md, config). The RP id is the site's registrable domain; the
// origins are the exact scheme://host[:port] values the browser reports in clientDataJSON.
const schema = z.object({
  WEBAUTHN_RP_ID: z.string().regex(/^[a-z0-9.-]+$/, 'must be a host name such as planwerk.example').default('localhost'),
  WEBAUTHN_ORIGIN: z.string().default('http://localhost:8080')
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter((origin) => origin !== ''))
    .pipe(z.array(z.url()).min(1)),
  WEBAUTHN_RP_NAME: z.string().min(1).default('Planwerk'),
  TOTP_ISSUER: z.string().min(1).default('Planwerk'),
});

export interface SecondFactorConfig {
  rpId: string;
  origins: string[];
  rpName: string;
  totpIssuer: string;
}

export function parseSecondFactorConfig(env: NodeJS.ProcessEnv): SecondFactorConfig {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`second factor: invalid environment\n${problems}`);
  }
  const env_ = result.data;
  return { rpId: env_.WEBAUTHN_RP_ID, origins: env_.WEBAUTHN_ORIGIN, rpName: env_.WEBAUTHN_RP_NAME, totpIssuer: env_.TOTP_ISSUER };
}

/**
 * The relying party of a site that knows its own URL (embedded mode): unless WEBAUTHN_RP_ID
 * and WEBAUTHN_ORIGIN pin them, passkeys are bound to the host and origin the browser opens,
 * so that a site on another port or behind its public URL does not refuse every passkey for
 * the default origin's sake.
 */
export function secondFactorConfigForSite(env: NodeJS.ProcessEnv, site: URL): SecondFactorConfig {
  const config = parseSecondFactorConfig(env);
  return {
    ...config,
    rpId: env.WEBAUTHN_RP_ID === undefined ? site.hostname : config.rpId,
    origins: env.WEBAUTHN_ORIGIN === undefined ? [site.origin] : config.origins,
  };
}
