import { Client, Pool } from 'pg';
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
}

// NOTIFY payloads must stay below 8000 bytes.
const MAX_PAYLOAD_BYTES = 7900;

// Channel names are identifiers in LISTEN; only a fixed, validated shape is ever interpolated.
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
// Resolves once LISTEN has run, so a change published afterwards is never missed.
export async function createPostgresNotifier(options: PostgresNotifierOptions): Promise<ProjectionNotifier> {
  const channel = options.channel ?? 'planwerk_projections';
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`Invalid NOTIFY channel name: ${channel}`);
  const listeners = new ListenerSet(options);
  const pool = new Pool({ connectionString: options.connectionString, max: 2 });
  const listenClient = new Client({ connectionString: options.connectionString });
  pool.on('error', (error) => listeners.reportError(error));
  listenClient.on('error', (error) => listeners.reportError(error));
  listenClient.on('notification', (message) => {
    if (message.channel !== channel || message.payload === undefined) return;
    try {
      listeners.deliver(decodeProjectionChange(message.payload));
    } catch (error) {
      listeners.reportError(error);
    }
  });
  try {
    await listenClient.connect();
    await listenClient.query(`LISTEN ${channel}`);
  } catch (error) {
    await Promise.allSettled([listenClient.end(), pool.end()]);
    throw error;
  }

  let closed = false;
  return {
    async publish(change) {
      if (closed) throw new Error('ProjectionNotifier is closed');
      await pool.query('SELECT pg_notify($1, $2)', [channel, fitNotifyPayload(change)]);
    },
    subscribe(listener) {
      return listeners.add(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      await Promise.allSettled([listenClient.end(), pool.end()]);
    },
  };
}
