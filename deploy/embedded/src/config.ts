import { resolve } from 'node:path';
import { z } from 'zod';

// Configuration is parsed once at start and fails with a readable list of what is wrong.
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  KAFKA_BROKERS: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  WEB_ROOT: z.string().optional(),
  PERSONAL_DATA_MASTER_KEY: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  // Embedded mode is the developer's machine: developer tools (/dev) on unless set to false.
  // Developer tools (the local mailbox at /dev) default on only while mails stay local.
  PLANWERK_DEV_MODE: z.stringbool().optional(),
});

export type EmbeddedConfig = z.infer<typeof schema>;

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
