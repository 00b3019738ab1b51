import type { ProjectionChange, ProjectionNotifier } from '../projection-notifier.port';

export interface NotifierFixture {
  /** Publishes; for networked adapters a separate instance from `subscriber`, like two processes. */
  publisher: ProjectionNotifier;
  subscriber: ProjectionNotifier;
  close(): Promise<void>;
}

// Collects what a listener receives and lets a test wait for a given message.
class Inbox {
  readonly received: ProjectionChange[] = [];
  private waiters: Array<() => void> = [];

  readonly listener = (change: ProjectionChange): void => {
    this.received.push(change);
    for (const wake of this.waiters) wake();
  };

  async waitFor(predicate: (received: ProjectionChange[]) => boolean, timeoutMs = 5000): Promise<void> {
    const started = Date.now();
    while (!predicate(this.received)) {
      const left = timeoutMs - (Date.now() - started);
      if (left <= 0) throw new Error(`timed out; received ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      this.waiters = [];
    }
  }
}

const withProjection = (projection: string) => (received: ProjectionChange[]) =>
  received.some((change) => change.projection === projection);

export function describeProjectionNotifierContract(name: string, setup: () => Promise<NotifierFixture>): void {
  describe(`ProjectionNotifier contract: ${name}`, () => {
    let fixture: NotifierFixture;

    beforeEach(async () => {
      fixture = await setup();
      await Promise.all([fixture.publisher.ready(), fixture.subscriber.ready()]);
    });

    afterEach(async () => {
      await fixture.close();
    });

    it('delivers a published change to every subscriber', async () => {
      const first = new Inbox();
      const second = new Inbox();
      fixture.subscriber.subscribe(first.listener);
      fixture.subscriber.subscribe(second.listener);

      await fixture.publisher.publish({ projection: 'project-overview', checkpoint: '42' });

      await first.waitFor(withProjection('project-overview'));
      await second.waitFor(withProjection('project-overview'));
      expect(first.received).toEqual([{ projection: 'project-overview', checkpoint: '42' }]);
      expect(second.received).toEqual([{ projection: 'project-overview', checkpoint: '42' }]);
    });

    it('stops delivery to a listener after it unsubscribes', async () => {
      const leaving = new Inbox();
      const staying = new Inbox();
      const unsubscribe = fixture.subscriber.subscribe(leaving.listener);
      fixture.subscriber.subscribe(staying.listener);

      await fixture.publisher.publish({ projection: 'before', checkpoint: '1' });
      await leaving.waitFor(withProjection('before'));
      unsubscribe();
      await fixture.publisher.publish({ projection: 'after', checkpoint: '2' });
      // Both listeners sit on one delivery path: once `staying` has it, `leaving` would have too.
      await staying.waitFor(withProjection('after'));

      expect(leaving.received.map((change) => change.projection)).toEqual(['before']);
      expect(staying.received.map((change) => change.projection)).toEqual(['before', 'after']);
    });

    it('round-trips the payload, keys included, and keeps the publish order', async () => {
      const inbox = new Inbox();
      fixture.subscriber.subscribe(inbox.listener);
      const changes: ProjectionChange[] = [
        { projection: 'team-activity', checkpoint: '0000000000000012:00000007', keys: ['team-1', 'Grüße ✓', ''] },
        { projection: 'team-activity', checkpoint: '0000000000000013:00000001', keys: [] },
        { projection: 'signup-list', checkpoint: 'opaque/"quoted"' },
      ];
      for (const change of changes) await fixture.publisher.publish(change);

      await inbox.waitFor((received) => received.length === changes.length);
      expect(inbox.received).toEqual(changes);
      expect('keys' in inbox.received[2]).toBe(false);
    });

    it('rejects a change without a projection name', async () => {
      await expect(fixture.publisher.publish({ projection: '', checkpoint: '1' })).rejects.toThrow();
    });
  });
}
