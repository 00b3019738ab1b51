import {
  LOG_SOCKET_STATE,
  RECONNECT_MS,
  SOCKET_STATE,
  type LogSocketState,
} from '../constants/realtime.constants';
import {
  LOG_APP_TOKEN,
  LIVE_MAX_FRAME_BYTES,
  LOG_BATCH_MAX,
  type LogMessage,
} from './live.constants';
import {
  type LiveSocketFactory,
  type LiveTimers,
  ReconnectingSocket,
} from './live-socket';

// The log socket's client (spec section 4): messages cached while closed, flushed on open.

/** Where the log socket keeps messages while it is not open (the console: localStorage). */
export interface LogCache {
  read(): LogMessage[];
  write(messages: LogMessage[]): void;
}

export function memoryLogCache(): LogCache {
  let held: LogMessage[] = [];
  return { read: () => [...held], write: (messages) => { held = [...messages]; } };
}

/** Messages kept while closed; the oldest go first beyond this. */
export const LOG_CACHE_MAX = 500;

export interface LogClientOptions {
  url: string;
  create: LiveSocketFactory;
  cache: LogCache;
  meta: () => LogMessage['meta'];
  now?: () => Date;
  timers?: LiveTimers;
  onState?(state: LogSocketState): void;
}

/**
 * The log socket (spec section 4): 0 closed, 2 open, 3 error. A message is sent when open,
 * otherwise cached with its ISO date and flushed, oldest first, once the socket opens.
 */
export class LogClient {
  private readonly socket: ReconnectingSocket;
  private stateValue: LogSocketState = LOG_SOCKET_STATE.closed;

  constructor(private readonly options: LogClientOptions) {
    this.socket = new ReconnectingSocket({
      url: options.url,
      create: options.create,
      timers: options.timers,
      reconnectMs: RECONNECT_MS.log,
      onOpen: () => this.flush(),
      onState: (state) => this.setState(state === SOCKET_STATE.active ? LOG_SOCKET_STATE.open : state === SOCKET_STATE.error ? LOG_SOCKET_STATE.error : LOG_SOCKET_STATE.closed),
    });
  }

  get state(): LogSocketState {
    return this.stateValue;
  }

  start(): void {
    this.socket.start();
  }

  stop(): void {
    this.socket.stop();
    this.setState(LOG_SOCKET_STATE.closed);
  }

  log(type: string, extras?: Record<string, unknown>): LogMessage {
    const meta = this.options.meta();
    const message: LogMessage = {
      token: LOG_APP_TOKEN,
      type,
      meta: extras === undefined ? meta : { ...meta, extras },
      date: (this.options.now?.() ?? new Date()).toISOString(),
    };
    if (this.stateValue !== LOG_SOCKET_STATE.open || !this.socket.send(message, false)) {
      const cached = [...this.options.cache.read(), message];
      this.options.cache.write(cached.slice(Math.max(0, cached.length - LOG_CACHE_MAX)));
    }
    return message;
  }

  private flush(): void {
    const cached = this.options.cache.read();
    if (cached.length === 0) return;
    let start = 0;
    for (const batch of logBatches(cached)) {
      if (!this.socket.send(batch, false)) {
        this.options.cache.write(cached.slice(start));
        return;
      }
      start += batch.length;
    }
    this.options.cache.write([]);
  }

  private setState(state: LogSocketState): void {
    if (state === this.stateValue) return;
    this.stateValue = state;
    this.options.onState?.(state);
  }
}

const utf8 = new TextEncoder();
/** Room left in a frame for the array's brackets and commas. */
const FRAME_ROOM = LIVE_MAX_FRAME_BYTES - 1_024;

/**
 * Cached messages in sending order as batches of at most LOG_BATCH_MAX messages that each fit
 * in one frame of the socket (a bigger frame closes it). A message too big for a frame of its
 * own is left out: the server would refuse it, and the socket with it.
 */
export function logBatches(messages: readonly LogMessage[]): LogMessage[][] {
  const batches: LogMessage[][] = [];
  let batch: LogMessage[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = utf8.encode(JSON.stringify(message)).length + 1;
    if (size > FRAME_ROOM) continue;
    if (batch.length > 0 && (batch.length >= LOG_BATCH_MAX || bytes + size > FRAME_ROOM)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(message);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
