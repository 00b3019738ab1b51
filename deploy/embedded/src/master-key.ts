import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Embedded mode keeps the master key that wraps the per-person keys beside its data, created
 * on first start (readable by the owner only). Distributed mode passes PERSONAL_DATA_MASTER_KEY.
 */
export function loadOrCreateMasterKey(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
