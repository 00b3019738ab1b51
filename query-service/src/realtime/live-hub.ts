import type { IncomingMessage } from 'node:http';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  DomainError,
  errorBody,
  LIVE_LOGIN_STATE,
  LIVE_SOCKETS_WAKEUP,
  liveLoginSchema,
  liveSubscribeSchema,
  liveUnsubscribeSchema,
  type Checkpoint,
  type EventStore,
  type LiveChannel,
  type LiveLoginState,
  type LiveMessage,
  type ServiceEvent,
} from '@planwerk/events';
import { CLOCK, findActiveSession, parseAuthorization, type AccountsConfig, type Clock } from '@planwerk/platform';
import type { Pool } from 'pg';
import type { WebSocket } from 'ws';
import { EVENT_STORE, PG_POOL, PROJECTION_NOTIFIER, QUERY_SERVICE_OPTIONS } from '../app/tokens';
import type { QueryServiceOptions } from '../app/query-service.options';
import { ACCOUNTS_CONFIG } from '../shared/auth/auth.tokens';
import type { ProjectionChangeSource } from '../shared/projections/projection-status.port';
import type { ProjectRef } from '../shared/projects/project-read-models';
import { acceptLogBatch } from './client-log.batch';
import { ClientLogStore, migrateClientLog } from './client-log.store';
import { bindingKeys, indexed, sendText, sessionBoundKey, socketClientAddress, socketKey, unindex, type LiveSocket } from './hub-socket';
import { LiveFeed, readGoverningCheckpoints, type FeedEvent } from './live-feed';
import {
  addSocketProject,
  loadSocketLogout,
  loadSocketProjects,
  migrateLiveSockets,
  purgeSocketRows,
  removeSocketProject,
  saveSocketLogout,
} from './live-sockets.store';
import { ProjectSubscriptions } from './project-subscriptions';
import { invalidMessage } from './realtime.replies';

// The sockets of this instance (ADR 0009): connections on the three channels, their logins,
// the socket calls made over HTTP (kept in PostgreSQL, woken through the notifier across
// instances), service events and client log messages. What a socket follows of a project is
// `ProjectSubscriptions`.
//
// A socket's user comes only from a session token it presented itself (`{action:'login'}`),
// verified like the HTTP session guard. The page's ids in the query string are client-chosen:
// they route the page's HTTP calls here and never carry a user. What a signed-in caller asked
// for over HTTP is bound to its login session, what an anonymous caller asked for is checked
// against the socket's own access, and every subscription is checked when it starts and again
// whenever the socket's login changes.

interface Publisher {
  publish(change: { projection: string; checkpoint: string; keys?: string[] }): Promise<void>;
}

function canPublish(source: ProjectionChangeSource): source is ProjectionChangeSource & Publisher {
  return typeof (source as Partial<Publisher>).publish === 'function';
}

const ID = /^[A-Za-z0-9_.:-]{1,100}$/;

function channelOf(value: string | null): LiveChannel | null {
  if (value === null || value === 'main') return 'main';
  return value === 'second' || value === 'log' ? value : null;
}

@Injectable()
export class LiveHub implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LiveHub.name);
  private readonly sockets = new Map<WebSocket, LiveSocket>();
  private readonly byKey = new Map<string, Set<LiveSocket>>();
  private readonly clientLog: ClientLogStore;
  readonly feed: LiveFeed;
  private readonly projects: ProjectSubscriptions;
  private stopListening: (() => void) | null = null;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: Pick<EventStore, 'readAll' | 'head' | 'compareCheckpoints'>,
    @Inject(PROJECTION_NOTIFIER) private readonly notifier: ProjectionChangeSource,
    @Inject(QUERY_SERVICE_OPTIONS) private readonly options: QueryServiceOptions,
    @Inject(ACCOUNTS_CONFIG) private readonly accounts: AccountsConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.clientLog = new ClientLogStore(pool);
    this.feed = new LiveFeed({
      store,
      readApplied: () => readGoverningCheckpoints(pool),
      deliver: (events) => this.deliver(events),
      hasListeners: () => this.sockets.size > 0,
      onError: (error) => this.logger.warn(`Live feed: ${String(error)}`),
    });
    this.projects = new ProjectSubscriptions({
      pool,
      clock,
      feed: this.feed,
      logger: this.logger,
      catchUpScanLimit: options.catchUpScanLimit,
      isAttached: (socket) => this.sockets.has(socket.ws),
      send: (socket, message) => this.send(socket, message),
      sendText: (socket, text) => this.sendText(socket, text),
    });
  }

  async onModuleInit(): Promise<void> {
    await migrateLiveSockets(this.pool);
    await migrateClientLog(this.pool);
    await purgeSocketRows(this.pool, this.clock.now());
    this.stopListening = this.notifier.subscribe((change) => {
      if (change.projection === LIVE_SOCKETS_WAKEUP) void this.wakeKeys(change.keys ?? []);
      else this.feed.hint(change.projection, change.checkpoint);
    });
    await this.feed.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopListening?.();
    await this.feed.stop();
    this.sockets.clear();
    this.byKey.clear();
    this.projects.clear();
  }

  get socketCount(): number {
    return this.sockets.size;
  }

  // --- connections ---------------------------------------------------------------------------

  /** A new socket on /v5/ws: `?channel=main|second|log&session=…&ident=…`. */
  attach(ws: WebSocket, request: IncomingMessage | undefined): void {
    const url = new URL(request?.url ?? '/', 'http://socket');
    const channel = channelOf(url.searchParams.get('channel'));
    if (channel === null) {
      ws.close(1008, 'unknown channel');
      return;
    }
    const session = url.searchParams.get('session');
    const ident = url.searchParams.get('ident');
    const pageIds = [...new Set([session, ident].filter((id): id is string => id !== null && ID.test(id)))];
    const keys = pageIds.map(socketKey);
    const socket: LiveSocket = {
      ws, channel, pageIds, keys, ident: ident !== null && ID.test(ident) ? ident : null,
      clientIp: socketClientAddress(request, this.options.trustedProxies),
      userId: null, authSessionId: null, login: LIVE_LOGIN_STATE.loggedOut, loggedInAt: 0,
      projects: new Map(), logWindow: { startedAt: 0, count: 0 }, reloads: Promise.resolve(),
    };
    this.sockets.set(ws, socket);
    for (const key of keys) indexed(this.byKey, key).add(socket);
    // What this page asked for over HTTP before the socket (re)connected.
    if (keys.length > 0 && channel !== 'log') void this.reload(socket).catch((error: unknown) => this.logger.warn(`Socket reload: ${String(error)}`));
  }

  detach(ws: WebSocket): void {
    const socket = this.sockets.get(ws);
    if (!socket) return;
    this.sockets.delete(ws);
    for (const key of socket.keys) unindex(this.byKey, key, socket);
    this.projects.detach(socket);
  }

  /** Whether the socket is a live-protocol socket of this hub (not only a projection watcher). */
  channelOf(ws: WebSocket): LiveChannel | null {
    return this.sockets.get(ws)?.channel ?? null;
  }

  // --- messages from clients -----------------------------------------------------------------

  async subscribe(ws: WebSocket, body: unknown): Promise<void> {
    const socket = this.sockets.get(ws);
    if (!socket) return;
    if (socket.channel !== 'main') return this.send(socket, invalidMessage({ path: ['action'], message: 'subscribe belongs on the main channel' }));
    const parsed = liveSubscribeSchema.safeParse(body);
    if (!parsed.success) return this.send(socket, invalidMessage(parsed.error.issues[0]));
    const { project, link, since, password } = parsed.data;
    if (since !== undefined && !this.feed.comparable(since)) {
      return this.send(socket, invalidMessage({ path: ['since'], message: 'is not a checkpoint this service issued' }));
    }
    // A since beyond the log's head was never issued: refused rather than waited for.
    if (since !== undefined && !(await this.withinLog(since))) {
      return this.send(socket, invalidMessage({ path: ['since'], message: 'is beyond the head of the log' }));
    }
    const ref: ProjectRef = project !== undefined ? { by: 'id', projectId: project } : { by: 'link', link: link ?? '' };
    const requested = project ?? link ?? '';
    let projectId: string;
    try {
      projectId = await this.projects.mayView(socket, ref, password ?? null);
    } catch (error) {
      const body = error instanceof DomainError ? errorBody(error.code, { field: error.field }) : errorBody('internal');
      if (!(error instanceof DomainError)) this.logger.error(error);
      return this.send(socket, { event: 'error', data: body, sub_type: 'project', sub_id: requested });
    }
    if (!this.sockets.has(ws)) return;
    await this.projects.follow(socket, projectId, since ?? null, password ?? null, false);
  }

  unsubscribe(ws: WebSocket, body: unknown): void {
    const socket = this.sockets.get(ws);
    if (!socket) return;
    const parsed = liveUnsubscribeSchema.safeParse(body);
    if (!parsed.success) return this.send(socket, invalidMessage(parsed.error.issues[0]));
    this.projects.drop(socket, parsed.data.project, 'client');
  }

  async login(ws: WebSocket, body: unknown): Promise<void> {
    const socket = this.sockets.get(ws);
    if (!socket) return;
    if (socket.channel === 'log') return this.send(socket, invalidMessage({ path: ['action'], message: 'login belongs on the main or second channel' }));
    const parsed = liveLoginSchema.safeParse(body);
    if (!parsed.success) return this.send(socket, invalidMessage(parsed.error.issues[0]));
    const credentials = parseAuthorization(parsed.data.token);
    const session = credentials
      ? await findActiveSession(this.pool, credentials, { now: this.clock.now(), idleSeconds: this.accounts.sessionIdleSeconds })
      : null;
    if (!this.sockets.has(ws)) return;
    if (!session) {
      this.setLogin(socket, LIVE_LOGIN_STATE.refused, null, null);
    } else {
      socket.loggedInAt = this.clock.now().getTime();
      this.setLogin(socket, LIVE_LOGIN_STATE.loggedIn, session.userId, session.sessionId);
    }
    await this.loginChanged(socket);
  }

  async logout(ws: WebSocket): Promise<void> {
    const socket = this.sockets.get(ws);
    if (!socket || socket.channel === 'log') return;
    this.setLogin(socket, LIVE_LOGIN_STATE.loggedOut, null, null);
    await this.loginChanged(socket);
  }

  /** Client log messages on the log channel: one message or a cached batch, all valid or none stored. */
  async log(ws: WebSocket, body: unknown): Promise<void> {
    const socket = this.sockets.get(ws);
    if (!socket) return;
    if (socket.channel !== 'log') return this.send(socket, invalidMessage({ path: ['action'], message: 'log messages belong on the log channel' }));
    const now = this.clock.now();
    const outcome = acceptLogBatch(body, socket.logWindow, now.getTime());
    if (!outcome.ok) return this.send(socket, outcome.reply);
    await this.clientLog.store(outcome.messages, socket.userId, now);
  }

  // --- service events ------------------------------------------------------------------------

  /**
   * A service event (spec section 4) to the second sockets of this instance: of a user, of one
   * login session, or all. Returns how many sockets it reached.
   */
  sendService(target: { userId?: string; authSessionId?: string } | 'all', event: ServiceEvent, data: Record<string, unknown> = {}): number {
    const text = JSON.stringify({ event, data, sub_type: 'service', sub_id: null });
    let reached = 0;
    for (const socket of this.sockets.values()) {
      if (socket.channel !== 'second') continue;
      if (target !== 'all') {
        if (target.userId !== undefined && socket.userId !== target.userId) continue;
        if (target.authSessionId !== undefined && socket.authSessionId !== target.authSessionId) continue;
      }
      if (this.sendText(socket, text)) reached += 1;
    }
    return reached;
  }

  // --- socket calls over HTTP (any instance) -------------------------------------------------
  // `pageId` is the caller's x-session-id (or x-device-id); `authSessionId` its verified login
  // session, or null for an anonymous caller.

  async httpSubscribe(pageId: string, authSessionId: string | null, projectId: string): Promise<Checkpoint | null> {
    await addSocketProject(this.pool, authSessionId === null ? socketKey(pageId) : sessionBoundKey(pageId, authSessionId), projectId, this.clock.now());
    await this.wake(socketKey(pageId));
    return this.feed.position();
  }

  async httpUnsubscribe(pageId: string, authSessionId: string | null, projectId: string): Promise<void> {
    const keys = [socketKey(pageId)];
    if (authSessionId !== null) keys.push(sessionBoundKey(pageId, authSessionId));
    await removeSocketProject(this.pool, keys, projectId);
    await this.wake(socketKey(pageId));
  }

  /**
   * Logs the page's sockets out when they are logged in as `uid` (only ever removing rights):
   * those here at once, those on other instances when woken.
   */
  async httpLogout(pageId: string, channel: 'main' | 'second', uid: string): Promise<void> {
    const key = socketKey(pageId);
    await saveSocketLogout(this.pool, key, channel, uid, this.clock.now());
    for (const socket of [...(this.byKey.get(key) ?? [])]) {
      if (socket.channel === channel && socket.userId === uid) {
        this.setLogin(socket, LIVE_LOGIN_STATE.loggedOut, null, null);
        await this.loginChanged(socket);
      }
    }
    await this.wake(key);
  }

  // --- internals -----------------------------------------------------------------------------

  private async wake(key: string): Promise<void> {
    await this.wakeKeys([key]);
    if (canPublish(this.notifier)) {
      await this.notifier.publish({ projection: LIVE_SOCKETS_WAKEUP, checkpoint: String(Date.now()), keys: [key] })
        .catch((error: unknown) => this.logger.warn(`Socket wake-up not published: ${String(error)}`));
    }
  }

  private async wakeKeys(keys: readonly string[]): Promise<void> {
    const sockets = new Set<LiveSocket>();
    for (const key of keys) for (const socket of this.byKey.get(key) ?? []) sockets.add(socket);
    for (const socket of sockets) {
      if (socket.channel === 'log') continue;
      await this.reload(socket).catch((error: unknown) => this.logger.warn(`Socket reload: ${String(error)}`));
    }
  }

  // Applies the stored HTTP calls of the socket's pages: a logout of its user asked for after
  // its login, and the project set (the page's anonymous rows and those bound to the login
  // session the socket verified), each followed only if the socket itself may view it. One at
  // a time per socket, each reading the rows afresh: an earlier read never undoes a later call.
  private reload(socket: LiveSocket): Promise<void> {
    const run = socket.reloads.then(() => this.reloadNow(socket));
    socket.reloads = run.catch(() => undefined);
    return run;
  }

  private async reloadNow(socket: LiveSocket): Promise<void> {
    if (socket.channel === 'log') return;
    if (socket.userId !== null) {
      for (const key of socket.keys) {
        const logout = await loadSocketLogout(this.pool, key, socket.channel);
        if (logout && logout.userId === socket.userId && logout.updatedAt.getTime() > socket.loggedInAt) {
          this.setLogin(socket, LIVE_LOGIN_STATE.loggedOut, null, null);
          await this.projects.recheckSocket(socket);
          break;
        }
      }
    }
    if (socket.channel !== 'main') return;
    const session = socket.authSessionId;
    const wanted = new Set(await loadSocketProjects(this.pool, bindingKeys(socket)));
    if (!this.sockets.has(socket.ws) || socket.authSessionId !== session) return;
    for (const [projectId, subscription] of socket.projects) {
      if (subscription.viaHttp && !wanted.has(projectId)) this.projects.drop(socket, projectId, 'client');
    }
    for (const projectId of wanted) {
      if (!socket.projects.has(projectId)) await this.projects.followIfVisible(socket, projectId);
    }
  }

  /** The socket's user changed: what it follows is checked again, and the page's rows re-read. */
  private async loginChanged(socket: LiveSocket): Promise<void> {
    await this.projects.recheckSocket(socket);
    await this.reload(socket).catch((error: unknown) => this.logger.warn(`Socket reload: ${String(error)}`));
  }

  /** `since` is at or before the newest checkpoint of the log. */
  private async withinLog(since: Checkpoint): Promise<boolean> {
    const position = this.feed.position();
    if (position !== null && this.feed.compare(since, position) <= 0) return true;
    const head = await this.store.head();
    return head !== null && this.feed.compare(since, head) <= 0;
  }

  private deliver(events: readonly FeedEvent[]): void {
    for (const event of events) {
      if (event.sessionEnded) this.endSession(event.sessionEnded.sessionId);
      this.projects.deliver(event);
    }
  }

  private endSession(authSessionId: string): void {
    for (const socket of this.sockets.values()) {
      if (socket.authSessionId !== authSessionId) continue;
      if (socket.channel === 'second') this.sendText(socket, JSON.stringify({ event: 'logout', data: {}, sub_type: 'service', sub_id: null }));
      this.setLogin(socket, LIVE_LOGIN_STATE.loggedOut, null, null);
      void this.loginChanged(socket);
    }
  }

  private setLogin(socket: LiveSocket, state: LiveLoginState, userId: string | null, authSessionId: string | null): void {
    socket.login = state;
    socket.userId = userId;
    socket.authSessionId = authSessionId;
    this.send(socket, { event: 'login', data: { state, uid: userId }, sub_type: 'login', sub_id: null });
  }

  private send(socket: LiveSocket, message: LiveMessage): void {
    this.sendText(socket, JSON.stringify(message));
  }

  private sendText(socket: LiveSocket, text: string): boolean {
    return sendText(socket, text, this.options.maxBufferedBytes, this.logger);
  }
}
