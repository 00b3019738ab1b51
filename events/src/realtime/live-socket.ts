import {
  SOCKET_STATE,
  type SocketState,
} from '../constants/realtime.constants';
import {
  type LiveMessage,
} from './live.constants';

// The reconnecting socket under the console's three socket clients (spec sections 4 and 9;
// ADR 0009). Browser-safe and free of DOM types: the WebSocket, the timers and the clock are
// handed in, so the same code runs in the console and under Jest with fake timers.

/** The part of the browser's WebSocket the clients use. */
export interface LiveSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export type LiveSocketFactory = (url: string) => LiveSocketLike;

export interface LiveTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const systemTimers: LiveTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const OPEN = 1;

export interface ReconnectingSocketOptions {
  url: string;
  create: LiveSocketFactory;
  /** Pause after a close or error before the next attempt (main 1 s, second 2 s, log 1 s). */
  reconnectMs: number;
  timers?: LiveTimers;
  /** Called when the socket became active, before queued messages go out. */
  onOpen?(): void;
  onMessage?(message: LiveMessage): void;
  onState?(state: SocketState): void;
}

/**
 * One socket with the states of spec section 4: 1 connecting, 2 active, 3 error. A close or an
 * error schedules the next attempt after `reconnectMs`; messages sent while not active wait
 * in order and go out once it is active again.
 */
export class ReconnectingSocket {
  private current: LiveSocketLike | null = null;
  private timer: unknown = null;
  private running = false;
  private readonly outbox: string[] = [];
  private stateValue: SocketState = SOCKET_STATE.connecting;

  constructor(private readonly options: ReconnectingSocketOptions) {}

  get state(): SocketState {
    return this.stateValue;
  }

  get queued(): number {
    return this.outbox.length;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    const socket = this.current;
    this.current = null;
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      socket.close();
    }
  }

  /** Sends now when active; otherwise queues (`queue`) or drops the message. True when sent. */
  send(message: unknown, queue = true): boolean {
    const text = JSON.stringify(message);
    if (this.stateValue === SOCKET_STATE.active && this.current && this.current.readyState === OPEN) {
      this.current.send(text);
      return true;
    }
    if (queue) this.outbox.push(text);
    return false;
  }

  private get timers(): LiveTimers {
    return this.options.timers ?? systemTimers;
  }

  private setState(state: SocketState): void {
    if (state === this.stateValue) return;
    this.stateValue = state;
    this.options.onState?.(state);
  }

  private connect(): void {
    this.timer = null;
    if (!this.running) return;
    this.setState(SOCKET_STATE.connecting);
    let socket: LiveSocketLike;
    try {
      socket = this.options.create(this.options.url);
    } catch {
      this.failed();
      return;
    }
    this.current = socket;
    socket.onopen = () => {
      if (socket !== this.current) return;
      this.setState(SOCKET_STATE.active);
      this.options.onOpen?.();
      while (this.outbox.length > 0 && this.current === socket && this.stateValue === SOCKET_STATE.active) {
        socket.send(this.outbox.shift() as string);
      }
    };
    socket.onmessage = (event) => {
      if (socket !== this.current) return;
      const message = parseMessage(event.data);
      if (message) this.options.onMessage?.(message);
    };
    socket.onerror = () => {
      if (socket === this.current) this.setState(SOCKET_STATE.error);
    };
    socket.onclose = () => {
      if (socket !== this.current) return;
      this.current = null;
      this.failed();
    };
  }

  private failed(): void {
    this.setState(SOCKET_STATE.error);
    if (this.running && this.timer === null) this.timer = this.timers.set(() => this.connect(), this.options.reconnectMs);
  }
}

export function parseMessage(raw: unknown): LiveMessage | null {
  if (typeof raw !== 'string') return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null || typeof (value as { event?: unknown }).event !== 'string') return null;
    return value as LiveMessage;
  } catch {
    return null;
  }
}

/** Adds the channel and the page's ids to the socket path (`/v5/ws`, or an absolute ws URL). */
export function liveSocketUrl(base: string, channel: 'main' | 'second' | 'log', sessionId: string, deviceId: string): string {
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}channel=${channel}&session=${encodeURIComponent(sessionId)}&ident=${encodeURIComponent(deviceId)}`;
}
