// Socket states and reconnect timings (spec sections 4 and 9).

// Realtime socket: 1 connecting, 2 active, 3 error; subscriptions queue until active.
export const SOCKET_STATE = { connecting: 1, active: 2, error: 3 } as const;
export type SocketState = (typeof SOCKET_STATE)[keyof typeof SOCKET_STATE];

// Log socket: 0 closed, 2 open, 3 error; messages are cached while not open.
export const LOG_SOCKET_STATE = { closed: 0, open: 2, error: 3 } as const;
export type LogSocketState = (typeof LOG_SOCKET_STATE)[keyof typeof LOG_SOCKET_STATE];

// Socket login state 0/1/2/3 (spec section 4); meanings beyond the codes are not given.
export const SOCKET_LOGIN_STATES = [0, 1, 2, 3] as const;
export type SocketLoginState = (typeof SOCKET_LOGIN_STATES)[number];

export const RECONNECT_MS = {
  main: 1_000,
  second: 2_000,
  log: 1_000,
} as const;

// Realtime event envelope fields and service events sent by the server (spec section 4).
export const SERVICE_EVENTS = [
  'logout', 'update', 'trace', 'loader', 'msg', 'popup', 'reload', 'redirect', 'route',
] as const;
export type ServiceEvent = (typeof SERVICE_EVENTS)[number];

export const PROJECT_REALTIME_EVENTS = { edit: 'project-edit', delete: 'project-delete' } as const;
