import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'pg';

export interface StoredAnswer {
  statusCode: number;
  response: unknown;
}

/** What a request with an Idempotency-Key finds when it claims the key. */
export type IdempotencyClaim =
  | { kind: 'owner'; token: string }
  | { kind: 'done'; answer: StoredAnswer }
  | { kind: 'reused_with_other_request' }
  | { kind: 'in_progress' };

export interface IdempotencyOptions {
  /** How long an owner may work before another request may take the key over. */
  leaseMs?: number;
  /** How long a duplicate waits for the owner's answer before answering "in progress". */
  waitMs?: number;
  /** How long a key lives from its claim; an older key counts as new. Default 24 h. */
  ttlMs?: number;
  /** Least time between two purges of expired keys by one process (run on a claim). Default 10 min. */
  purgeEveryMs?: number;
}

/** What the fingerprint of a keyed request covers: the method, the real URL (path and query) and the body. */
export interface RequestFingerprintInput {
  method: string;
  /** The request's URL as received: `/v5/comment/abc?path=x` (never the route template). */
  url: string;
  body: unknown;
}

interface Row {
  request_hash: string;
  state: 'pending' | 'done';
  status_code: number | null;
  response: unknown;
}

export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
// Rows deleted by one purge: bounded, so a purge is one short statement however many expired.
const PURGE_BATCH = 1000;

/** Stable JSON: object keys sorted, so `{a,b}` and `{b,a}` hash alike. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(operation: string, body: unknown): string {
  return createHash('sha256').update(operation).update('\n').update(canonicalJson(body)).digest('hex');
}

/**
 * `METHOD /real/path?sorted=query`: the target of a keyed request. The query's parameters are
 * sorted (their order carries no meaning); the path stays as sent, so another id is another target.
 */
export function requestTarget(method: string, url: string): string {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const params = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  const query = [...params.entries()].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const search = query.length === 0 ? '' : `?${new URLSearchParams(query).toString()}`;
  return `${method.toUpperCase()} ${path}${search}`;
}

/** The hash a key is bound to: the same key with another target or body is another request (422). */
export function requestFingerprint(input: RequestFingerprintInput): string {
  return requestHash(requestTarget(input.method, input.url), input.body ?? null);
}

/**
 * The `idempotency_keys` table. A key is claimed by one owner at a time, holding a claim token
 * and a lease; only that owner can store the answer or give the key back. Keys expire `ttlMs`
 * after their claim: an expired key is claimed again as new, and expired rows are purged.
 * Leases and expiry are read against the database's `now()`, not the service's Clock: every
 * instance shares the table, so one clock must decide who owns a key. `Date.now()` here only
 * measures waits (the duplicate's deadline, the purge interval).
 */
export class IdempotencyStore {
  private readonly leaseMs: number;
  private readonly waitMs: number;
  private readonly ttlMs: number;
  private readonly purgeEveryMs: number;
  private lastPurge = 0;

  constructor(
    private readonly pool: Pool,
    options: IdempotencyOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.waitMs = options.waitMs ?? 15_000;
    this.ttlMs = options.ttlMs ?? IDEMPOTENCY_KEY_TTL_MS;
    this.purgeEveryMs = options.purgeEveryMs ?? 10 * 60_000;
  }

  /**
   * Claims `key` for this request, or waits for the request that holds it. Exactly one
   * concurrent request becomes the owner (with a claim token); the others get its answer once
   * it is stored, or take the key over when the owner gives it back or its lease runs out.
   */
  async claim(scope: string, key: string, hash: string): Promise<IdempotencyClaim> {
    await this.purgeNowAndThen();
    const deadline = Date.now() + this.waitMs;
    let pause = 5;
    for (;;) {
      const token = randomUUID();
      // Inserts a fresh row; takes over an expired key (as new, whatever it held) or a pending
      // row of the same request whose owner's lease ran out.
      const claimed = await this.pool.query(
        `INSERT INTO idempotency_keys (scope, key, request_hash, state, locked_until, claim_token, created_at)
         VALUES ($1, $2, $3, 'pending', now() + $4 * interval '1 millisecond', $5, now())
         ON CONFLICT (scope, key) DO UPDATE SET
           request_hash = EXCLUDED.request_hash, state = 'pending', locked_until = EXCLUDED.locked_until,
           claim_token = EXCLUDED.claim_token, created_at = EXCLUDED.created_at,
           status_code = NULL, response = NULL, completed_at = NULL
           WHERE idempotency_keys.created_at <= now() - $6 * interval '1 millisecond'
              OR (idempotency_keys.state = 'pending'
                  AND idempotency_keys.locked_until < now()
                  AND idempotency_keys.request_hash = EXCLUDED.request_hash)
         RETURNING 1`,
        [scope, key, hash, this.leaseMs, token, this.ttlMs],
      );
      if (claimed.rowCount === 1) return { kind: 'owner', token };

      const found = await this.pool.query<Row>(
        `SELECT request_hash, state, status_code, response FROM idempotency_keys
         WHERE scope = $1 AND key = $2 AND created_at > now() - $3 * interval '1 millisecond'`,
        [scope, key, this.ttlMs],
      );
      const row = found.rows[0];
      if (row) {
        if (row.request_hash !== hash) return { kind: 'reused_with_other_request' };
        if (row.state === 'done') return { kind: 'done', answer: { statusCode: row.status_code ?? 200, response: row.response } };
      }
      // Pending (or just released or expired): wait and look again.
      if (Date.now() >= deadline) return { kind: 'in_progress' };
      await sleep(pause);
      pause = Math.min(pause * 2, 100);
    }
  }

  /**
   * Stores the final answer under the key, if `token` still owns its claim. An owner that lost
   * the key (its lease ran out and another request took it over) stores nothing: false.
   */
  async complete(scope: string, key: string, token: string, answer: StoredAnswer): Promise<boolean> {
    const result = await this.pool.query(
      `UPDATE idempotency_keys SET state = 'done', status_code = $4, response = $5::json, completed_at = now()
       WHERE scope = $1 AND key = $2 AND claim_token = $3 AND state = 'pending'`,
      [scope, key, token, answer.statusCode, JSON.stringify(answer.response)],
    );
    return result.rowCount === 1;
  }

  /** The owner gives the key back (an unexpected or transient failure), so a retry runs again. */
  async release(scope: string, key: string, token: string): Promise<void> {
    await this.pool.query("DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND claim_token = $3 AND state = 'pending'", [scope, key, token]);
  }

  /** Deletes expired keys, at most `PURGE_BATCH` per call; the number deleted. */
  async purgeExpired(): Promise<number> {
    const result = await this.pool.query(
      `DELETE FROM idempotency_keys WHERE ctid = ANY (ARRAY(
         SELECT ctid FROM idempotency_keys WHERE created_at <= now() - $1 * interval '1 millisecond' LIMIT $2))`,
      [this.ttlMs, PURGE_BATCH],
    );
    return result.rowCount ?? 0;
  }

  private async purgeNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurge < this.purgeEveryMs) return;
    this.lastPurge = now;
    // Housekeeping must never fail a request: an expired row left behind is claimed as new anyway.
    await this.purgeExpired().catch(() => undefined);
  }
}
