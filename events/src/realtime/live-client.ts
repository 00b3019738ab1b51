import {
  RECONNECT_MS,
  type SocketState,
} from '../constants/realtime.constants';
import {
  LIVE_LOGIN_STATE,
  type LiveControlMessage,
  type LiveLoginState,
  type LiveMessage,
  type LiveProjectMessage,
} from './live.constants';
import {
  type LiveSocketFactory,
  type LiveTimers,
  ReconnectingSocket,
} from './live-socket';

// The console's socket clients as plain state machines (spec sections 4 and 9; ADR 0009).
// Browser-safe and free of DOM types: the WebSocket, the timers, the clock and the local cache
// are handed in, so the same code runs in the console and under Jest with fake timers.

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
        // "client": the echo of an unsubscribe this client sent; that subscription is gone
        // already, and one made again since is a new one the server follows.
        if (control.data.reason === 'client') return;
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
