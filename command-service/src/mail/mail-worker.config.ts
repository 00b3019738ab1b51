import { z } from 'zod';

// Distributed mail worker: parsed once at start; a missing or wrong variable stops the process
// with a readable list.
const schema = z
  .object({
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
    /** BullMQ on Redis; without it BullMQ's PostgreSQL backend on DATABASE_URL. */
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
    /** Development only: deliver into dev_mailbox instead of SMTP. */
    MAIL_DEV_MAILBOX: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
    PUBLIC_URL: z.string().url('must be the public origin, e.g. https://planwerk.example'),
    MAIL_FROM: z.string().min(3).optional(),
    /** Where support requests of team owners and admins go (/settings/admin/contact). */
    SUPPORT_MAIL: z.string().trim().email('must be an e-mail address, e.g. support@planwerk.example').optional(),
    PERSONAL_DATA_MASTER_KEY: z.string().min(1).optional(),
    MAIL_REACTOR: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
    MAIL_WORKER: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
    MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  })
  .refine((env) => env.SMTP_URL !== undefined || env.MAIL_DEV_MAILBOX, {
    path: ['SMTP_URL'],
    message: 'required in distributed mode (MAIL_DEV_MAILBOX=true delivers into the development mailbox instead)',
  });

export type MailWorkerConfig = z.infer<typeof schema>;

export function parseMailWorkerConfig(env: NodeJS.ProcessEnv): MailWorkerConfig {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
  throw new Error(`mail worker: invalid environment\n${problems}`);
}

/** `Planwerk <no-reply@host-of-PUBLIC_URL>` unless MAIL_FROM says otherwise. */
export function mailFrom(config: Pick<MailWorkerConfig, 'MAIL_FROM' | 'PUBLIC_URL'>): string {
  return config.MAIL_FROM ?? `Planwerk <no-reply@${new URL(config.PUBLIC_URL).hostname}>`;
}

/**
 * The operator's address for support requests: SUPPORT_MAIL, else `support@<host of PUBLIC_URL>`
 * (a guess: it exists only if the operator made it; in embedded mode without SMTP_URL every mail
 * lands in the local mailbox at /dev whatever its address).
 */
export function supportMailTo(config: { SUPPORT_MAIL?: string | undefined; PUBLIC_URL: string }): string {
  return config.SUPPORT_MAIL ?? `support@${new URL(config.PUBLIC_URL).hostname}`;
}
