import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Embedded mode keeps its secrets beside its data, created on first start and readable by the
 * owner only: the master key that wraps the per-person keys (PERSONAL_DATA_MASTER_KEY) and the
 * accounts secret (AUTH_SECRET). Distributed mode passes both through the environment.
 */
export function loadOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
