import { API_BASE_PATH, CLIENT_VERSION } from '@planwerk/events/constants';
// The socket clients are plain state machines shared with their unit tests (events/src/realtime,
// ADR 0009); only the browser's WebSocket, timers and localStorage are added here.
import { LiveClient } from '@planwerk/events/realtime/live-client';
import { liveSocketUrl, type LiveSocketLike } from '@planwerk/events/realtime/live-socket';
import { LogClient, type LogCache } from '@planwerk/events/realtime/log-client';
import { ServiceClient } from '@planwerk/events/realtime/service-client';
import type { LiveLoginState, LogMessage } from '@planwerk/events/realtime/live.constants';
import { getDeviceId, getSessionId, sessionTokenValue } from '../session';

// The page's three sockets on /v5/ws (spec sections 4 and 7): the realtime socket (projects,
// login state), the second socket (service events) and the log socket. Created on first use;
// a page that started on an embed path never opens them (spec section 4, start-up: "Embed paths
// turn off sockets and logging"), so embeds keep polling.

export interface LiveConnection {
  live: LiveClient;
  service: ServiceClient;
  log: LogClient;
}

const LOG_CACHE_KEY = 'planwerk.log-cache';

const localLogCache: LogCache = {
  read() {
    try {
      const raw = localStorage.getItem(LOG_CACHE_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as LogMessage[]) : [];
    } catch {
      return [];
    }
  },
  write(messages) {
    try {
      if (messages.length === 0) localStorage.removeItem(LOG_CACHE_KEY);
      else localStorage.setItem(LOG_CACHE_KEY, JSON.stringify(messages));
    } catch {
      // Blocked storage: the messages of this page are lost, nothing else.
    }
  },
};

function socketBase(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${API_BASE_PATH}/ws`;
}

// The browser's WebSocket behind the clients' small socket interface.
function createSocket(url: string): LiveSocketLike {
  const ws = new WebSocket(url);
  const socket: LiveSocketLike = {
    get readyState() {
      return ws.readyState;
    },
    send: (data) => ws.send(data),
    close: () => ws.close(),
    onopen: null,
    onclose: null,
    onerror: null,
    onmessage: null,
  };
  ws.onopen = (event) => socket.onopen?.(event);
  ws.onclose = (event) => socket.onclose?.(event);
  ws.onerror = (event) => socket.onerror?.(event);
  ws.onmessage = (event: MessageEvent) => socket.onmessage?.({ data: event.data });
  return socket;
}

// Paths that start a sub-view without sockets (spec section 2: embed, display, wallet).
const NO_SOCKET_PATHS = /^\/(embed|display|wallet)(\/|$)/i;

// Decided once at start-up, like the spec's start-up step.
const socketsEnabled = typeof window !== 'undefined' && typeof WebSocket !== 'undefined' && !NO_SOCKET_PATHS.test(window.location.pathname);

/** Whether this page uses sockets at all (false for pages started on an embed path). */
export function liveSocketsEnabled(): boolean {
  return socketsEnabled;
}

let connection: LiveConnection | null = null;
const loginListeners = new Set<(state: LiveLoginState) => void>();

/** Listens to the realtime socket's login state (0 logged out, 1 under way, 2 logged in, 3 refused). */
export function onLiveLoginState(listener: (state: LiveLoginState) => void): () => void {
  loginListeners.add(listener);
  return () => {
    loginListeners.delete(listener);
  };
}

/**
 * The page's sockets, started on first use; logged in when the page holds a session token.
 * Null on a page without sockets (embeds).
 */
export function liveConnection(): LiveConnection | null {
  if (connection) return connection;
  if (!socketsEnabled) return null;
  const base = socketBase();
  const url = (channel: 'main' | 'second' | 'log') => liveSocketUrl(base, channel, getSessionId(), getDeviceId());
  const live = new LiveClient({
    url: url('main'),
    create: createSocket,
    onLoginState: (state) => {
      for (const listener of [...loginListeners]) listener(state);
    },
  });
  const service = new ServiceClient({ url: url('second'), create: createSocket });
  const log = new LogClient({
    url: url('log'),
    create: createSocket,
    cache: localLogCache,
    meta: () => ({ app_platform: 'web', app_version: CLIENT_VERSION, session_id: getSessionId(), device_id: getDeviceId() }),
  });
  connection = { live, service, log };
  live.start();
  service.start();
  log.start();
  syncLiveLogin();
  return connection;
}

// The token the sockets were last told about (undefined: not yet), so repeated calls send nothing.
let syncedToken: string | null | undefined;

/**
 * Logs the sockets in (or out) with the page's current session token. Call after a login, a
 * token restore or a logout (and on the broadcast-channel login/logout of another tab).
 */
export function syncLiveLogin(): void {
  if (!connection) return;
  const token = sessionTokenValue();
  if (token === syncedToken) return;
  syncedToken = token;
  if (token) {
    connection.live.logIn(token);
    connection.service.logIn(token);
  } else {
    connection.live.logOut();
    connection.service.logOut();
  }
}

/** Stops the sockets (tests, embeds that were opened from a full page). */
export function closeLiveConnection(): void {
  connection?.live.stop();
  connection?.service.stop();
  connection?.log.stop();
  connection = null;
  syncedToken = undefined;
}
