import type { NotifierOptions, ProjectionChange, ProjectionListener } from './projection-notifier.port';

// The local fan-out shared by every adapter: one failing listener must not starve the others.
export class ListenerSet {
  private readonly listeners = new Set<ProjectionListener>();

  constructor(private readonly options: NotifierOptions) {}

  add(listener: ProjectionListener): () => void {
    // Wrap so the same function subscribed twice gets two independent subscriptions.
    const entry: ProjectionListener = (change) => listener(change);
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  deliver(change: ProjectionChange): void {
    for (const listener of [...this.listeners]) {
      try {
        // Each listener gets its own copy so one cannot mutate what the next one sees.
        listener(change.keys === undefined ? { ...change } : { ...change, keys: [...change.keys] });
      } catch (error) {
        this.reportError(error);
      }
    }
  }

  reportError(error: unknown): void {
    this.options.onError?.(error);
  }

  clear(): void {
    this.listeners.clear();
  }
}
