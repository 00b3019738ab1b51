import { Controller, Get, Inject, Module, Query } from '@nestjs/common';
import { ok, type ApiResponse } from '@planwerk/events';
import type { Pool } from 'pg';
import { describeWith } from '../../../scripts/testing/components';
import { listActivity, type ActivityPage } from './list-activity.repository';
import { PG_POOL } from '../app/tokens';
import { startQueryTestStack, type QueryTestStack } from '../testing/query-test-stack';
import { ReadYourWrites } from '../shared/read-your-writes/read-your-writes';

// A query endpoint the way later features write them: wait for the projection, then read.
@Controller('v5/test')
class ActivityProbeController {
  constructor(@Inject(PG_POOL) private readonly pool: Pool, private readonly readYourWrites: ReadYourWrites) {}

  @Get('activity')
  async list(@Query() query: { minCheckpoint?: string }): Promise<ApiResponse<ActivityPage>> {
    await this.readYourWrites.waitFor('activity-log', query.minCheckpoint);
    return ok(await listActivity(this.pool, { teamId: 'team-1', limit: 10 }));
  }
}

@Module({ controllers: [ActivityProbeController] })
class ActivityProbeModule {}

const TIMEOUT_MS = 1_500;

describeWith('postgres', 'read-your-writes: minCheckpoint (real PostgreSQL)', () => {
  let stack: QueryTestStack;

  beforeAll(async () => {
    stack = await startQueryTestStack('qs_ryw', { options: { minCheckpointTimeoutMs: TIMEOUT_MS }, features: [ActivityProbeModule] });
  });

  afterAll(async () => {
    await stack?.close();
  });

  const get = (minCheckpoint?: string) => stack.app.inject({
    method: 'GET',
    url: minCheckpoint === undefined ? '/v5/test/activity' : `/v5/test/activity?minCheckpoint=${encodeURIComponent(minCheckpoint)}`,
  });

  it('answers at once without minCheckpoint, or when the projection is already there', async () => {
    expect((await get()).statusCode).toBe(200);
    const checkpoint = await stack.appendEvent();
    await stack.advanceProjection('activity-log', checkpoint);
    const res = await get(checkpoint);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, error: null, body: { items: [], next: null } });
  });

  it('holds the query until the notifier reports the checkpoint, then answers', async () => {
    const checkpoint = await stack.appendEvent();
    let answered = false;
    const pending = get(checkpoint).then((res) => {
      answered = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    const started = Date.now();
    await stack.advanceProjection('activity-log', checkpoint);
    const res = await pending;
    expect(res.statusCode).toBe(200);
    // Woken by the notifier, not by the timeout's final look.
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS - 300);
  });

  it('still answers when the hint is lost, because the table decides at the deadline', async () => {
    const checkpoint = await stack.appendEvent();
    const pending = get(checkpoint);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stack.advanceProjection('activity-log', checkpoint, { publish: false });
    expect((await pending).statusCode).toBe(200);
  });

  it('answers 503 in the wrapper with a clear text when the projection does not catch up', async () => {
    const older = await stack.appendEvent();
    const checkpoint = await stack.appendEvent();
    const pending = get(checkpoint);
    // A change of another projection, and an older one of this projection, must not end the wait.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stack.notifier.publish({ projection: 'other', checkpoint });
    await stack.advanceProjection('activity-log', older);
    const res = await pending;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      body: null,
      status: 503,
      error: { status: 503, intern: 'checkpoint_not_reached', text: expect.stringContaining('activity-log') },
    });
  });

  it('rejects a malformed checkpoint with 400 naming minCheckpoint', async () => {
    const res = await get('not-a-checkpoint');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ status: 400, intern: 'validation_failed', field: 'minCheckpoint' });
  });

  it('refuses at once a checkpoint beyond the newest committed change, which no command issued', async () => {
    const newest = await stack.appendEvent();
    // Same shape, far ahead: a transaction id the cluster has not handed out.
    const forged = newest.replace(/^\d{20}/, '09999999999999999999');
    const started = Date.now();
    const res = await get(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ status: 400, intern: 'validation_failed', field: 'minCheckpoint' });
    // Refused without holding the request until the timeout (1.5 s here).
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
  });

  it('answers a command that appended nothing: its start-of-log checkpoint is reached by every projection', async () => {
    const res = await get('00000000000000000000-00000000000000000000');
    expect(res.statusCode).toBe(200);
  });

  it('leaves no waiter behind after answering', async () => {
    const readYourWrites = stack.app.get(ReadYourWrites);
    expect((readYourWrites as unknown as { waiters: Map<string, unknown> }).waiters.size).toBe(0);
  });
});
