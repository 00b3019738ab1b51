import { z } from 'zod';

export const PROJECTS_CONFIG = Symbol('PROJECTS_CONFIG');

export interface ProjectsConfig {
  /** Development mode (PLANWERK_DEV_MODE): permanent delete of any project, not only from the trash. */
  devMode: boolean;
}

const schema = z.object({ PLANWERK_DEV_MODE: z.stringbool().optional() });

/** PLANWERK_DEV_MODE (true/false, 1/0, yes/no, on/off), as the query service reads it; off when unset. */
export function parseProjectsConfig(env: NodeJS.ProcessEnv): ProjectsConfig {
  const value = env.PLANWERK_DEV_MODE === '' ? undefined : env.PLANWERK_DEV_MODE;
  const parsed = schema.safeParse({ PLANWERK_DEV_MODE: value });
  if (!parsed.success) throw new Error(`projects: PLANWERK_DEV_MODE must be true or false, not "${value}"`);
  return { devMode: parsed.data.PLANWERK_DEV_MODE ?? false };
}
