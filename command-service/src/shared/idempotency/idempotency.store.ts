import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'pg';

export interface StoredAnswer {
  statusCode: number;
  response: unknown;
}

/** What a request with an Idempotency-Key finds when it claims the key. */
export type IdempotencyClaim =
  | { kind: 'owner' }
  | { kind: 'done'; answer: StoredAnswer }
  | { kind: 'reused_with_other_request' }
  | { kind: 'in_progress' };

export interface IdempotencyOptions {
  /** How long an owner may work before another request may take the key over. */
  leaseMs?: number;
  /** How long a duplicate waits for the owner's answer before answering "in progress". */
  waitMs?: number;
}

interface Row {
  request_hash: string;
  state: 'pending' | 'done';
  status_code: number | null;
  response: unknown;
}

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

export class IdempotencyStore {
  private readonly leaseMs: number;
  private readonly waitMs: number;

  constructor(
    private readonly pool: Pool,
    options: IdempotencyOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.waitMs = options.waitMs ?? 15_000;
  }

  /**
   * Claims `key` for this request, or waits for the request that holds it. Exactly one
   * concurrent request becomes the owner; the others get its answer once it is stored.
   */
  async claim(scope: string, key: string, hash: string): Promise<IdempotencyClaim> {
    const deadline = Date.now() + this.waitMs;
    let pause = 5;
    for (;;) {
      // Inserts a fresh row, or takes over a pending row whose owner's lease ran out.
      const claimed = await this.pool.query(
        `INSERT INTO idempotency_keys (scope, key, request_hash, state, locked_until)
         VALUES ($1, $2, $3, 'pending', now() + $4 * interval '1 millisecond')
         ON CONFLICT (scope, key) DO UPDATE SET locked_until = EXCLUDED.locked_until
           WHERE idempotency_keys.state = 'pending'
             AND idempotency_keys.locked_until < now()
             AND idempotency_keys.request_hash = EXCLUDED.request_hash
         RETURNING 1`,
        [scope, key, hash, this.leaseMs],
      );
      if (claimed.rowCount === 1) return { kind: 'owner' };

      const found = await this.pool.query<Row>(
        'SELECT request_hash, state, status_code, response FROM idempotency_keys WHERE scope = $1 AND key = $2',
        [scope, key],
      );
      const row = found.rows[0];
      if (row) {
        if (row.request_hash !== hash) return { kind: 'reused_with_other_request' };
        if (row.state === 'done') return { kind: 'done', answer: { statusCode: row.status_code ?? 200, response: row.response } };
      }
      // Pending (or just released by a failed owner): wait and look again.
      if (Date.now() >= deadline) return { kind: 'in_progress' };
      await sleep(pause);
      pause = Math.min(pause * 2, 100);
    }
  }

  async complete(scope: string, key: string, answer: StoredAnswer): Promise<void> {
    await this.pool.query(
      `UPDATE idempotency_keys SET state = 'done', status_code = $3, response = $4::json, completed_at = now()
       WHERE scope = $1 AND key = $2`,
      [scope, key, answer.statusCode, JSON.stringify(answer.response)],
    );
  }

  /** An owner that failed unexpectedly gives the key back, so a retry can do the work. */
  async release(scope: string, key: string): Promise<void> {
    await this.pool.query("DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND state = 'pending'", [scope, key]);
  }
}
