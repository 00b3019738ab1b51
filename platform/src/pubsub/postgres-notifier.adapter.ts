import { Client } from 'pg';
import { createDatabasePool } from '../postgres/database-pool';
import { ListenerSet } from './listener-set';
import {
  decodeProjectionChange,
  encodeProjectionChange,
  type NotifierOptions,
  type ProjectionChange,
  type ProjectionNotifier,
} from './projection-notifier.port';

export interface PostgresNotifierOptions extends NotifierOptions {
  connectionString: string;
  channel?: string;
  /** Wait before re-establishing a lost LISTEN connection. Default 1000 ms. */
  reconnectDelayMs?: number;
}

// NOTIFY payloads must stay below 8000 bytes.
const MAX_PAYLOAD_BYTES = 7900;

// LISTEN takes an identifier, not a parameter; only this validated shape is ever interpolated.
const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/** Too many keys for one NOTIFY: drop them, which tells listeners "anything may have changed". */
export function fitNotifyPayload(change: ProjectionChange): string {
  const full = encodeProjectionChange(change);
  if (Buffer.byteLength(full) <= MAX_PAYLOAD_BYTES) return full;
  const coarse = encodeProjectionChange({ projection: change.projection, checkpoint: change.checkpoint });
  if (Buffer.byteLength(coarse) > MAX_PAYLOAD_BYTES) {
    throw new Error(`Projection change for "${change.projection}" does not fit a NOTIFY payload`);
  }
  return coarse;
}

// Embedded mode with several processes: LISTEN/NOTIFY on the database they already share.
export function createPostgresNotifier(options: PostgresNotifierOptions): ProjectionNotifier {
  const channel = options.channel ?? 'planwerk_projections';
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`Invalid NOTIFY channel name: ${channel}`);
  const reconnectDelayMs = options.reconnectDelayMs ?? 1000;
  const listeners = new ListenerSet(options);
  const pool = createDatabasePool({ connectionString: options.connectionString, max: 2, label: 'planwerk-notifier', report: (message) => listeners.reportError(new Error(message)) });
  let closed = false;
  let listenClient: Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  // A LISTEN lives on one connection: when it drops, a new one must LISTEN again.
  const listen = async (): Promise<void> => {
    const client = new Client({ connectionString: options.connectionString });
    client.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      try {
        listeners.deliver(decodeProjectionChange(message.payload));
      } catch (error) {
        listeners.reportError(error);
      }
    });
    client.on('error', (error) => {
      listeners.reportError(error);
      if (listenClient === client) listenClient = undefined;
      client.end().catch(() => undefined);
      if (closed) return;
      retry = setTimeout(() => {
        if (!closed) listen().catch((e: unknown) => listeners.reportError(e));
      }, reconnectDelayMs);
    });
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    if (closed) {
      await client.end();
      return;
    }
    listenClient = client;
  };
  const listening = listen();
  listening.catch((error: unknown) => listeners.reportError(error));

  return {
    async publish(change) {
      if (closed) throw new Error('ProjectionNotifier is closed');
      await pool.query('SELECT pg_notify($1, $2)', [channel, fitNotifyPayload(change)]);
    },
    subscribe(listener) {
      return listeners.add(listener);
    },
    ready() {
      return listening;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(retry);
      listeners.clear();
      await listening.catch(() => undefined);
      await Promise.allSettled([listenClient?.end(), pool.end()]);
    },
  };
}
