import type { Logger } from '@nestjs/common';
import { DomainError, type Checkpoint, type LiveMessage } from '@planwerk/events';
import type { Clock } from '@planwerk/platform';
import type { Pool } from 'pg';
import { openPublicProjectView } from '../shared/projects/project-view.access';
import type { ProjectRef } from '../shared/projects/project-read-models';
import { indexed, unindex, type LiveSocket, type Subscription } from './hub-socket';
import type { FeedEvent, LiveFeed } from './live-feed';

// The project subscriptions of this instance's sockets (ADR 0009). The feed hands over released
// events in log order; each subscription remembers the newest checkpoint it was sent, so a
// change is never sent twice, and a subscription that resumes from `since` first replays the
// missed events from the log while live ones wait in its queue.

/**
 * A resuming client reads at most this many log events (default); beyond, it is told to
 * reload (`resync`). Bounds what one client-chosen `since` can make the service read.
 */
export const CATCH_UP_SCAN_LIMIT = 1_000;

export type DropReason = 'client' | 'not_found' | 'no_permission';

export interface ProjectSubscriptionsDeps {
  pool: Pool;
  /** The time of the access checks (a project's open and close times). */
  clock: Clock;
  feed: LiveFeed;
  logger: Logger;
  /** Log events one catch-up may read before it answers `resync` instead. */
  catchUpScanLimit?: number;
  /** Still connected to this instance. */
  isAttached(socket: LiveSocket): boolean;
  send(socket: LiveSocket, message: LiveMessage): void;
  sendText(socket: LiveSocket, text: string): boolean;
}

export class ProjectSubscriptions {
  private readonly byProject = new Map<string, Set<LiveSocket>>();

  constructor(private readonly deps: ProjectSubscriptionsDeps) {}

  /** The project a socket may view (the public view's rules); throws the view's DomainError. */
  async mayView(socket: LiveSocket, ref: ProjectRef, password: string | null): Promise<string> {
    const opened = await openPublicProjectView(this.deps.pool, { ref, userId: socket.userId, password, clientIp: socket.clientIp, now: this.deps.clock.now() });
    return opened.projectId;
  }

  /**
   * A subscription asked for over HTTP (wss/subscribe): followed only when the socket's own
   * user (or the anonymous visitor) may view the project, with no password; refused ones are
   * skipped without a word, so a socket presenting another page's ids learns nothing.
   */
  async followIfVisible(socket: LiveSocket, projectId: string): Promise<boolean> {
    try {
      await this.mayView(socket, { by: 'id', projectId }, null);
    } catch (error) {
      if (!(error instanceof DomainError)) this.deps.logger.warn(`Access check failed: ${String(error)}`);
      return false;
    }
    await this.follow(socket, projectId, null, null, true);
    return true;
  }

  /** Starts (or restarts) a subscription; with `since`, replays the missed events first. */
  async follow(socket: LiveSocket, projectId: string, since: Checkpoint | null, password: string | null, viaHttp: boolean): Promise<void> {
    const { feed } = this.deps;
    // The feed first catches up with what the read models show now: a resuming client's
    // catch-up then covers every change committed before it came, and a new subscriber, whose
    // view already shows those changes, is not sent them a moment later as live events.
    await feed.sync();
    if (!this.deps.isAttached(socket)) return;
    // A stored HTTP subscription followed meanwhile (by the client or another wake-up) stays as is.
    if (viaHttp && socket.projects.has(projectId)) return;
    this.forget(socket, projectId);
    // Taken synchronously with the registration: live events after it reach the queue.
    const upTo = feed.position();
    const subscription: Subscription = { projectId, last: since ?? upTo, pending: since === null ? null : [], password, viaHttp };
    socket.projects.set(projectId, subscription);
    indexed(this.byProject, projectId).add(socket);
    this.deps.send(socket, { event: 'subscribed', data: { projectId, checkpoint: upTo }, sub_type: 'project', sub_id: projectId });
    if (since === null) return;
    let missed: FeedEvent[] | null;
    try {
      missed = await feed.readProject(projectId, since, upTo, this.deps.catchUpScanLimit ?? CATCH_UP_SCAN_LIMIT);
    } catch (error) {
      this.deps.logger.warn(`Catch-up read failed: ${String(error)}`);
      missed = null;
    }
    if (socket.projects.get(projectId) !== subscription) return;
    if (missed === null) {
      this.deps.send(socket, { event: 'resync', data: { projectId, checkpoint: upTo }, sub_type: 'project', sub_id: projectId });
    } else {
      for (const event of missed) this.sendEvent(socket, subscription, event, true);
    }
    if (upTo !== null && (subscription.last === null || feed.compare(upTo, subscription.last) > 0)) subscription.last = upTo;
    const queued = subscription.pending ?? [];
    subscription.pending = null;
    for (const event of queued) this.sendEvent(socket, subscription, event, false);
  }

  drop(socket: LiveSocket, projectId: string, reason: DropReason): void {
    if (!this.forget(socket, projectId) && reason !== 'client') return;
    this.deps.send(socket, { event: 'unsubscribed', data: { projectId, reason }, sub_type: 'project', sub_id: projectId });
  }

  /** A socket went away: it follows nothing any more. */
  detach(socket: LiveSocket): void {
    for (const projectId of socket.projects.keys()) unindex(this.byProject, projectId, socket);
    socket.projects.clear();
  }

  clear(): void {
    this.byProject.clear();
  }

  /** Released feed events to the subscribers of their project; access changes are checked again. */
  deliver(event: FeedEvent): void {
    const live = event.live;
    if (!live) return;
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

  // After a status, visibility or purge event: whoever may no longer see the project is let go.
  async recheckProject(projectId: string): Promise<void> {
    for (const socket of [...(this.byProject.get(projectId) ?? [])]) await this.recheck(socket, projectId);
  }

  /** After a login change: the socket keeps only what its new user may see. */
  async recheckSocket(socket: LiveSocket): Promise<void> {
    for (const projectId of [...socket.projects.keys()]) await this.recheck(socket, projectId);
  }

  private forget(socket: LiveSocket, projectId: string): boolean {
    if (!socket.projects.delete(projectId)) return false;
    unindex(this.byProject, projectId, socket);
    return true;
  }

  private async recheck(socket: LiveSocket, projectId: string): Promise<void> {
    const subscription = socket.projects.get(projectId);
    if (!subscription) return;
    try {
      await this.mayView(socket, { by: 'id', projectId }, subscription.password);
    } catch (error) {
      if (!(error instanceof DomainError)) {
        this.deps.logger.warn(`Access recheck failed: ${String(error)}`);
        return;
      }
      if (socket.projects.get(projectId) !== subscription) return;
      this.drop(socket, projectId, error.code === 'not_found' || error.code === 'project_link_invalid' ? 'not_found' : 'no_permission');
    }
  }

  private sendEvent(socket: LiveSocket, subscription: Subscription, event: FeedEvent, catchUp: boolean, texts: { mine?: string; others?: string } = {}): void {
    const live = event.live;
    if (!live) return;
    if (subscription.pending && !catchUp) {
      subscription.pending.push(event);
      return;
    }
    if (subscription.last !== null && this.deps.feed.compare(event.checkpoint, subscription.last) <= 0) return;
    subscription.last = event.checkpoint;
    const mine = event.actor !== null && (event.actor === `user:${socket.userId}` || event.actor === `device:${socket.ident}`);
    const build = (): string => JSON.stringify({
      event: live.event, data: catchUp ? { ...live.data, mine, catchUp: true } : { ...live.data, mine }, sub_type: 'project', sub_id: live.projectId,
    });
    let text: string;
    if (catchUp) text = build();
    else if (mine) text = texts.mine ??= build();
    else text = texts.others ??= build();
    this.deps.sendText(socket, text);
  }
}
