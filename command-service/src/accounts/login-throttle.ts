import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@planwerk/events';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';

// Failed logins are counted per account and per client (device id and address); from the
// fifth failure each further one blocks that scope for a doubling time (capped at 15 minutes).
// A success clears both; a password reset clears the account's count (security page).
const FREE_FAILURES = 4;
const MAX_BLOCK_MS = 15 * 60_000;

export type ThrottleScope = `account:${string}` | `client:${string}`;

export function clientScope(deviceId: string, ip: string): ThrottleScope {
  return `client:${hashToken(`${deviceId}\n${ip}`)}`;
}

export function blockMs(failures: number, baseMs: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_BLOCK_MS, baseMs * 2 ** (failures - FREE_FAILURES - 1));
}

@Injectable()
export class LoginThrottle {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** True while any of the scopes is blocked. */
  async isBlocked(scopes: ThrottleScope[], now: Date): Promise<boolean> {
    const result = await this.pool.query(
      'SELECT 1 FROM account_login_throttle WHERE scope = ANY($1::text[]) AND blocked_until > $2 LIMIT 1', [scopes, now],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async recordFailure(scopes: ThrottleScope[], now: Date, baseMs: number): Promise<void> {
    for (const scope of scopes) {
      const result = await this.pool.query<{ failures: number }>(
        `INSERT INTO account_login_throttle (scope, failures, last_failure_at) VALUES ($1, 1, $2)
         ON CONFLICT (scope) DO UPDATE SET failures = account_login_throttle.failures + 1, last_failure_at = $2
         RETURNING failures`,
        [scope, now],
      );
      const wait = blockMs(result.rows[0]?.failures ?? 1, baseMs);
      if (wait > 0) {
        await this.pool.query('UPDATE account_login_throttle SET blocked_until = $2 WHERE scope = $1', [scope, new Date(now.getTime() + wait)]);
      }
    }
  }

  async clear(scopes: ThrottleScope[]): Promise<void> {
    await this.pool.query('DELETE FROM account_login_throttle WHERE scope = ANY($1::text[])', [scopes]);
  }
}
