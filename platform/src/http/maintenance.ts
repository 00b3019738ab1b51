import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody, failed, preferredLanguage } from '@planwerk/events';
import type { Queryable } from '../store/postgres/append-events';

// The maintenance switch (issue 14, ADR 0014): while it is on, every API call answers 6950
// (503, the spec's text in the caller's language) and changes nothing; the health probes keep
// answering so orchestrators do not restart a service that is only paused. Two ways to turn it
// on: PLANWERK_MAINTENANCE=on in the environment (fixed for the process's life), or the row an
// operator sets with `npm run maintenance -- on|off` in the shared database, read by every
// instance of every service within MAINTENANCE_RECHECK_MS.

export const MAINTENANCE_RECHECK_MS = 2_000;
/** Seconds a client should wait before asking again (Retry-After). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 15;

const DDL = `CREATE TABLE IF NOT EXISTS maintenance_switch (
  slot text PRIMARY KEY,
  active boolean NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
)`;

export interface MaintenanceState {
  active: boolean;
  /** 'environment' when PLANWERK_MAINTENANCE forces it, 'operator' when the row does. */
  source: 'environment' | 'operator' | null;
  changedAt: string | null;
}

export interface MaintenanceSwitch {
  state(): Promise<MaintenanceState>;
}

/** PLANWERK_MAINTENANCE: on, 1, true or yes turn it on; anything else (or nothing) leaves it to the row. */
export function maintenanceForcedByEnvironment(env: NodeJS.ProcessEnv = process.env): boolean {
  return ['on', '1', 'true', 'yes'].includes((env.PLANWERK_MAINTENANCE ?? '').trim().toLowerCase());
}

export async function migrateMaintenance(db: Queryable): Promise<void> {
  await db.query(DDL);
}

export async function readMaintenance(db: Queryable): Promise<MaintenanceState> {
  await migrateMaintenance(db);
  const { rows } = await db.query<{ active: boolean; changed_at: Date }>("SELECT active, changed_at FROM maintenance_switch WHERE slot = 'api'");
  const row = rows[0];
  return { active: row?.active ?? false, source: row?.active ? 'operator' : null, changedAt: row ? row.changed_at.toISOString() : null };
}

/** The operator's command: turns maintenance on or off for every service on this database. */
export async function setMaintenance(db: Queryable, active: boolean): Promise<MaintenanceState> {
  await migrateMaintenance(db);
  await db.query(
    `INSERT INTO maintenance_switch (slot, active, changed_at) VALUES ('api', $1, now())
     ON CONFLICT (slot) DO UPDATE SET active = EXCLUDED.active, changed_at = EXCLUDED.changed_at`, [active]);
  return readMaintenance(db);
}

/**
 * The switch a service asks on every request: the environment first, then the row, read at
 * most once per `recheckMs`. A database that cannot be read leaves the last known state (the
 * service's own calls report the outage with their own codes).
 */
export function createMaintenanceSwitch(options: { db?: Queryable; env?: NodeJS.ProcessEnv; recheckMs?: number; now?: () => number } = {}): MaintenanceSwitch {
  const forced = maintenanceForcedByEnvironment(options.env ?? process.env);
  const recheckMs = options.recheckMs ?? MAINTENANCE_RECHECK_MS;
  const now = options.now ?? Date.now;
  let known: MaintenanceState = { active: forced, source: forced ? 'environment' : null, changedAt: null };
  let readAt = -Infinity;
  let reading: Promise<MaintenanceState> | null = null;
  return {
    async state() {
      if (forced || !options.db) return known;
      if (now() - readAt < recheckMs) return known;
      reading ??= readMaintenance(options.db)
        .then((state) => { known = state; return state; })
        .catch(() => known)
        .finally(() => { readAt = now(); reading = null; });
      return reading;
    },
  };
}

/** Paths that answer during maintenance: the health probes. */
export function passesMaintenance(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/health' || path.startsWith('/health/');
}

/** The part of a Nest Fastify application the hook needs. */
export interface MaintenanceHookHost {
  getHttpAdapter(): { getInstance(): { addHook(name: string, hook: (...args: never[]) => unknown): unknown } };
}

interface HookRequest { raw: IncomingMessage; url: string; headers: IncomingMessage['headers'] }
interface HookReply {
  code(status: number): HookReply;
  header(name: string, value: string): HookReply;
  send(payload: unknown): unknown;
}

/** Answers 6950 before any guard, body parsing or handler runs while the switch is on. */
export function installMaintenanceHook(app: MaintenanceHookHost, maintenance: MaintenanceSwitch): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request: HookRequest, reply: HookReply) => {
    if (passesMaintenance(request.url)) return undefined;
    const state = await maintenance.state();
    if (!state.active) return undefined;
    const language = preferredLanguage(first(request.headers['accept-language']));
    const error = errorBody(6950, { language });
    return reply.code(error.status).header('retry-after', String(MAINTENANCE_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store')
      .send(failed({ status: error.status, intern: error.intern, text: error.text, retryAfterSeconds: MAINTENANCE_RETRY_AFTER_SECONDS }));
  });
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
