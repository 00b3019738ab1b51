import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { appendEvents } from '@planwerk/platform';
import { Pool } from 'pg';
import { describeWith } from '../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../scripts/testing/database';
import { newSecrets, REPO_ROOT, startService, stopAll, type ServiceProcess } from './support/service-process';
import { activityEventIds, feedbackVotedEvent } from './support/store-checks';
import { until } from './support/wait';

// Fault 9: an event the activity-log projection cannot handle (a type the catalogue does not
// know) stops that projection with a clear error the operator sees, never a silent skip; the
// operator's `skip` records the decision and the projection resumes after it.

const run = promisify(execFile);

describeWith('postgres', 'fault 9: a poison event stops the projection until an operator skips it', () => {
  const secrets = newSecrets();
  let database: TestDatabase;
  let pool: Pool;
  let projector: ServiceProcess | undefined;

  // `npm run projector -- …` runs exactly this compiled CLI.
  async function operator(...args: string[]): Promise<string> {
    const { stdout } = await run(process.execPath, [join(REPO_ROOT, 'projector/dist/operator/cli.js'), ...args], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: database.url, PROJECTOR_OPERATOR: 'fault-suite' },
    });
    return stdout;
  }

  async function status(): Promise<{ failed: boolean; error: string | null; error_event_id: string | null } | undefined> {
    const rows = await pool.query("SELECT failed, error, error_event_id FROM projection_status WHERE name = 'activity-log'");
    return rows.rows[0];
  }

  beforeAll(async () => {
    database = await createTestDatabase('faults_poison');
    pool = new Pool({ connectionString: database.url, max: 4 });
    pool.on('error', () => undefined);
    projector = await startService('projector', { DATABASE_URL: database.url, PERSONAL_DATA_MASTER_KEY: secrets.PERSONAL_DATA_MASTER_KEY });
  }, 60_000);

  afterAll(async () => {
    await stopAll([projector]);
    await pool?.end();
    await database?.drop();
  }, 60_000);

  it('stops with the event id and type in `projector status`, applies nothing after it, and resumes on `skip`', async () => {
    const before = feedbackVotedEvent();
    const after = feedbackVotedEvent();
    const poison = {
      eventId: randomUUID(), type: 'NoSuchEventType', data: { anything: true },
      metadata: { ...before.event.metadata, commandId: randomUUID() },
    };
    await appendEvents(pool, before.streamId, [before.event]);
    await appendEvents(pool, `poison-${randomUUID()}`, [poison]);
    await appendEvents(pool, after.streamId, [after.event]);

    await until(async () => (await status())?.failed === true, 'the activity log to stop at the poison event', 20_000);
    const failure = await status();
    expect(failure?.error_event_id).toBe(poison.eventId);
    expect(failure?.error).toMatch(/NoSuchEventType/);
    // Stopped, not skipped: the event before is applied, the one after is held back.
    const projected = await activityEventIds(pool);
    expect(projected).toContain(before.event.eventId);
    expect(projected).not.toContain(after.event.eventId);

    const shown = await operator('status');
    expect(shown).toMatch(/activity-log\s+v\d+\s+failed/);
    expect(shown).toContain(`error: ${failure?.error}`);
    expect(shown).toContain(`skip activity-log ${poison.eventId}`);

    const skipped = await operator('skip', 'activity-log', poison.eventId, 'fault suite: unknown type');
    expect(skipped).toContain(`skipped ${poison.eventId} in activity-log; the projection resumes`);
    expect(skipped).toMatch(new RegExp(`skip ${poison.eventId} NoSuchEventType by fault-suite`));
    await until(async () => (await activityEventIds(pool)).includes(after.event.eventId), 'the projection to resume after the skip', 20_000);
    expect(await activityEventIds(pool)).not.toContain(poison.eventId);
    expect((await status())?.failed).toBe(false);
    // Every projection stops at an unknown type (architecture rule 7); each needs its own skip.
    await until(async () => {
      const stopped = await pool.query<{ name: string }>('SELECT name FROM projection_status WHERE failed AND error_event_id = $1', [poison.eventId]);
      for (const { name } of stopped.rows) await operator('skip', name, poison.eventId, 'fault suite: unknown type');
      return stopped.rows.length === 0 && !(await operator('status')).includes('error:');
    }, 'every projection to resume after its skip', 30_000);
    expect(await operator('status')).not.toContain('error:');
  }, 60_000);
});
