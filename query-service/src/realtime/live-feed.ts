import { isLiveEventType, LIVE_ACCESS_EVENTS, liveEventOf, type Checkpoint, type EventStore, type LiveEvent, type RecordedEvent } from '@planwerk/events';
import { type Queryable } from '@planwerk/platform';
import { COMMENTS_PROJECTION, PROJECT_TREE_PROJECTION } from '@planwerk/projector';

// The committed log as realtime events, released only after the read model that shows them
// has applied them (ADR 0009). One feed per query-service instance: it reads the log once from
// its cursor for every wake-up and hands each released event to the hub, which fans it out to
// the subscribers of its project. Everything at or before the cursor has been handed over.

/** Which projection must have applied an event before its realtime event goes out. */
export function governorOf(type: string): string | null {
  if (type === 'CommentAdded' || type === 'CommentRemoved') return COMMENTS_PROJECTION;
  return PROJECT_TREE_PROJECTION;
}

export const GOVERNING_PROJECTIONS: readonly string[] = [PROJECT_TREE_PROJECTION, COMMENTS_PROJECTION];

/** The applied checkpoints of the governing projections' active versions (the feed's `readApplied`). */
export async function readGoverningCheckpoints(db: Queryable): Promise<Map<string, Checkpoint | null>> {
  const applied = new Map<string, Checkpoint | null>();
  try {
    const rows = await db.query<{ name: string; checkpoint: string | null }>(
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

export interface FeedEvent {
  checkpoint: Checkpoint;
  type: string;
  live: LiveEvent | null;
  /** Status, visibility or purge: subscribers of the project are checked again. */
  accessChange: boolean;
  /** The actor, to tell a socket "this was you" (`user:<id>` or the anonymous `device:<id>`). */
  actor: string | null;
  /** A session ended (logout, password change, erasure): its sockets are logged out. */
  sessionEnded: { userId: string; sessionId: string } | null;
}

function actorOf(event: RecordedEvent): string | null {
  const actor = event.metadata.actor;
  if (actor.kind === 'user') return `user:${actor.id}`;
  if (actor.kind === 'anonymous') return actor.id.startsWith('device:') ? actor.id : `device:${actor.id}`;
  return null;
}

/** The feed's view of an event, or null when no socket hears of it. */
export function toFeedEvent(event: RecordedEvent): FeedEvent | null {
  if (event.type === 'SessionEnded') {
    const data = event.data as { userId?: unknown; sessionId?: unknown };
    if (typeof data.userId !== 'string' || typeof data.sessionId !== 'string') return null;
    return { checkpoint: event.checkpoint, type: event.type, live: null, accessChange: false, actor: null, sessionEnded: { userId: data.userId, sessionId: data.sessionId } };
  }
  if (!isLiveEventType(event.type)) return null;
  const live = liveEventOf(event);
  if (live === null) return null;
  return { checkpoint: event.checkpoint, type: event.type, live, accessChange: LIVE_ACCESS_EVENTS.has(event.type), actor: actorOf(event), sessionEnded: null };
}

export interface LiveFeedOptions {
  store: Pick<EventStore, 'readAll' | 'head' | 'compareCheckpoints'>;
  /** The checkpoints of the governing projections that exist (absent = not running here). */
  readApplied(): Promise<Map<string, Checkpoint | null>>;
  /** Released events, in log order; called synchronously with the cursor already moved. */
  deliver(events: FeedEvent[]): void;
  /** False when no socket is connected: the cursor then jumps without reading. */
  hasListeners(): boolean;
  pageSize?: number;
  /** Fallback look at the projections' checkpoints when no wake-up came (a hint may be lost). */
  pollMs?: number;
  onError?(error: unknown): void;
}

export class LiveFeed {
  private cursor: Checkpoint | null = null;
  private applied = new Map<string, Checkpoint | null>();
  private pumping: Promise<void> | null = null;
  private again = false;
  private poller: NodeJS.Timeout | null = null;
  private started = false;
  private readonly pageSize: number;

  constructor(private readonly options: LiveFeedOptions) {
    this.pageSize = options.pageSize ?? 500;
  }

  /** Everything at or before this checkpoint has been delivered (null: nothing in the log yet). */
  position(): Checkpoint | null {
    return this.cursor;
  }

  async start(): Promise<void> {
    this.applied = await this.options.readApplied();
    this.cursor = await this.lowestApplied();
    this.started = true;
    const pollMs = this.options.pollMs ?? 1_000;
    this.poller = setInterval(() => void this.refresh(), pollMs);
    this.poller.unref();
    this.schedule();
  }

  stop(): Promise<void> {
    this.started = false;
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    return this.pumping ?? Promise.resolve();
  }

  /** A "projection changed" wake-up from the notifier. */
  hint(projection: string, checkpoint: Checkpoint): void {
    if (!GOVERNING_PROJECTIONS.includes(projection)) return;
    const known = this.applied.get(projection);
    if (known === undefined || known === null || this.compare(checkpoint, known) > 0) this.applied.set(projection, checkpoint);
    this.schedule();
  }

  compare(a: Checkpoint, b: Checkpoint): number {
    return this.options.store.compareCheckpoints(a, b);
  }

  /** True when `checkpoint` is one the store can compare (a client's `since`). */
  comparable(checkpoint: string): boolean {
    try {
      this.compare(checkpoint, checkpoint);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Moves the cursor up to what the governing projections have applied right now, for a
   * subscriber that resumes: its catch-up then covers every change committed before it came,
   * instead of some of them arriving a moment later as live events.
   */
  async sync(): Promise<void> {
    if (!this.started) return;
    await this.refresh();
    while (this.pumping) await this.pumping;
  }

  /**
   * The realtime events of one project after `since` up to `upTo`, read from the log; null when
   * more than `scanLimit` events would have to be read (the client reloads instead).
   */
  async readProject(projectId: string, since: Checkpoint, upTo: Checkpoint | null, scanLimit: number): Promise<FeedEvent[] | null> {
    if (upTo === null || this.compare(since, upTo) >= 0) return [];
    const found: FeedEvent[] = [];
    let after = since;
    let scanned = 0;
    for (;;) {
      const slice = await this.options.store.readAll({ after, maxCount: this.pageSize });
      for (const event of slice.events) {
        if (this.compare(event.checkpoint, upTo) > 0) return found;
        scanned += 1;
        if (scanned > scanLimit) return null;
        const feed = toFeedEvent(event);
        if (feed?.live && feed.live.projectId === projectId) found.push(feed);
      }
      const last = slice.events[slice.events.length - 1];
      if (!last || slice.events.length < this.pageSize) return found;
      after = last.checkpoint;
    }
  }

  private async refresh(): Promise<void> {
    try {
      const fresh = await this.options.readApplied();
      for (const [name, checkpoint] of fresh) {
        const known = this.applied.get(name);
        if (known === undefined || known === null || (checkpoint !== null && this.compare(checkpoint, known) > 0)) this.applied.set(name, checkpoint);
      }
      for (const name of [...this.applied.keys()]) if (!fresh.has(name)) this.applied.delete(name);
      this.schedule();
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  private schedule(): void {
    if (!this.started) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = (async () => {
      do {
        this.again = false;
        try {
          await this.pump();
        } catch (error) {
          this.options.onError?.(error);
        }
      } while (this.again && this.started);
      this.pumping = null;
    })();
  }

  // The lowest checkpoint every governing projection has reached; the head when none runs here.
  private async lowestApplied(): Promise<Checkpoint | null> {
    if (this.applied.size === 0) return this.options.store.head();
    let lowest: Checkpoint | null | undefined;
    for (const checkpoint of this.applied.values()) {
      if (checkpoint === null) return null;
      if (lowest === undefined || lowest === null || this.compare(checkpoint, lowest) < 0) lowest = checkpoint;
    }
    return lowest ?? null;
  }

  private async pump(): Promise<void> {
    for (;;) {
      if (!this.options.hasListeners()) {
        // Nobody to tell: move on without reading; a socket that connects later starts here.
        const lowest = await this.lowestApplied();
        // A socket that came meanwhile may have taken the old cursor as its starting point.
        if (this.options.hasListeners()) continue;
        if (lowest !== null && (this.cursor === null || this.compare(lowest, this.cursor) > 0)) this.cursor = lowest;
        return;
      }
      const slice = await this.options.store.readAll({ after: this.cursor, maxCount: this.pageSize });
      if (slice.events.length === 0) return;
      const released: FeedEvent[] = [];
      let blocked = false;
      for (const event of slice.events) {
        const feed = toFeedEvent(event);
        if (feed && !this.isApplied(feed)) {
          blocked = true;
          break;
        }
        this.cursor = event.checkpoint;
        if (feed) released.push(feed);
      }
      if (released.length > 0) this.options.deliver(released);
      if (blocked || slice.events.length < this.pageSize) return;
    }
  }

  private isApplied(event: FeedEvent): boolean {
    if (event.sessionEnded) return true;
    const governor = governorOf(event.type);
    if (governor === null || !this.applied.has(governor)) return true;
    const applied = this.applied.get(governor) ?? null;
    return applied !== null && this.compare(event.checkpoint, applied) <= 0;
  }
}
