import { randomUUID } from 'node:crypto';
import type { EventStore, RecordedEvent, SubscribeOptions, Subscription } from '@planwerk/events';
import type { RelayCheckpoints } from '../relay-checkpoints';
import { RelayCheckpointMoved } from '../relay-checkpoints';

// Test doubles for the relay's unit tests: the part of the EventStore port the relay uses
// (subscribe, in log order, stopping on a handler error) and in-memory checkpoints.

export interface MemoryEventLog extends Pick<EventStore, 'subscribe'> {
  append(streamId: string, count: number): RecordedEvent[];
  readonly events: RecordedEvent[];
}

export function createMemoryEventLog(): MemoryEventLog {
  const events: RecordedEvent[] = [];
  const wakers = new Set<() => void>();
  const versions = new Map<string, number>();

  return {
    events,
    append(streamId, count) {
      const appended = Array.from({ length: count }, () => {
        const streamVersion = (versions.get(streamId) ?? 0) + 1;
        versions.set(streamId, streamVersion);
        const event: RecordedEvent = {
          eventId: randomUUID(),
          type: 'ThingHappened',
          data: { n: events.length + 1 },
          metadata: {
            commandId: randomUUID(),
            correlationId: randomUUID(),
            causationId: null,
            actor: { kind: 'system', id: 'relay-test' },
            teamId: null,
            schemaVersion: 1,
          },
          streamId,
          streamVersion,
          checkpoint: String(events.length + 1).padStart(8, '0'),
          recordedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, events.length)),
        };
        events.push(event);
        return event;
      });
      for (const wake of wakers) wake();
      return appended;
    },
    subscribe(options: SubscribeOptions): Subscription {
      let stopped = false;
      let wake: () => void = () => undefined;
      const waker = () => wake();
      wakers.add(waker);
      const done = (async () => {
        let next = options.after ? events.findIndex((event) => event.checkpoint === options.after) + 1 : 0;
        while (!stopped) {
          const batch = events.slice(next, next + (options.batchSize ?? 100));
          if (batch.length === 0) {
            await new Promise<void>((resolve) => (wake = resolve));
            continue;
          }
          try {
            await options.handle(batch);
          } catch (error) {
            options.onError?.(error);
            break;
          }
          next += batch.length;
        }
        wakers.delete(waker);
      })();
      return {
        done,
        async stop() {
          stopped = true;
          wake();
          await done;
        },
      };
    },
  };
}

export function createMemoryCheckpoints(name: string, initial: string | null = null) {
  const state = { checkpoint: initial, advances: 0 };
  const checkpoints: RelayCheckpoints = {
    async load() {
      return state.checkpoint;
    },
    async advance(from, to) {
      if (state.checkpoint !== from) throw new RelayCheckpointMoved(name);
      state.checkpoint = to;
      state.advances += 1;
    },
  };
  return { checkpoints, state };
}
