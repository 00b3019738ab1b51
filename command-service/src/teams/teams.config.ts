import { z } from 'zod';

export const TEAMS_CONFIG = Symbol('TEAMS_CONFIG');

export interface TeamsConfig {
  /** User ids of support operators who may change any team's plan (ADR 0005). */
  supportOperators: ReadonlySet<string>;
}

const schema = z.object({
  SUPPORT_OPERATORS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((id) => id.trim().toLowerCase()).filter((id) => id !== ''))
    .pipe(z.array(z.uuid('SUPPORT_OPERATORS must list user ids (UUIDs), comma-separated'))),
});

export function parseTeamsConfig(env: NodeJS.ProcessEnv): TeamsConfig {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.') || 'SUPPORT_OPERATORS'}: ${issue.message}`).join('\n');
    throw new Error(`teams: invalid environment\n${problems}`);
  }
  return { supportOperators: new Set(result.data.SUPPORT_OPERATORS) };
}
