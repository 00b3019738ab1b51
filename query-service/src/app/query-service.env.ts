import { z } from 'zod';

// Distributed mode's configuration, parsed once at start (style.md, "Contracts typed end to end").
const envSchema = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  // Without Redis the wake-ups go through PostgreSQL LISTEN/NOTIFY on the same database.
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3002),
  HOST: z.string().min(1).default('0.0.0.0'),
  PG_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  WEB_VERSION: z.string().optional(),
  ANDROID_VERSION: z.string().optional(),
  IOS_VERSION: z.string().optional(),
  // Limits of the realtime socket /v5/ws (ADR 0009, issue 12).
  WS_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(20_000),
  WS_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(300),
  LIVE_CATCH_UP_SCAN_LIMIT: z.coerce.number().int().min(1).max(100_000).default(1_000),
});

export type QueryServiceEnv = z.infer<typeof envSchema>;

export function parseQueryServiceEnv(env: NodeJS.ProcessEnv): QueryServiceEnv {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.') || 'env'}: ${issue.message}`);
  throw new Error(`query-service configuration is invalid:\n${problems.join('\n')}`);
}
