import { createEventCatalogue, type EventStore } from '@planwerk/events';
import { appendEvents, openPostgresEventStore } from '@planwerk/platform';
import { activityLogProjection, getProjectionStatus, projectionCheckpoint, rebuildProjection } from '@planwerk/projector';
import { Pool } from 'pg';
import { describeWith } from '../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../scripts/testing/database';
import { isSuccess, newDeviceId, sendVote, voteRequest } from './support/planwerk-http';
import { freePort, newSecrets, startService, stopAll, type ServiceProcess } from './support/service-process';
import { activityEventIds, activitySnapshot, feedbackVotedEvent, sorted, storeEventIds, votesPerFeedback } from './support/store-checks';
import { startVoteLoad } from './support/vote-load';
import { sleep, until } from './support/wait';

// Faults 1 and 2 (security-and-reliability.md): the projector as its own process, killed with
// SIGKILL during appends, and held back by a writer that keeps its transaction open.

describeWith('postgres', 'faults 1–2: the projector process under SIGKILL and a slow writer', () => {
  const secrets = newSecrets();
  const catalogue = createEventCatalogue();
  let database: TestDatabase;
  let pool: Pool;
  let store: EventStore;
  let command: ServiceProcess | undefined;
  let projector: ServiceProcess | undefined;
  let baseUrl: string;

  const startProjector = () => startService('projector', {
    DATABASE_URL: database.url, PERSONAL_DATA_MASTER_KEY: secrets.PERSONAL_DATA_MASTER_KEY, PROJECTOR_INSTANCE_ID: `faults-${Date.now()}`,
  });

  async function caughtUp(): Promise<boolean> {
    const [ids, projected] = await Promise.all([storeEventIds(pool), activityEventIds(pool).catch(() => [])]);
    const checkpoint = await projectionCheckpoint(pool, 'activity-log').catch(() => null);
    return projected.length === ids.length && checkpoint === (await store.head());
  }

  beforeAll(async () => {
    database = await createTestDatabase('faults_projector');
    pool = new Pool({ connectionString: database.url, max: 6 });
    // DROP DATABASE … WITH (FORCE) in afterAll ends idle connections; that is expected here.
    pool.on('error', () => undefined);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    command = await startService('command-service', { DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', ...secrets });
    store = await openPostgresEventStore({ pool, catalogue, masterKey: secrets.PERSONAL_DATA_MASTER_KEY });
    projector = await startProjector();
  }, 60_000);

  afterAll(async () => {
    await stopAll([command, projector]);
    await store?.close();
    await pool?.end();
    await database?.drop();
  }, 60_000);

  it('fault 2: a writer holding its transaction open while others commit: the projector applies its event once it commits', async () => {
    const writer = await pool.connect();
    const slow = feedbackVotedEvent();
    try {
      await writer.query('BEGIN');
      await appendEvents(writer, slow.streamId, [slow.event]);
      const device = newDeviceId();
      const fast = await Promise.all(Array.from({ length: 12 }, () => sendVote(baseUrl, voteRequest(device))));
      expect(fast.every(isSuccess)).toBe(true);
      // Long enough for several polls and wake-ups: a reader ordered by position alone would
      // move past the open writer here and never come back for its event.
      await sleep(1_500);
      expect(await activityEventIds(pool)).not.toContain(slow.event.eventId);
      await writer.query('COMMIT');
    } finally {
      writer.release();
    }
    await until(caughtUp, 'the projector to catch up after the slow writer committed', 20_000);
    const projected = await activityEventIds(pool);
    expect(projected).toContain(slow.event.eventId);
    expect(sorted(projected)).toEqual(sorted(await storeEventIds(pool)));
  }, 40_000);

  it('fault 1: SIGKILLed three times mid-batch during appends: the log equals the store and a rebuild, nothing missing or twice', async () => {
    const load = startVoteLoad(baseUrl, 6);
    const lagAtKill: number[] = [];
    for (let kill = 0; kill < 3; kill += 1) {
      await sleep(800 + Math.floor(Math.random() * 700));
      const checkpoint = await projectionCheckpoint(pool, 'activity-log');
      lagAtKill.push((await store.readAll({ after: checkpoint, maxCount: 10_000 })).events.length);
      expect(await projector!.kill('SIGKILL')).toBe('SIGKILL');
      projector = await startProjector();
    }
    await sleep(800);
    await load.stop();

    const acknowledged = load.sent.filter((s) => isSuccess(s.answer));
    expect(acknowledged.length).toBeGreaterThan(30);
    // The kills landed while events were waiting to be applied, not while the projector idled.
    expect(lagAtKill.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    await until(caughtUp, 'the restarted projector to catch up', 60_000);

    // Every acknowledged vote is in the store, once.
    const perFeedback = await votesPerFeedback(pool);
    for (const { answer } of acknowledged) {
      const id = (answer.body as { body: { feedbackId: string } }).body.feedbackId;
      expect([id, perFeedback.get(id)]).toEqual([id, 1]);
    }
    // The activity log holds exactly the store's events: no gap, none twice.
    const ids = await storeEventIds(pool);
    expect(sorted(await activityEventIds(pool))).toEqual(sorted(ids));
    // Each batch was committed once: the applied counter moves with the checkpoint in one transaction.
    const status = (await getProjectionStatus(pool)).find((s) => s.name === 'activity-log');
    expect(status?.eventsApplied).toBe(ids.length);

    // And the read model equals a rebuild from the store, row for row.
    const live = await activitySnapshot(pool);
    const rebuilt = await rebuildProjection({ pool, store, catalogue, projection: activityLogProjection });
    expect(rebuilt.events).toBe(ids.length);
    expect(await activitySnapshot(pool)).toEqual(live);
    process.stdout.write(`fault 1: ${acknowledged.length} votes acknowledged, ${ids.length} events, lag at the kills ${lagAtKill.join('/')}\n`);
  }, 120_000);
});
