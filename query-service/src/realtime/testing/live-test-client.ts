import type { LiveMessage } from '@planwerk/events';
import WebSocket from 'ws';

/**
 * A test client of /v5/ws that queues what the server sends, so no message is missed between
 * awaits. `M` is the shape of the server's messages (live events by default, or the projection
 * gateway's); `timeoutMs` is how long `next` and `until` wait unless told otherwise.
 */
export class LiveTestClient<M extends { event: string } = LiveMessage> {
  private readonly inbox: M[] = [];
  private readonly waiting: Array<(message: M) => void> = [];
  private readonly closeCode: Promise<number>;

  private constructor(readonly socket: WebSocket, private readonly timeoutMs: number) {
    this.closeCode = new Promise((resolve) => socket.once('close', (code) => resolve(code)));
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as M;
      const next = this.waiting.shift();
      if (next) next(message);
      else this.inbox.push(message);
    });
  }

  static async connect<M extends { event: string } = LiveMessage>(url: string, options: { timeoutMs?: number; headers?: Record<string, string> } = {}): Promise<LiveTestClient<M>> {
    const socket = new WebSocket(url, options.headers ? { headers: options.headers } : undefined);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new LiveTestClient<M>(socket, options.timeoutMs ?? 5_000);
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  next(timeoutMs = this.timeoutMs): Promise<M> {
    const queued = this.inbox.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const waiter = (message: M): void => {
        clearTimeout(timer);
        resolve(message);
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(new Error('no message within the time limit'));
      }, timeoutMs);
      this.waiting.push(waiter);
    });
  }

  /** The next message with this event name; others before it are returned in `skipped`. */
  async until(event: string, timeoutMs = this.timeoutMs): Promise<{ message: M; skipped: M[] }> {
    const skipped: M[] = [];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = await this.next(Math.max(1, deadline - Date.now()));
      if (message.event === event) return { message, skipped };
      skipped.push(message);
    }
  }

  /** Nothing arrives within the window. */
  async silentFor(ms: number): Promise<boolean> {
    try {
      await this.next(ms);
      return false;
    } catch {
      return true;
    }
  }

  /** The close code the server ended the socket with (waits for the close). */
  closed(timeoutMs = this.timeoutMs): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('not closed within the time limit')), timeoutMs);
    });
    return Promise.race([this.closeCode, late]).finally(() => clearTimeout(timer));
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
