import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  DomainError,
  errorBody,
  findActiveSession,
  LIVE_LOGIN_STATE,
  LIVE_SOCKETS_WAKEUP,
  LOG_BATCH_MAX,
  LOG_EXTRAS_MAX_BYTES,
  liveLoginSchema,
  liveSubscribeSchema,
  liveUnsubscribeSchema,
  logMessageSchema,
  parseAuthorization,
  type AccountsConfig,
  type Checkpoint,
  type EventStore,
  type LiveChannel,
  type LiveLoginState,
  type LiveMessage,
  type LogMessage,
  type ServiceEvent,
} from '@planwerk/events';
import type { Pool } from 'pg';
import type { WebSocket } from 'ws';
import { EVENT_STORE, PG_POOL, PROJECTION_NOTIFIER, QUERY_SERVICE_OPTIONS } from '../app/tokens';
import type { QueryServiceOptions } from '../app/query-service.options';
import { ACCOUNTS_CONFIG } from '../shared/auth/auth.tokens';
import type { ProjectionChangeSource } from '../shared/projections/projection-status.port';
import { openPublicProjectView } from '../shared/projects/project-view.access';
import type { ProjectRef } from '../shared/projects/project-read-models';
import { ClientLogStore, migrateClientLog } from './client-log.store';
import { GOVERNING_PROJECTIONS, LiveFeed, type FeedEvent } from './live-feed';
import {
  addSocketProject,
  loadSocketLogin,
  loadSocketProjects,
  migrateLiveSockets,
  purgeSocketRows,
  removeSocketProject,
  saveSocketLogin,
  type SocketLogin,
} from './live-sockets.store';
import { invalidMessage } from './realtime.replies';

// The sockets of this instance and what they follow (ADR 0009). The feed hands over released
// events in log order; each subscription remembers the newest checkpoint it was sent, so a
// change is never sent twice, and a subscription that resumes from `since` first replays the
// missed events from the log while live ones wait in its queue.

/** A resuming client reads at most this many log events; beyond, it is told to reload. */
export const CATCH_UP_SCAN_LIMIT = 50_000;
/** Log messages one socket may send per minute; more are refused. */
export const LOG_MESSAGES_PER_MINUTE = 600;

interface Subscription {
  projectId: string;
  /** Newest checkpoint this socket was sent (or resumes from); older changes are not repeated. */
  last: Checkpoint | null;
  /** Live events held while the missed ones are read from the log; null when live. */
  pending: FeedEvent[] | null;
  password: string | null;
  /** Made over HTTP (wss/subscribe): kept in step with the stored rows. */
  viaHttp: boolean;
}

interface LiveSocket {
  ws: WebSocket;
  channel: LiveChannel;
  keys: string[];
  ident: string | null;
  clientIp: string | null;
  userId: string | null;
  authSessionId: string | null;
  login: LiveLoginState;
  /** When the stored HTTP login last applied to this socket. */
  loginAppliedAt: number;
  projects: Map<string, Subscription>;
  logWindow: { startedAt: number; count: number };
}

interface Publisher {
  publish(change: { projection: string; checkpoint: string; keys?: string[] }): Promise<void>;
}

function canPublish(source: ProjectionChangeSource): source is ProjectionChangeSource & Publisher {
  return typeof (source as Partial<Publisher>).publish === 'function';
}

/** The stored key of a page's sockets: a hash, so the notifier never carries the raw id. */
export function socketKey(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

const first = (value: string | string[] | undefined): string | null => (Array.isArray(value) ? value[0] : value) ?? null;
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
  private readonly byProject = new Map<string, Set<LiveSocket>>();
  private readonly clientLog: ClientLogStore;
  readonly feed: LiveFeed;
  private stopListening: (() => void) | null = null;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: Pick<EventStore, 'readAll' | 'head' | 'compareCheckpoints'>,
    @Inject(PROJECTION_NOTIFIER) private readonly notifier: ProjectionChangeSource,
    @Inject(QUERY_SERVICE_OPTIONS) private readonly options: QueryServiceOptions,
    @Inject(ACCOUNTS_CONFIG) private readonly accounts: AccountsConfig,
  ) {
    this.clientLog = new ClientLogStore(pool);
    this.feed = new LiveFeed({
      store,
      readApplied: () => this.readApplied(),
      deliver: (events) => this.deliver(events),
      hasListeners: () => this.sockets.size > 0,
      onError: (error) => this.logger.warn(`Live feed: ${String(error)}`),
    });
  }

  async onModuleInit(): Promise<void> {
    await migrateLiveSockets(this.pool);
    await migrateClientLog(this.pool);
    await purgeSocketRows(this.pool, new Date());
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
    this.byProject.clear();
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
    const keys = [session, ident].filter((id): id is string => id !== null && ID.test(id)).map(socketKey);
    const forwarded = first(request?.headers['x-forwarded-for'])?.split(',')[0]?.trim();
    const socket: LiveSocket = {
      ws, channel, keys, ident: ident !== null && ID.test(ident) ? ident : null,
      clientIp: forwarded || request?.socket.remoteAddress || null,
      userId: null, authSessionId: null, login: LIVE_LOGIN_STATE.loggedOut, loginAppliedAt: 0,
      projects: new Map(), logWindow: { startedAt: 0, count: 0 },
    };
    this.sockets.set(ws, socket);
    for (const key of keys) this.index(this.byKey, key).add(socket);
    // What this page asked for over HTTP before the socket (re)connected.
    if (keys.length > 0 && channel !== 'log') void this.reload(socket).catch((error: unknown) => this.logger.warn(`Socket reload: ${String(error)}`));
  }

  detach(ws: WebSocket): void {
    const socket = this.sockets.get(ws);
    if (!socket) return;
    this.sockets.delete(ws);
    for (const key of socket.keys) this.unindex(this.byKey, key, socket);
    for (const projectId of socket.projects.keys()) this.unindex(this.byProject, projectId, socket);
    socket.projects.clear();
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
    const ref: ProjectRef = project !== undefined ? { by: 'id', projectId: project } : { by: 'link', link: link ?? '' };
    const requested = project ?? link ?? '';
    let projectId: string;
    try {
      projectId = await this.mayView(socket, ref, password ?? null);
    } catch (error) {
      const body = error instanceof DomainError ? errorBody(error.code, { field: error.field }) : errorBody('internal');
      if (!(error instanceof DomainError)) this.logger.error(error);
      return this.send(socket, { event: 'error', data: body, sub_type: 'project', sub_id: requested });
    }
    if (!this.sockets.has(ws)) return;
    await this.follow(socket, projectId, since ?? null, password ?? null, false);
  }

  unsubscribe(ws: WebSocket, body: unknown): void {
    const socket = this.sockets.get(ws);
    if (!socket) return;
    const parsed = liveUnsubscribeSchema.safeParse(body);
    if (!parsed.success) return this.send(socket, invalidMessage(parsed.error.issues[0]));
    this.drop(socket, parsed.data.project, 'client');
  }

  async login(ws: WebSocket, body: unknown): Promise<void> {
    const socket = this.sockets.get(ws);
    if (!socket) return;
    if (socket.channel === 'log') return this.send(socket, invalidMessage({ path: ['action'], message: 'login belongs on the main or second channel' }));
    const parsed = liveLoginSchema.safeParse(body);
    if (!parsed.success) return this.send(socket, invalidMessage(parsed.error.issues[0]));
    const credentials = parseAuthorization(parsed.data.token);
    const session = credentials
      ? await findActiveSession(this.pool, credentials, { now: new Date(), idleSeconds: this.accounts.sessionIdleSeconds })
      : null;
    if (!session) {
      this.setLogin(socket, LIVE_LOGIN_STATE.refused, null, null);
      await this.recheckSocket(socket);
      return;
    }
    this.setLogin(socket, LIVE_LOGIN_STATE.loggedIn, session.userId, session.sessionId);
  }

  async logout(ws: WebSocket): Promise<void> {
    const socket = this.sockets.get(ws);
    if (!socket || socket.channel === 'log') return;
    this.setLogin(socket, LIVE_LOGIN_STATE.loggedOut, null, null);
    await this.recheckSocket(socket);
  }

  /** Client log messages on the log channel: one message or a cached batch, all valid or none stored. */
  async log(ws: WebSocket, body: unknown): Promise<void> {
    const socket = this.sockets.get(ws);
    if (!socket) return;
    if (socket.channel !== 'log') return this.send(socket, invalidMessage({ path: ['action'], message: 'log messages belong on the log channel' }));
    const batch = Array.isArray(body) ? body : [body];
    if (batch.length === 0 || batch.length > LOG_BATCH_MAX) {
      return this.send(socket, invalidMessage({ path: ['message'], message: `must hold 1 to ${LOG_BATCH_MAX} log messages` }));
    }
    const messages: LogMessage[] = [];
    for (const [index, entry] of batch.entries()) {
      const parsed = logMessageSchema.safeParse(entry);
      const prefix = Array.isArray(body) ? [index] : [];
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return this.send(socket, invalidMessage(issue ? { path: [...prefix, ...issue.path], message: issue.message } : undefined));
      }
      if (parsed.data.meta.extras !== undefined && JSON.stringify(parsed.data.meta.extras).length > LOG_EXTRAS_MAX_BYTES) {
        return this.send(socket, invalidMessage({ path: [...prefix, 'meta', 'extras'], message: `is larger than ${LOG_EXTRAS_MAX_BYTES} bytes` }));
      }
      messages.push(parsed.data);
    }
    const now = Date.now();
    if (now - socket.logWindow.startedAt >= 60_000) socket.logWindow = { startedAt: now, count: 0 };
    if (socket.logWindow.count + messages.length > LOG_MESSAGES_PER_MINUTE) {
      return this.send(socket, { event: 'error', data: { status: 429, intern: 429, text: 'Too many log messages: try again in a minute' }, sub_type: null, sub_id: null });
    }
    socket.logWindow.count += messages.length;
    await this.clientLog.store(messages, socket.userId, new Date(now));
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

  async httpSubscribe(key: string, projectId: string): Promise<Checkpoint | null> {
    await addSocketProject(this.pool, key, projectId, new Date());
    await this.wake(key);
    return this.feed.position();
  }

  async httpUnsubscribe(key: string, projectId: string): Promise<void> {
    await removeSocketProject(this.pool, key, projectId);
    await this.wake(key);
  }

  async httpLogin(key: string, channel: 'main' | 'second', login: { userId: string; authSessionId: string }): Promise<void> {
    await saveSocketLogin(this.pool, key, channel, login, new Date());
    await this.wake(key);
  }

  /** Logs the page's socket out, when it is logged in as `uid` (or not at all). */
  async httpLogout(key: string, channel: 'main' | 'second', uid: string): Promise<void> {
    const current = await loadSocketLogin(this.pool, key, channel);
    if (current?.userId && current.userId !== uid) return;
    await saveSocketLogin(this.pool, key, channel, { userId: null, authSessionId: null }, new Date());
    // Sockets logged in by message as this user log out too.
    for (const socket of this.byKey.get(key) ?? []) {
      if (socket.channel === channel && socket.userId === uid) {
        this.setLogin(socket, LIVE_LOGIN_STATE.loggedOut, null, null);
        await this.recheckSocket(socket);
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

  // Applies the stored HTTP calls of the socket's keys: the newest login, the project set.
  private async reload(socket: LiveSocket): Promise<void> {
    if (socket.channel === 'log') return;
    let newest: SocketLogin | null = null;
    for (const key of socket.keys) {
      const login = await loadSocketLogin(this.pool, key, socket.channel);
      if (login && (!newest || login.updatedAt > newest.updatedAt)) newest = login;
    }
    if (newest && newest.updatedAt.getTime() > socket.loginAppliedAt) {
      socket.loginAppliedAt = newest.updatedAt.getTime();
      if (newest.userId) this.setLogin(socket, LIVE_LOGIN_STATE.loggedIn, newest.userId, newest.authSessionId);
      else if (socket.userId !== null) {
        this.setLogin(socket, LIVE_LOGIN_STATE.loggedOut, null, null);
        await this.recheckSocket(socket);
      }
    }
    if (socket.channel !== 'main') return;
    const wanted = new Set<string>();
    for (const key of socket.keys) for (const projectId of await loadSocketProjects(this.pool, key)) wanted.add(projectId);
    if (!this.sockets.has(socket.ws)) return;
    for (const projectId of wanted) {
      if (!socket.projects.has(projectId)) await this.follow(socket, projectId, null, null, true);
    }
    for (const [projectId, subscription] of socket.projects) {
      if (subscription.viaHttp && !wanted.has(projectId)) this.drop(socket, projectId, 'client');
    }
  }

  private async mayView(socket: LiveSocket, ref: ProjectRef, password: string | null): Promise<string> {
    const opened = await openPublicProjectView(this.pool, { ref, userId: socket.userId, password, clientIp: socket.clientIp, now: new Date() });
    return opened.projectId;
  }

  /** Starts (or restarts) a subscription; with `since`, replays the missed events first. */
  private async follow(socket: LiveSocket, projectId: string, since: Checkpoint | null, password: string | null, viaHttp: boolean): Promise<void> {
    if (since !== null) await this.feed.sync();
    if (!this.sockets.has(socket.ws)) return;
    this.forget(socket, projectId);
    // Taken synchronously with the registration: live events after it reach the queue.
    const upTo = this.feed.position();
    const subscription: Subscription = { projectId, last: since ?? upTo, pending: since === null ? null : [], password, viaHttp };
    socket.projects.set(projectId, subscription);
    this.index(this.byProject, projectId).add(socket);
    this.send(socket, { event: 'subscribed', data: { projectId, checkpoint: upTo }, sub_type: 'project', sub_id: projectId });
    if (since === null) return;
    let missed: FeedEvent[] | null;
    try {
      missed = await this.feed.readProject(projectId, since, upTo, CATCH_UP_SCAN_LIMIT);
    } catch (error) {
      this.logger.warn(`Catch-up read failed: ${String(error)}`);
      missed = null;
    }
    if (socket.projects.get(projectId) !== subscription) return;
    if (missed === null) {
      this.send(socket, { event: 'resync', data: { projectId, checkpoint: upTo }, sub_type: 'project', sub_id: projectId });
    } else {
      for (const event of missed) this.sendEvent(socket, subscription, event, true);
    }
    if (upTo !== null && (subscription.last === null || this.feed.compare(upTo, subscription.last) > 0)) subscription.last = upTo;
    const queued = subscription.pending ?? [];
    subscription.pending = null;
    for (const event of queued) this.sendEvent(socket, subscription, event, false);
  }

  private forget(socket: LiveSocket, projectId: string): boolean {
    if (!socket.projects.delete(projectId)) return false;
    this.unindex(this.byProject, projectId, socket);
    return true;
  }

  private drop(socket: LiveSocket, projectId: string, reason: 'client' | 'not_found' | 'no_permission'): void {
    if (!this.forget(socket, projectId) && reason !== 'client') return;
    this.send(socket, { event: 'unsubscribed', data: { projectId, reason }, sub_type: 'project', sub_id: projectId });
  }

  private deliver(events: readonly FeedEvent[]): void {
    for (const event of events) {
      if (event.sessionEnded) this.endSession(event.sessionEnded.sessionId);
      const live = event.live;
      if (!live) continue;
      const sockets = this.byProject.get(live.projectId);
      if (sockets) {
        const texts: { mine?: string; others?: string } = {};
        for (const socket of sockets) {
          const subscription = socket.projects.get(live.projectId);
          if (subscription) this.sendEvent(socket, subscription, event, false, texts);
        }
      }
      if (event.accessChange) void this.recheckProject(live.projectId);
    }
  }

  private sendEvent(socket: LiveSocket, subscription: Subscription, event: FeedEvent, catchUp: boolean, texts: { mine?: string; others?: string } = {}): void {
    const live = event.live;
    if (!live) return;
    if (subscription.pending && !catchUp) {
      subscription.pending.push(event);
      return;
    }
    if (subscription.last !== null && this.feed.compare(event.checkpoint, subscription.last) <= 0) return;
    subscription.last = event.checkpoint;
    const mine = event.actor !== null && (event.actor === `user:${socket.userId}` || event.actor === `device:${socket.ident}`);
    const build = (): string => JSON.stringify({
      event: live.event, data: catchUp ? { ...live.data, mine, catchUp: true } : { ...live.data, mine }, sub_type: 'project', sub_id: live.projectId,
    });
    let text: string;
    if (catchUp) text = build();
    else if (mine) text = texts.mine ??= build();
    else text = texts.others ??= build();
    this.sendText(socket, text);
  }

  private endSession(authSessionId: string): void {
    for (const socket of this.sockets.values()) {
      if (socket.authSessionId !== authSessionId) continue;
      if (socket.channel === 'second') this.sendText(socket, JSON.stringify({ event: 'logout', data: {}, sub_type: 'service', sub_id: null }));
      this.setLogin(socket, LIVE_LOGIN_STATE.loggedOut, null, null);
      void this.recheckSocket(socket);
    }
  }

  // After a status, visibility or purge event: whoever may no longer see the project is let go.
  private async recheckProject(projectId: string): Promise<void> {
    for (const socket of [...(this.byProject.get(projectId) ?? [])]) await this.recheck(socket, projectId);
  }

  private async recheckSocket(socket: LiveSocket): Promise<void> {
    for (const projectId of [...socket.projects.keys()]) await this.recheck(socket, projectId);
  }

  private async recheck(socket: LiveSocket, projectId: string): Promise<void> {
    const subscription = socket.projects.get(projectId);
    if (!subscription) return;
    try {
      await this.mayView(socket, { by: 'id', projectId }, subscription.password);
    } catch (error) {
      if (!(error instanceof DomainError)) {
        this.logger.warn(`Access recheck failed: ${String(error)}`);
        return;
      }
      if (socket.projects.get(projectId) !== subscription) return;
      this.drop(socket, projectId, error.code === 'not_found' || error.code === 'project_link_invalid' ? 'not_found' : 'no_permission');
    }
  }

  private setLogin(socket: LiveSocket, state: LiveLoginState, userId: string | null, authSessionId: string | null): void {
    socket.login = state;
    socket.userId = userId;
    socket.authSessionId = authSessionId;
    this.send(socket, { event: 'login', data: { state, uid: userId }, sub_type: 'login', sub_id: null });
  }

  private async readApplied(): Promise<Map<string, Checkpoint | null>> {
    const applied = new Map<string, Checkpoint | null>();
    try {
      const rows = await this.pool.query<{ name: string; checkpoint: string | null }>(
        `SELECT v.name, c.checkpoint FROM projection_versions v
           JOIN projection_checkpoints c ON c.name = v.name AND c.version = v.active_version
          WHERE v.name = ANY($1)`, [GOVERNING_PROJECTIONS]);
      for (const row of rows.rows) applied.set(row.name, row.checkpoint);
    } catch (error) {
      // Before the projector's first migration there are no bookkeeping tables.
      if ((error as { code?: string }).code !== '42P01') throw error;
    }
    return applied;
  }

  private send(socket: LiveSocket, message: LiveMessage): void {
    this.sendText(socket, JSON.stringify(message));
  }

  private sendText(socket: LiveSocket, text: string): boolean {
    const ws = socket.ws;
    if (ws.readyState !== ws.OPEN) return false;
    // A client that cannot keep up is dropped; it reconnects with `since` and loses nothing.
    if (ws.bufferedAmount > this.options.maxBufferedBytes) {
      this.logger.warn('Dropping a live client that is not reading its messages');
      ws.terminate();
      return false;
    }
    ws.send(text);
    return true;
  }

  private index<T>(map: Map<string, Set<T>>, key: string): Set<T> {
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    return set;
  }

  private unindex<T>(map: Map<string, Set<T>>, key: string, value: T): void {
    const set = map.get(key);
    if (!set) return;
    set.delete(value);
    if (set.size === 0) map.delete(key);
  }
}
