import { z } from 'zod';

// Parsed once at start; a missing or wrong variable stops the process with a readable list.
const schema = z.object({
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3001),
  HOST: z.string().default('0.0.0.0'),
  /** Base64 of 32 bytes; without it personal data in events is not encrypted. */
  PERSONAL_DATA_MASTER_KEY: z.string().min(1).optional(),
  LOG_REQUESTS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});

export type CommandServiceConfig = z.infer<typeof schema>;

export function parseCommandServiceConfig(env: NodeJS.ProcessEnv): CommandServiceConfig {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
  throw new Error(`command-service: invalid environment\n${problems}`);
}
