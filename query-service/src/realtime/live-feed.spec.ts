import type { Checkpoint, RecordedEvent } from '@planwerk/events';
import { PROJECT_TREE_PROJECTION } from '@planwerk/projector';
import { LiveFeed, type FeedEvent } from './live-feed';

// The feed over a log of numbered checkpoints, with the project-tree projection's applied
// position under the test's control (as the projector's checkpoint table would be).
function fixture(count: number) {
  const log: RecordedEvent[] = Array.from({ length: count }, (_, index) => ({
    eventId: `e${index + 1}`,
    type: 'ItemEdited',
    data: { projectId: 'p1', itemId: `i${index + 1}`, name: `Item ${index + 1}` },
    metadata: { actor: { kind: 'system', id: 'test' } },
    schemaVersion: 1,
    streamId: 'project-p1',
    streamVersion: index + 1,
    checkpoint: String(index + 1),
    recordedAt: new Date(0),
  }) as unknown as RecordedEvent);
  let applied: Checkpoint | null = null;
  const delivered: FeedEvent[] = [];
  const feed = new LiveFeed({
    store: {
      readAll: async ({ after, maxCount }) => {
        const events = log.filter((event) => after == null || Number(event.checkpoint) > Number(after)).slice(0, maxCount);
        return { events, checkpoint: events.at(-1)?.checkpoint ?? after ?? null };
      },
      head: async () => log.at(-1)?.checkpoint ?? null,
      compareCheckpoints: (a, b) => Number(a) - Number(b),
    },
    readApplied: async () => new Map([[PROJECT_TREE_PROJECTION, applied]]),
    deliver: (events) => delivered.push(...events),
    hasListeners: () => true,
    pollMs: 60_000,
  });
  return { feed, delivered, apply: (checkpoint: Checkpoint) => { applied = checkpoint; } };
}

describe('LiveFeed', () => {
  it('releases an event only after its read model applied it, in log order', async () => {
    const { feed, delivered, apply } = fixture(3);
    apply('1');
    await feed.start();
    await feed.sync();
    expect(feed.position()).toBe('1');
    apply('3');
    await feed.sync();
    expect(delivered.map((event) => event.checkpoint)).toEqual(['2', '3']);
    expect(feed.position()).toBe('3');
    await feed.stop();
  });

  it('sync reaches what the projection applied even when no wake-up came', async () => {
    const { feed, delivered, apply } = fixture(4);
    apply('2');
    await feed.start();
    apply('4'); // applied, but the notifier's hint was lost
    expect(feed.position()).toBe('2');
    await feed.sync();
    expect(feed.position()).toBe('4');
    expect(delivered.map((event) => event.checkpoint)).toEqual(['3', '4']);
    await feed.stop();
  });

  it('reads the missed events of one project between two checkpoints', async () => {
    const { feed, apply } = fixture(5);
    apply('5');
    await feed.start();
    const missed = await feed.readProject('p1', '2', '4', 100);
    expect(missed?.map((event) => event.checkpoint)).toEqual(['3', '4']);
    expect(await feed.readProject('p1', '1', '5', 2)).toBeNull();
    await feed.stop();
  });
});
