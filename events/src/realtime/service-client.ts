import {
  RECONNECT_MS,
  type ServiceEvent,
  type SocketState,
} from '../constants/realtime.constants';
import {
  type LiveSocketFactory,
  type LiveTimers,
  ReconnectingSocket,
} from './live-socket';

// The second socket's client (spec section 4): service events and its login state.

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
