import {
  createInProcessBus,
  decodeRelayedEvent,
  type DeliveredMessage,
  type MessageBus,
} from '@planwerk/platform';
import { runRelay } from './relay';
import { RelayCheckpointMoved } from './relay-checkpoints';
import { createMemoryCheckpoints, createMemoryEventLog } from './testing/memory-event-log';

async function until(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function collect(bus: MessageBus, topic = 'planwerk.events') {
  const received: DeliveredMessage[] = [];
  const subscription = bus.subscribe({ topic, groupId: 'test', handle: async (messages) => void received.push(...messages) });
  return { received, subscription };
}

describe('relay', () => {
  it('publishes every committed event in log order, keyed by stream id, then advances its checkpoint', async () => {
    const log = createMemoryEventLog();
    const bus = createInProcessBus();
    const { checkpoints, state } = createMemoryCheckpoints('relay');
    log.append('project-1', 3);
    log.append('project-2', 2);
    const { received } = collect(bus);
    const relay = runRelay({ store: log, bus, checkpoints, batchSize: 2 });

    log.append('project-1', 1);
    await until(() => received.length === 6, 'six messages');
    await until(() => state.checkpoint === log.events[5].checkpoint, 'the checkpoint');
    await relay.stop();
    await bus.close();

    expect(received.map((message) => message.key)).toEqual(log.events.map((event) => event.streamId));
    expect(received.map(decodeRelayedEvent)).toEqual(log.events);
    expect(received[0].headers).toEqual({ 'event-id': log.events[0].eventId, 'event-type': 'ThingHappened' });
    expect(await relay.done).toEqual({ kind: 'stopped' });
  });

  it('resumes after its checkpoint', async () => {
    const log = createMemoryEventLog();
    const bus = createInProcessBus();
    const events = log.append('team-1', 5);
    const { checkpoints } = createMemoryCheckpoints('relay', events[2].checkpoint);
    const { received } = collect(bus);
    const relay = runRelay({ store: log, bus, checkpoints });

    await until(() => received.length === 2, 'the two newer events');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await relay.stop();
    await bus.close();
    expect(received.map((message) => decodeRelayedEvent(message).eventId)).toEqual([events[3].eventId, events[4].eventId]);
  });

  it('keeps its checkpoint when publishing fails and retries the same events', async () => {
    const log = createMemoryEventLog();
    const inner = createInProcessBus();
    let failures = 2;
    const flaky: MessageBus = {
      ...inner,
      async publish(topic, messages) {
        if (failures > 0) {
          failures -= 1;
          throw new Error('broker unavailable');
        }
        await inner.publish(topic, messages);
      },
    };
    const { checkpoints, state } = createMemoryCheckpoints('relay');
    const errors: unknown[] = [];
    const checkpointsSeen: (string | null)[] = [];
    log.append('stream-1', 3);
    const { received } = collect(inner);
    const relay = runRelay({
      store: log,
      bus: flaky,
      checkpoints,
      retryDelayMs: 1,
      onError: (error) => {
        errors.push(error);
        checkpointsSeen.push(state.checkpoint);
      },
    });

    await until(() => received.length === 3, 'the events after the retries');
    await relay.stop();
    await inner.close();
    expect(errors.map(String)).toEqual(['Error: broker unavailable', 'Error: broker unavailable']);
    expect(checkpointsSeen).toEqual([null, null]);
    expect(state.checkpoint).toBe(log.events[2].checkpoint);
    expect(received.map((message) => decodeRelayedEvent(message).eventId)).toEqual(log.events.map((event) => event.eventId));
  });

  it('stops with RelayCheckpointMoved when another relay moved its checkpoint', async () => {
    const log = createMemoryEventLog();
    const bus = createInProcessBus();
    const { checkpoints, state } = createMemoryCheckpoints('relay');
    log.append('stream-1', 1);
    const relay = runRelay({ store: log, bus, checkpoints });
    await until(() => state.advances === 1, 'the first batch');

    state.checkpoint = 'moved-elsewhere';
    log.append('stream-1', 1);
    const end = await relay.done;
    await bus.close();
    expect(end.kind).toBe('failed');
    if (end.kind === 'failed') expect(end.error).toBeInstanceOf(RelayCheckpointMoved);
  });
});
