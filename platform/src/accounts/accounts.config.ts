import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { deriveAuthKeys, type AuthKeys } from './account-secrets';

export interface AccountsConfig {
  keys: AuthKeys;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  /** Activation and parent links. */
  linkLifetimeSeconds: number;
  /** `BETA_SITE=true`: only accounts approved by support may log in (6991). */
  betaSite: boolean;
  /** Base of the growing delay after repeated login failures. */
  loginDelayBaseMs: number;
}

const DAY = 86_400;
// One per process, so every service of a test process derives the same keys.
const TEST_SECRET = randomBytes(32);

const schema = z.object({
  AUTH_SECRET: z.string().min(1).optional(),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(180),
  ACCOUNT_LINK_HOURS: z.coerce.number().positive().default(72),
  BETA_SITE: z.enum(['true', 'false']).default('false'),
  LOGIN_DELAY_BASE_MS: z.coerce.number().int().min(1).default(1_000),
  NODE_ENV: z.string().optional(),
});

/**
 * Accounts configuration from the environment. AUTH_SECRET (base64, ≥ 32 bytes) is required
 * except under NODE_ENV=test, where a random per-process secret stands in.
 */
export function parseAccountsConfig(env: NodeJS.ProcessEnv): AccountsConfig {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`accounts: invalid environment\n${problems}`);
  }
  const c = result.data;
  let secret: Buffer;
  if (c.AUTH_SECRET) secret = Buffer.from(c.AUTH_SECRET, 'base64');
  else if (c.NODE_ENV === 'test') secret = TEST_SECRET;
  else throw new Error('accounts: invalid environment\n  AUTH_SECRET: required (base64 of at least 32 random bytes)');
  if (secret.length < 32) throw new Error('accounts: invalid environment\n  AUTH_SECRET: must decode to at least 32 bytes');
  const idle = c.SESSION_IDLE_DAYS * DAY;
  return {
    keys: deriveAuthKeys(secret),
    sessionIdleSeconds: idle,
    sessionAbsoluteSeconds: Math.max(idle, c.SESSION_ABSOLUTE_DAYS * DAY),
    linkLifetimeSeconds: c.ACCOUNT_LINK_HOURS * 3600,
    betaSite: c.BETA_SITE === 'true',
    loginDelayBaseMs: c.LOGIN_DELAY_BASE_MS,
  };
}
