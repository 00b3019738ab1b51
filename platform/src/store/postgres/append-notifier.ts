import { randomUUID } from 'node:crypto';
import { Client, type Pool, type PoolClient } from 'pg';
import { EVENTS_CHANNEL } from './event-store.schema';

interface ListenConnection {
  client: Client | PoolClient;
  release(broken?: boolean): Promise<void>;
}

interface Waiter {
  resolve(): void;
  timer: NodeJS.Timeout;
}

// A hint needs no durability: skipping the WAL flush keeps the NOTIFY lock (which PostgreSQL
// holds through commit) short. The payload names the sender, so a store ignores its own echo.
const ANNOUNCE_SQL = `SELECT set_config('synchronous_commit', 'off', true), pg_notify('${EVENTS_CHANNEL}', $1)`;

// At most one NOTIFY per interval: a busy writer would otherwise pay a statement per append
// (~10% of a 100-event append), and other processes' subscriptions only lose this much latency.
const ANNOUNCE_INTERVAL_MS = 20;

/**
 * One LISTEN connection per store wakes its subscriptions when an append commits. It is only a
 * hint: subscriptions poll anyway, because a rolled-back or non-event transaction can also
 * move the visibility bound without any notification.
 */
export class AppendNotifier {
  private connection: ListenConnection | null = null;
  private connecting: Promise<void> | null = null;
  private readonly waiters = new Set<Waiter>();
  private closed = false;
  private readonly senderId = randomUUID();
  private announcePending = false;
  private announcing: Promise<void> | null = null;
  private lastAnnouncedAt = 0;
  /** Increases on every notification; lets a poller detect one that arrived while it was reading. */
  generation = 0;

  constructor(
    private readonly pool: Pool,
    private readonly connectionString: string | undefined,
  ) {}

  /** Resolves on the next notification after `generation`, after `timeoutMs`, or on close. */
  async wait(sinceGeneration: number, timeoutMs: number): Promise<void> {
    if (this.closed || this.generation !== sinceGeneration) return;
    await this.ensureListening().catch(() => undefined);
    if (this.closed || this.generation !== sinceGeneration) return;
    await new Promise<void>((resolve) => {
      const waiter: Waiter = {
        resolve: () => {
          clearTimeout(waiter.timer);
          this.waiters.delete(waiter);
          resolve();
        },
        timer: setTimeout(() => waiter.resolve(), timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /**
   * Called after an append committed: wakes this store's subscriptions at once and other
   * processes through NOTIFY, sent after the commit, at most one statement per interval.
   */
  announce(): void {
    this.wakeAll();
    if (this.closed) return;
    this.announcePending = true;
    this.announcing ??= this.sendAnnouncements().finally(() => {
      this.announcing = null;
    });
  }

  wakeAll(): void {
    this.generation += 1;
    for (const waiter of [...this.waiters]) waiter.resolve();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    await this.announcing;
    await this.connecting?.catch(() => undefined);
    const connection = this.connection;
    this.connection = null;
    await connection?.release();
  }

  private async sendAnnouncements(): Promise<void> {
    while (this.announcePending) {
      const wait = this.lastAnnouncedAt + ANNOUNCE_INTERVAL_MS - Date.now();
      if (wait > 0 && !this.closed) await new Promise((resolve) => setTimeout(resolve, wait));
      this.announcePending = false;
      this.lastAnnouncedAt = Date.now();
      // A lost hint only costs latency: every subscription also polls.
      await this.pool.query({ name: 'planwerk_announce', text: ANNOUNCE_SQL, values: [this.senderId] }).catch(() => undefined);
    }
  }

  private ensureListening(): Promise<void> {
    if (this.connection || this.closed) return Promise.resolve();
    this.connecting ??= this.listen().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async listen(): Promise<void> {
    const connection = await this.connect();
    const { client } = connection;
    client.on('notification', (message) => {
      if (message.payload !== this.senderId) this.wakeAll();
    });
    // A lost listener only costs latency: the next wait reconnects and pollers keep polling.
    client.on('error', () => {
      if (this.connection === connection) this.connection = null;
      void connection.release(true).catch(() => undefined);
      this.wakeAll();
    });
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    if (this.closed) {
      await connection.release();
      return;
    }
    this.connection = connection;
  }

  private async connect(): Promise<ListenConnection> {
    if (this.connectionString) {
      const client = new Client({ connectionString: this.connectionString });
      await client.connect();
      return { client, release: () => client.end() };
    }
    const client = await this.pool.connect();
    return {
      client,
      release: async (broken = false) => {
        if (!broken) await client.query(`UNLISTEN ${EVENTS_CHANNEL}`).catch(() => undefined);
        client.release(broken);
      },
    };
  }
}
