import { LOOPBACK_ONLY, type TrustedProxies } from '@planwerk/platform';

// Timings the service runs with; tests shorten them, production keeps the defaults.
export interface QueryServiceOptions {
  /** How long a query with minCheckpoint waits for its projection before answering 503. */
  minCheckpointTimeoutMs: number;
  /** WebSocket ping interval; a client that missed one pong is dropped. */
  heartbeatMs: number;
  /** A client whose unsent data exceeds this is dropped; it reconnects and resumes. */
  maxBufferedBytes: number;
  /** A projection whose checkpoint has not moved for this long while behind is "degraded". */
  lagDegradedSeconds: number;
  /** Peers whose X-Forwarded-For / X-Forwarded-Proto are believed (TRUSTED_PROXIES; loopback by default). */
  trustedProxies: TrustedProxies;
  /** PUBLIC_URL: an https origin turns on HSTS. */
  publicUrl?: string;
  /** Open WebSockets on /v5/ws at most, overall; beyond, a new one is closed with 1013. */
  wsMaxConnections: number;
  /** Open WebSockets at most per client address (a page opens three; schools share one address). */
  wsMaxConnectionsPerAddress: number;
  /** Log events a resuming live subscription may read; an older `since` answers `resync`. */
  catchUpScanLimit: number;
}

export const DEFAULT_QUERY_SERVICE_OPTIONS: QueryServiceOptions = {
  minCheckpointTimeoutMs: 5_000,
  heartbeatMs: 30_000,
  maxBufferedBytes: 1024 * 1024,
  lagDegradedSeconds: 60,
  trustedProxies: LOOPBACK_ONLY,
  wsMaxConnections: 20_000,
  wsMaxConnectionsPerAddress: 300,
  catchUpScanLimit: 1_000,
};
