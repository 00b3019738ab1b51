import {
  LOG_SOCKET_STATE,
  RECONNECT_MS,
  SOCKET_STATE,
  type LogSocketState,
} from '../constants/realtime.constants';
import {
  LOG_APP_TOKEN,
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
    for (let start = 0; start < cached.length; start += LOG_BATCH_MAX) {
      if (!this.socket.send(cached.slice(start, start + LOG_BATCH_MAX), false)) {
        this.options.cache.write(cached.slice(start));
        return;
      }
    }
    this.options.cache.write([]);
  }

  private setState(state: LogSocketState): void {
    if (state === this.stateValue) return;
    this.stateValue = state;
    this.options.onState?.(state);
  }
}
