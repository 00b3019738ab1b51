import {
  LOG_SOCKET_STATE,
  RECONNECT_MS,
  SOCKET_STATE,
  type LogSocketState,
  type ServiceEvent,
  type SocketState,
} from '../constants/realtime.constants';
import {
  LIVE_LOGIN_STATE,
  LOG_APP_TOKEN,
  LOG_BATCH_MAX,
  type LiveControlMessage,
  type LiveLoginState,
  type LiveMessage,
  type LiveProjectMessage,
  type LogMessage,
} from './live.constants';

// The console's socket clients as plain state machines (spec sections 4 and 9; ADR 0009).
// Browser-safe and free of DOM types: the WebSocket, the timers, the clock and the local cache
// are handed in, so the same code runs in the console and under Jest with fake timers.

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

function parseMessage(raw: unknown): LiveMessage | null {
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

export interface ProjectLiveHandlers {
  /** A project realtime event (project-edit, signup-add, …), in log order, each once. */
  onEvent(message: LiveProjectMessage): void;
  /** The server could not replay what was missed: reload the project. */
  onResync?(): void;
  /** The subscription ended on the server side (project gone, access lost). */
  onEnded?(reason: 'client' | 'not_found' | 'no_permission'): void;
  /** The subscription was refused (`data` is the error body). */
  onError?(data: { status: number; intern: number | string; text: string }): void;
}

interface ProjectSubscription {
  projectId: string;
  password: string | undefined;
  /** Checkpoint of the newest event seen; sent as `since` when (re)subscribing. */
  since: string | null;
  handlers: Set<ProjectLiveHandlers>;
}

export interface LiveClientOptions {
  url: string;
  create: LiveSocketFactory;
  timers?: LiveTimers;
  reconnectMs?: number;
  onState?(state: SocketState): void;
  onLoginState?(state: LiveLoginState, uid: string | null): void;
}

/**
 * The realtime (main) socket: project subscriptions that survive reconnects (each resumes
 * from its last checkpoint, so nothing is missed or repeated) and the login state.
 */
export class LiveClient {
  private readonly socket: ReconnectingSocket;
  private readonly subscriptions = new Map<string, ProjectSubscription>();
  private token: string | null = null;
  private login: LiveLoginState = LIVE_LOGIN_STATE.loggedOut;
  private uid: string | null = null;

  constructor(private readonly options: LiveClientOptions) {
    this.socket = new ReconnectingSocket({
      url: options.url,
      create: options.create,
      timers: options.timers,
      reconnectMs: options.reconnectMs ?? RECONNECT_MS.main,
      onOpen: () => this.opened(),
      onMessage: (message) => this.received(message),
      onState: options.onState,
    });
  }

  get state(): SocketState {
    return this.socket.state;
  }

  get loginState(): LiveLoginState {
    return this.login;
  }

  start(): void {
    this.socket.start();
  }

  stop(): void {
    this.socket.stop();
  }

  /** Follows a project; the subscription waits until the socket is active. Returns the unsubscribe. */
  subscribe(projectId: string, handlers: ProjectLiveHandlers, options: { password?: string } = {}): () => void {
    let subscription = this.subscriptions.get(projectId);
    if (!subscription) {
      subscription = { projectId, password: options.password, since: null, handlers: new Set() };
      this.subscriptions.set(projectId, subscription);
      // Not queued: opened() sends every subscription (with `since`) on each (re)connect.
      this.socket.send(this.subscribeMessage(subscription), false);
    }
    subscription.handlers.add(handlers);
    const held = subscription;
    return () => {
      held.handlers.delete(handlers);
      if (held.handlers.size > 0 || this.subscriptions.get(projectId) !== held) return;
      this.subscriptions.delete(projectId);
      this.socket.send({ action: 'unsubscribe', project: projectId }, false);
    };
  }

  /** Last checkpoint seen for a project (what a reconnect resumes from). */
  checkpointOf(projectId: string): string | null {
    return this.subscriptions.get(projectId)?.since ?? null;
  }

  /** Logs the socket in with the `token.device` value; repeated after every reconnect. */
  logIn(token: string): void {
    this.token = token;
    this.setLogin(LIVE_LOGIN_STATE.pending, null);
    this.socket.send({ action: 'login', token }, false);
  }

  logOut(): void {
    this.token = null;
    this.setLogin(LIVE_LOGIN_STATE.loggedOut, null);
    this.socket.send({ action: 'logout' }, false);
  }

  private subscribeMessage(subscription: ProjectSubscription): Record<string, string> {
    const message: Record<string, string> = { action: 'subscribe', project: subscription.projectId };
    if (subscription.since !== null) message.since = subscription.since;
    if (subscription.password !== undefined) message.password = subscription.password;
    return message;
  }

  private opened(): void {
    if (this.token !== null) {
      this.setLogin(LIVE_LOGIN_STATE.pending, null);
      this.socket.send({ action: 'login', token: this.token });
    }
    for (const subscription of this.subscriptions.values()) this.socket.send(this.subscribeMessage(subscription));
  }

  private setLogin(state: LiveLoginState, uid: string | null): void {
    if (state === this.login && uid === this.uid) return;
    this.login = state;
    this.uid = uid;
    this.options.onLoginState?.(state, uid);
  }

  private received(message: LiveMessage): void {
    const control = message as LiveControlMessage;
    if (control.event === 'login') {
      this.setLogin(control.data.state, control.data.uid);
      return;
    }
    const subscription = message.sub_type === 'project' && message.sub_id !== null ? this.subscriptions.get(message.sub_id) : undefined;
    if (!subscription) return;
    switch (control.event) {
      case 'subscribed':
        // A resuming subscription keeps its `since` until the missed events have arrived.
        if (subscription.since === null) subscription.since = control.data.checkpoint;
        return;
      case 'resync':
        subscription.since = control.data.checkpoint;
        for (const handler of subscription.handlers) handler.onResync?.();
        return;
      case 'unsubscribed':
        this.subscriptions.delete(subscription.projectId);
        for (const handler of subscription.handlers) handler.onEnded?.(control.data.reason);
        return;
      case 'error':
        this.subscriptions.delete(subscription.projectId);
        for (const handler of subscription.handlers) handler.onError?.(control.data);
        return;
      default: {
        const event = message as LiveProjectMessage;
        if (typeof event.data?.checkpoint !== 'string') return;
        subscription.since = event.data.checkpoint;
        for (const handler of subscription.handlers) handler.onEvent(event);
      }
    }
  }
}

export type ServiceEventHandler = (data: Record<string, unknown>, event: ServiceEvent) => void;

/** The second socket: service events (spec section 4) and its login state; reconnects after 2 s. */
export class ServiceClient {
  private readonly socket: ReconnectingSocket;
  private readonly handlers = new Map<string, Set<ServiceEventHandler>>();
  private token: string | null = null;

  constructor(options: { url: string; create: LiveSocketFactory; timers?: LiveTimers; reconnectMs?: number; onState?(state: SocketState): void }) {
    this.socket = new ReconnectingSocket({
      url: options.url,
      create: options.create,
      timers: options.timers,
      reconnectMs: options.reconnectMs ?? RECONNECT_MS.second,
      onOpen: () => {
        if (this.token !== null) this.socket.send({ action: 'login', token: this.token });
      },
      onMessage: (message) => {
        if (message.sub_type !== 'service') return;
        for (const handler of this.handlers.get(message.event) ?? []) handler(message.data as Record<string, unknown>, message.event as ServiceEvent);
      },
      onState: options.onState,
    });
  }

  get state(): SocketState {
    return this.socket.state;
  }

  start(): void {
    this.socket.start();
  }

  stop(): void {
    this.socket.stop();
  }

  on(event: ServiceEvent, handler: ServiceEventHandler): () => void {
    const set = this.handlers.get(event) ?? new Set<ServiceEventHandler>();
    this.handlers.set(event, set);
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  logIn(token: string): void {
    this.token = token;
    this.socket.send({ action: 'login', token }, false);
  }

  logOut(): void {
    this.token = null;
    this.socket.send({ action: 'logout' }, false);
  }
}

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
