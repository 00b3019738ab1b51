import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { describeWith } from '../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../scripts/testing/database';
import { feedbackIdOf, newDeviceId, sendVote, voteRequest } from './support/planwerk-http';
import { freePort, newSecrets, startService, stopAll, type ServiceProcess } from './support/service-process';
import { votesPerFeedback } from './support/store-checks';

// Fault 7: the same command sent 50 times at once with one Idempotency-Key, to the
// command-service running as its own process: one set of events, 50 identical answers.

describeWith('postgres', 'fault 7: 50 identical commands with one Idempotency-Key', () => {
  let database: TestDatabase;
  let pool: Pool;
  let command: ServiceProcess | undefined;
  let baseUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase('faults_idempotency');
    pool = new Pool({ connectionString: database.url, max: 2 });
    pool.on('error', () => undefined);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    command = await startService('command-service', { DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', ...newSecrets() });
  }, 60_000);

  afterAll(async () => {
    await stopAll([command]);
    await pool?.end();
    await database?.drop();
  }, 60_000);

  it('appends one event and answers all 50 alike', async () => {
    const request = voteRequest(newDeviceId(), randomUUID());
    const answers = await Promise.all(Array.from({ length: 50 }, () => sendVote(baseUrl, request)));
    expect(answers[0].status).toBe(200);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const votes = await votesPerFeedback(pool);
    expect([...votes.entries()]).toEqual([[feedbackIdOf(answers[0]), 1]]);
    const events = await pool.query<{ n: string }>('SELECT count(*) AS n FROM events');
    expect(Number(events.rows[0].n)).toBe(1);
  }, 60_000);
});
