import { Client, Pool, type ClientConfig, type PoolConfig } from 'pg';

/**
 * The one place where the processes' PostgreSQL connections are made (issue 12):
 * - every connection carries the session limits as startup parameters (the `options` connection
 *   parameter), so they hold from its first statement — also for pools a library builds from our
 *   configuration (BullMQ's PostgreSQL backend);
 * - every client has an 'error' listener for its whole life, checked out or idle: node-postgres
 *   emits 'error' on a client whose server ends the connection (a terminated backend, a restart, a
 *   failover, the idle-in-transaction timeout), and an emitter without a listener throws it as an
 *   uncaught exception — before this, a connection taken by `withTransaction` took the command
 *   service down. The query in flight still fails with the error; the pool drops the broken client.
 */

export interface SessionLimits {
  /** Default 30 s: appends and reads are short (event store rule 5). 0 turns it off. */
  statementTimeoutMs?: number;
  /** Default 10 s: a stuck transaction must not hold the global log's visibility bound. */
  idleInTransactionSessionTimeoutMs?: number;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
export const DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS = 10_000;

/** The `options` startup parameter that sets the session limits (`-c name=value …`). */
export function sessionLimitOptions(limits: SessionLimits = {}): string {
  const statement = limits.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const idle = limits.idleInTransactionSessionTimeoutMs ?? DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS;
  for (const value of [statement, idle]) {
    if (!Number.isInteger(value) || value < 0) throw new Error(`Invalid session timeout ${value}`);
  }
  return `-c statement_timeout=${statement} -c idle_in_transaction_session_timeout=${idle}`;
}

function withLimits(existing: string | undefined, limits: SessionLimits): string {
  return existing ? `${sessionLimitOptions(limits)} ${existing}` : sessionLimitOptions(limits);
}

type Report = (message: string) => void;

const defaultReport = (label: string): Report => (message) => process.stderr.write(`[${label}] ${message}\n`);

/**
 * A pg Client class whose instances always have an 'error' listener. Pass it as a pool's
 * `Client` (pg-pool builds every connection with it).
 */
export function guardedClientClass(label: string, report: Report = defaultReport(label)): typeof Client {
  return class GuardedClient extends Client {
    constructor(config?: string | ClientConfig) {
      super(config);
      this.on('error', (error: Error) => report(`database connection lost: ${error.message}`));
    }
  };
}

export interface DatabasePoolOptions extends PoolConfig, SessionLimits {
  /** Names the process in logs and in pg_stat_activity (application_name unless given). */
  label: string;
  report?: Report;
}

/** A pg Pool whose connections have the session limits and error listeners (see above). */
export function createDatabasePool(options: DatabasePoolOptions): Pool {
  const { label, report: given, statementTimeoutMs, idleInTransactionSessionTimeoutMs, ...config } = options;
  const report = given ?? defaultReport(label);
  const pool = new Pool(databaseConnectionConfig({
    application_name: label, ...config,
  }, { statementTimeoutMs, idleInTransactionSessionTimeoutMs }, label, report));
  // Idle clients that drop are reported on the pool; without a listener that, too, would throw.
  pool.on('error', (error) => report(`idle database connection lost: ${error.message}`));
  return pool;
}

/**
 * The same connection settings as a plain configuration object, for libraries that build their
 * own pool from one (BullMQ's PostgreSQL backend): session limits and the guarded Client class.
 */
export function databaseConnectionConfig<T extends PoolConfig>(config: T, limits: SessionLimits = {}, label = 'planwerk', report?: Report): T & { Client: typeof Client; options: string } {
  return { ...config, options: withLimits(config.options, limits), Client: guardedClientClass(label, report) };
}
