import { resolve } from 'node:path';
import { isLoopbackAddress, parseTrustedProxies } from '@planwerk/platform';
import { z } from 'zod';

// Configuration is parsed once at start and fails with a readable list of what is wrong.
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // Loopback by default: the console, the API and the dev mailbox stay on this machine unless
  // HOST says otherwise (e.g. 0.0.0.0 in a container).
  HOST: z.string().min(1).default('127.0.0.1'),
  // Reverse proxies in front of the gateway whose X-Forwarded-* are believed (CIDR list).
  TRUSTED_PROXIES: z.string().optional().refine((value) => {
    try {
      parseTrustedProxies(value);
      return true;
    } catch {
      return false;
    }
  }, 'must be a comma-separated list of IP addresses or CIDR ranges'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  KAFKA_BROKERS: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  WEB_ROOT: z.string().optional(),
  PERSONAL_DATA_MASTER_KEY: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().optional(),
  SUPPORT_MAIL: z.string().trim().email().optional(),
  PUBLIC_URL: z.string().url().optional(),
  // Developer tools (the local mailbox at /dev): on when set to true; unset, on only while mails
  // stay local (no SMTP_URL) AND the product listens on loopback only (`devModeOf`).
  PLANWERK_DEV_MODE: z.stringbool().optional(),
});

export type EmbeddedConfig = z.infer<typeof schema>;

/** Whether HOST binds this machine only. */
export function bindsLoopbackOnly(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}

/** PLANWERK_DEV_MODE when set; otherwise on only without SMTP_URL and on a loopback HOST. */
export function devModeOf(config: Pick<EmbeddedConfig, 'PLANWERK_DEV_MODE' | 'SMTP_URL' | 'HOST'>): boolean {
  return config.PLANWERK_DEV_MODE ?? (!config.SMTP_URL && bindsLoopbackOnly(config.HOST));
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): EmbeddedConfig {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function repoRoot(): string {
  return resolve(__dirname, '..', '..', '..');
}
