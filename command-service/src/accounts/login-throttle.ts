import { Inject, Injectable } from '@nestjs/common';
import { hashToken, withTransaction } from '@planwerk/platform';
import type { Pool, PoolClient } from 'pg';
import { PG_POOL } from '../app/tokens';

// Login attempts are counted per account and per real client address (issue 12, ADR 0004).
// Each attempt takes its slot atomically BEFORE the slow Argon2 check: the scopes' rows are
// locked, a blocked scope refuses at once, otherwise the count grows and — from the fifth
// attempt on — the scope is blocked for a doubling time (capped at 15 minutes) as if the
// attempt failed. So concurrent guesses can never all pass a "not yet blocked" test: at most
// LOGIN_CHECKS_BEFORE_DELAY passwords are checked before the first delay. A right password
// clears the account's count and gives the client its slot back; a password reset clears the
// account's count, so the real user is never locked out. Unknown addresses count alike (the
// account scope is the e-mail key, an HMAC of the normalised address), so the limit does not
// tell whether an account exists. A client address is shared by whole schools and offices
// behind one NAT, so it gets more free attempts than one account.
const FREE_ATTEMPTS = { account: 4, client: 20 } as const;
/** Passwords checked for one account before the first delay, however many guesses race. */
export const LOGIN_CHECKS_BEFORE_DELAY = FREE_ATTEMPTS.account + 1;
const MAX_BLOCK_MS = 15 * 60_000;
/** A count whose last attempt is older than this (and not blocked) starts over. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;

export type ThrottleScope = `account:${string}` | `client:${string}`;

/** The account scope: keyed by the e-mail key, whether or not an account has the address. */
export function accountScope(emailKey: string): ThrottleScope {
  return `account:${emailKey}`;
}

/** The client scope: the real client address only (the device id is the caller's to choose). */
export function clientScope(ip: string): ThrottleScope {
  return `client:${hashToken(ip)}`;
}

function freeAttempts(scope: string): number {
  return scope.startsWith('client:') ? FREE_ATTEMPTS.client : FREE_ATTEMPTS.account;
}

export function blockMs(attempts: number, baseMs: number, free: number = FREE_ATTEMPTS.account): number {
  if (attempts <= free) return 0;
  return Math.min(MAX_BLOCK_MS, baseMs * 2 ** (attempts - free - 1));
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterMs: number };

interface ThrottleRow {
  scope: string;
  failures: number;
  blocked_until: Date | null;
  last_failure_at: Date;
}

@Injectable()
export class LoginThrottle {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Takes one attempt's slot in every scope, or refuses while any of them is blocked. */
  async reserve(scopes: ThrottleScope[], now: Date, baseMs: number): Promise<Reservation> {
    const sorted = [...new Set(scopes)].sort();
    return withTransaction(this.pool, async (client) => {
      // Rows exist and are locked in one order, so concurrent attempts queue instead of deadlocking.
      await client.query(
        `INSERT INTO account_login_throttle (scope, failures, last_failure_at)
         SELECT s, 0, $2 FROM unnest($1::text[]) AS s ORDER BY s ON CONFLICT (scope) DO NOTHING`, [sorted, now]);
      const { rows } = await client.query<ThrottleRow>(
        'SELECT scope, failures, blocked_until, last_failure_at FROM account_login_throttle WHERE scope = ANY($1::text[]) ORDER BY scope FOR UPDATE', [sorted]);
      const blockedUntil = Math.max(0, ...rows.map((row) => row.blocked_until?.getTime() ?? 0));
      if (blockedUntil > now.getTime()) return { allowed: false, retryAfterMs: blockedUntil - now.getTime() };
      for (const row of rows) await this.count(client, row, now, baseMs);
      return { allowed: true };
    });
  }

  /** A right password: the account's count is cleared, the client's slot given back. */
  async succeeded(scopes: { account: ThrottleScope; client: ThrottleScope }): Promise<void> {
    await this.clear([scopes.account]);
    await this.pool.query(
      `UPDATE account_login_throttle SET failures = GREATEST(failures - 1, 0),
         blocked_until = CASE WHEN failures - 1 > $2 THEN blocked_until END
       WHERE scope = $1`, [scopes.client, FREE_ATTEMPTS.client]);
  }

  async clear(scopes: ThrottleScope[]): Promise<void> {
    await this.pool.query('DELETE FROM account_login_throttle WHERE scope = ANY($1::text[])', [scopes]);
  }

  private async count(client: PoolClient, row: ThrottleRow, now: Date, baseMs: number): Promise<void> {
    const forgotten = row.last_failure_at.getTime() < now.getTime() - FORGET_AFTER_MS;
    const attempts = (forgotten ? 0 : row.failures) + 1;
    const wait = blockMs(attempts, baseMs, freeAttempts(row.scope));
    await client.query(
      'UPDATE account_login_throttle SET failures = $2, last_failure_at = $3, blocked_until = $4 WHERE scope = $1',
      [row.scope, attempts, now, wait > 0 ? new Date(now.getTime() + wait) : null]);
  }
}
