import { Global, Module, type DynamicModule } from '@nestjs/common';
import { z } from 'zod';

// Development mode shows the developer tools (spec section 2, /dev). Distributed mode runs
// without it unless PLANWERK_DEV_MODE says so; embedded mode turns it on by default.
export const DEV_MODE = Symbol('DEV_MODE');

const envSchema = z.object({ PLANWERK_DEV_MODE: z.stringbool().optional() });

/** PLANWERK_DEV_MODE (true/false, 1/0, yes/no, on/off); `fallback` when it is unset or empty. */
export function parseDevMode(env: NodeJS.ProcessEnv, fallback: boolean): boolean {
  const value = env.PLANWERK_DEV_MODE === '' ? undefined : env.PLANWERK_DEV_MODE;
  const parsed = envSchema.safeParse({ PLANWERK_DEV_MODE: value });
  if (!parsed.success) throw new Error(`PLANWERK_DEV_MODE must be true or false, not "${value}"`);
  return parsed.data.PLANWERK_DEV_MODE ?? fallback;
}

// Passed in the query service's features; without it the developer tools stay off.
@Global()
@Module({})
export class DevModeModule {
  static register(enabled: boolean): DynamicModule {
    return {
      module: DevModeModule,
      providers: [{ provide: DEV_MODE, useValue: enabled }],
      exports: [DEV_MODE],
    };
  }
}
