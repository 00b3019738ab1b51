import { Inject, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
} from '@nestjs/websockets';
import {
  LIVE_MAX_FRAME_BYTES,
  LIVE_SOCKETS_WAKEUP,
  REALTIME_PATH,
  realtimeClientMessageSchema,
  type EventStore,
  type RealtimeServerMessage,
} from '@planwerk/events';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { EVENT_STORE, PROJECTION_NOTIFIER, PROJECTION_STATUS, QUERY_SERVICE_OPTIONS } from '../app/tokens';
import type { QueryServiceOptions } from '../app/query-service.options';
import type { ProjectionChangeSource, ProjectionStatusSource } from '../shared/projections/projection-status.port';
import { ConnectionLimits } from './connection-limits';
import { LiveHub } from './live-hub';
import { INVALID_MESSAGE_EVENT, LOG_MESSAGE_EVENT } from './realtime.message-parser';
import { invalidMessage, projectionMessage } from './realtime.replies';
import { socketClientAddress } from './hub-socket';

interface Subscription {
  keys: ReadonlySet<string> | null;
  /** Newest checkpoint this client was told about; older or equal changes are not repeated. */
  lastCheckpoint: string | null;
}

interface ClientState {
  alive: boolean;
  /** The client address it was counted under. */
  address: string | null;
  subscriptions: Map<string, Subscription>;
}

type Change = { projection: string; checkpoint: string; keys?: string[] };

// Live push is a hint (architecture.md): the notifier wakes us, we tell subscribed clients which
// projection moved, and they refetch. A client that reconnects sends `since` and gets one
// catch-up message when it missed anything.
// The same path carries the live protocol of ADR 0009 (`?channel=main|second|log`): project
// subscriptions (`project` or `link` instead of `projection`), login, logout and log messages
// go to the LiveHub.
// A frame above LIVE_MAX_FRAME_BYTES closes the socket (1009) before it is buffered; sockets
// beyond the caps overall or per client address are closed at once (1013, try again later).
@WebSocketGateway({ path: REALTIME_PATH, maxPayload: LIVE_MAX_FRAME_BYTES })
export class ProjectionGateway implements OnGatewayConnection, OnGatewayDisconnect, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ProjectionGateway.name);
  private readonly clients = new Map<WebSocket, ClientState>();
  private unsubscribe: (() => void) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly limits: ConnectionLimits;

  constructor(
    @Inject(EVENT_STORE) private readonly store: Pick<EventStore, 'compareCheckpoints'>,
    @Inject(PROJECTION_STATUS) private readonly status: ProjectionStatusSource,
    @Inject(PROJECTION_NOTIFIER) private readonly notifier: ProjectionChangeSource,
    @Inject(QUERY_SERVICE_OPTIONS) private readonly options: QueryServiceOptions,
    private readonly hub: LiveHub,
  ) {
    this.limits = new ConnectionLimits({ maxTotal: options.wsMaxConnections, maxPerAddress: options.wsMaxConnectionsPerAddress });
  }

  onModuleInit(): void {
    this.unsubscribe = this.notifier.subscribe((change) => this.push(change));
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.clients.clear();
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  handleConnection(client: WebSocket, request?: IncomingMessage): void {
    const address = socketClientAddress(request, this.options.trustedProxies);
    const admission = this.limits.admit(address);
    if (admission !== 'ok') {
      this.logger.warn(admission === 'total' ? 'Refusing a socket: too many open overall' : 'Refusing a socket: too many open from one address');
      client.close(1013, 'too many connections');
      return;
    }
    const state: ClientState = { alive: true, address, subscriptions: new Map() };
    this.clients.set(client, state);
    client.on('pong', () => {
      state.alive = true;
    });
    this.hub.attach(client, request);
  }

  handleDisconnect(client: WebSocket): void {
    this.forget(client);
    this.hub.detach(client);
  }

  private forget(client: WebSocket): void {
    const state = this.clients.get(client);
    if (!state) return;
    this.clients.delete(client);
    this.limits.release(state.address);
  }

  @SubscribeMessage('subscribe')
  async subscribe(@ConnectedSocket() client: WebSocket, @MessageBody() body: unknown): Promise<RealtimeServerMessage | void> {
    if (!isProjectionMessage(body)) return this.hub.subscribe(client, body);
    const parsed = realtimeClientMessageSchema.safeParse(body);
    if (!parsed.success || parsed.data.action !== 'subscribe') return invalidMessage(parsed.error?.issues[0]);
    const { projection, keys, since } = parsed.data;
    if (projection === LIVE_SOCKETS_WAKEUP) return invalidMessage({ path: ['projection'], message: 'is not a projection' });
    if (since !== undefined && !this.comparable(since)) {
      return invalidMessage({ path: ['since'], message: 'is not a checkpoint this service issued' });
    }
    const state = this.clients.get(client);
    if (!state) return;
    // Registered before the read, so a change during the read is pushed rather than lost.
    const subscription: Subscription = { keys: keys ? new Set(keys) : null, lastCheckpoint: since ?? null };
    state.subscriptions.set(projection, subscription);
    const current = await this.status.checkpointOf(projection);
    this.send(client, { event: 'subscribed', data: { projection, checkpoint: current }, sub_type: 'projection', sub_id: projection });
    if (since !== undefined && current !== null && this.store.compareCheckpoints(current, since) > 0) {
      this.deliver(client, subscription, { projection, checkpoint: current }, true);
    }
  }

  @SubscribeMessage('unsubscribe')
  unsubscribeFrom(@ConnectedSocket() client: WebSocket, @MessageBody() body: unknown): RealtimeServerMessage | void {
    if (!isProjectionMessage(body)) return this.hub.unsubscribe(client, body);
    const parsed = realtimeClientMessageSchema.safeParse(body);
    if (!parsed.success || parsed.data.action !== 'unsubscribe') return invalidMessage(parsed.error?.issues[0]);
    this.clients.get(client)?.subscriptions.delete(parsed.data.projection);
    const { projection } = parsed.data;
    return { event: 'unsubscribed', data: { projection }, sub_type: 'projection', sub_id: projection };
  }

  @SubscribeMessage('login')
  login(@ConnectedSocket() client: WebSocket, @MessageBody() body: unknown): Promise<void> {
    return this.hub.login(client, body);
  }

  @SubscribeMessage('logout')
  logout(@ConnectedSocket() client: WebSocket): Promise<void> {
    return this.hub.logout(client);
  }

  @SubscribeMessage(LOG_MESSAGE_EVENT)
  log(@ConnectedSocket() client: WebSocket, @MessageBody() body: unknown): Promise<void> {
    return this.hub.log(client, body);
  }

  @SubscribeMessage(INVALID_MESSAGE_EVENT)
  invalid(@MessageBody() body: unknown): RealtimeServerMessage {
    if (body === null) return invalidMessage({ path: ['message'], message: 'is not a JSON object' });
    return invalidMessage({ path: ['action'], message: 'expected "subscribe", "unsubscribe", "login" or "logout"' });
  }

  private push(change: Change): void {
    if (change.projection === LIVE_SOCKETS_WAKEUP) return;
    for (const [client, state] of this.clients) {
      const subscription = state.subscriptions.get(change.projection);
      if (subscription) this.deliver(client, subscription, change, false);
    }
  }

  private deliver(client: WebSocket, subscription: Subscription, change: Change, catchUp: boolean): void {
    const last = subscription.lastCheckpoint;
    if (last !== null && this.store.compareCheckpoints(change.checkpoint, last) <= 0) return;
    let keys = change.keys;
    if (subscription.keys && keys) {
      const wanted = subscription.keys;
      keys = keys.filter((key) => wanted.has(key));
      if (keys.length === 0) return;
    }
    subscription.lastCheckpoint = change.checkpoint;
    this.send(client, projectionMessage(change.projection, change.checkpoint, keys, catchUp));
  }

  private send(client: WebSocket, message: RealtimeServerMessage): void {
    if (client.readyState !== client.OPEN) return;
    // A client that cannot keep up is dropped; it reconnects with `since` and loses nothing.
    if (client.bufferedAmount > this.options.maxBufferedBytes) {
      this.logger.warn('Dropping a realtime client that is not reading its messages');
      client.terminate();
      return;
    }
    client.send(JSON.stringify(message));
  }

  private beat(): void {
    for (const [client, state] of this.clients) {
      if (!state.alive) {
        // No pong since the last ping: the connection is dead even if TCP has not noticed.
        client.terminate();
        this.forget(client);
        continue;
      }
      state.alive = false;
      client.ping();
    }
  }

  private comparable(checkpoint: string): boolean {
    try {
      this.store.compareCheckpoints(checkpoint, checkpoint);
      return true;
    } catch {
      return false;
    }
  }
}

/** The projection protocol names a `projection`; the live protocol a `project` or `link`. */
function isProjectionMessage(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'projection' in body;
}
