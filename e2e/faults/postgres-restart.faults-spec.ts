import { Pool } from 'pg';
import { describeWith } from '../../scripts/testing/components';
import { feedbackIdOf, isSuccess, newDeviceId, sendVote, type Answer } from './support/planwerk-http';
import { startPostgresCluster, type PostgresCluster } from './support/postgres-cluster';
import { freePort, newSecrets, startService, stopAll, type ServiceProcess } from './support/service-process';
import { votesPerFeedback } from './support/store-checks';
import { startVoteLoad } from './support/vote-load';
import { sleep } from './support/wait';

// Fault 3: PostgreSQL stopped with `-m immediate` (no shutdown checkpoint, like a crash) and
// started again while the command-service takes votes. The cluster is the test's own.

describeWith('postgres', 'fault 3: PostgreSQL restarted (immediate) under load', () => {
  let cluster: PostgresCluster | undefined;
  let command: ServiceProcess | undefined;
  let baseUrl: string;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    command = await startService('command-service', { DATABASE_URL: cluster.url, PORT: String(port), HOST: '127.0.0.1', ...newSecrets() });
  }, 90_000);

  afterAll(async () => {
    await stopAll([command]);
    await cluster?.destroy();
  }, 60_000);

  it('keeps every acknowledged command\'s events, applies none twice, and answers a retried key with the original answer', async () => {
    const load = startVoteLoad(baseUrl, 6, { device: newDeviceId() });
    await sleep(1_500);
    const restartFrom = Date.now();
    await cluster!.restartImmediate();
    const restartTo = Date.now();
    await sleep(2_000);
    await load.stop();

    const acknowledged = load.sent.filter((s) => isSuccess(s.answer));
    const statuses = new Map<number, number>();
    for (const { answer } of load.sent) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    // The load spanned the restart: commands were acknowledged before and after it.
    expect(acknowledged.some((s) => s.at < restartFrom)).toBe(true);
    expect(acknowledged.some((s) => s.at > restartTo)).toBe(true);

    const pool = new Pool({ connectionString: cluster!.url, max: 2 });
    pool.on('error', () => undefined);
    try {
      const votes = await votesPerFeedback(pool);
      for (const { answer } of acknowledged) {
        const id = feedbackIdOf(answer);
        expect([id, votes.get(id)]).toEqual([id, 1]);
      }
      // Unacknowledged commands may or may not have landed, but nothing landed twice.
      const commands = await pool.query<{ events: string; commands: string }>(
        "SELECT count(*) AS events, count(DISTINCT metadata->>'commandId') AS commands FROM events");
      expect(Number(commands.rows[0].events)).toBe(Number(commands.rows[0].commands));
      expect(Number(commands.rows[0].events)).toBeGreaterThanOrEqual(acknowledged.length);
      expect(Number(commands.rows[0].events)).toBeLessThanOrEqual(load.sent.length);

      // A client that lost the answer retries with the same key: it gets the original answer.
      const retried: Answer[] = [];
      for (let i = 0; i < acknowledged.length; i += 8) {
        retried.push(...(await Promise.all(acknowledged.slice(i, i + 8).map((s) => sendVote(baseUrl, s.request)))));
      }
      retried.forEach((answer, i) => expect(answer).toEqual(acknowledged[i].answer));
      const after = await pool.query<{ n: string }>('SELECT count(*) AS n FROM events');
      expect(after.rows[0].n).toBe(commands.rows[0].events);
      process.stdout.write(`fault 3: restart took ${restartTo - restartFrom} ms; answers by status ${JSON.stringify([...statuses])}; `
        + `${after.rows[0].n} events\n`);
    } finally {
      await pool.end();
    }
  }, 120_000);
});
