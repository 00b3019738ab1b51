import { z } from 'zod';

const envSchema = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://user@host:port/db)'),
  REDIS_URL: z.string().min(1).optional(),
  PROJECTOR_INSTANCE_ID: z.string().min(1).optional(),
  // Needed to read personal fields of events (the projector decrypts on read).
  PERSONAL_DATA_MASTER_KEY: z.string().min(1).optional(),
});

export type ProjectorConfig = z.infer<typeof envSchema>;

/** Parsed once at start; fails with a readable list of what is missing or wrong. */
export function readProjectorConfig(env: NodeJS.ProcessEnv = process.env): ProjectorConfig {
  const parsed = envSchema.safeParse({
    DATABASE_URL: env.DATABASE_URL,
    REDIS_URL: env.REDIS_URL || undefined,
    PROJECTOR_INSTANCE_ID: env.PROJECTOR_INSTANCE_ID || undefined,
    PERSONAL_DATA_MASTER_KEY: env.PERSONAL_DATA_MASTER_KEY || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Projector configuration is incomplete:\n${problems}`);
  }
  return parsed.data;
}
