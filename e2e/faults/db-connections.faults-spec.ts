import { randomBytes, randomUUID } from 'node:crypto';
import { createPostgresEventStore } from '@planwerk/platform';
import { getProjectionStatus } from '@planwerk/projector';
import { Pool } from 'pg';
import { describeWith } from '../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../scripts/testing/database';
import { createBenchProject, createTeamOverHttp, signInOverHttp, signupPath, type BenchProject } from '../../scripts/testing/http-project';
import { isSuccess, post, register, type Answer } from './support/planwerk-http';
import { freePort, newSecrets, startService, stopAll, type ServiceProcess } from './support/service-process';
import { sleep, until } from './support/wait';

// Issue 12: every backend of the services (command, query, projector, mail worker) terminated (what a database restart, a failover or
// the idle-in-transaction timeout does to their connections), five times during mixed load —
// visitor and account sign-ups, project edits, reads. Before, the command service died in 9 of 9
// runs (a pooled client without an 'error' listener) and projections were marked failed on an
// innocent event. Now: no process exits, no projection fails, every 2xx write is in the store,
// and no answer is a 500 (a lost connection answers 503).

interface Sent { kind: 'visitor' | 'account' | 'item' | 'rename' | 'read'; status: number; id?: string }

async function put(url: string, body: unknown, headers: Record<string, string>): Promise<Answer> {
  try {
    const response = await fetch(url, {
      method: 'PUT', headers: { 'content-type': 'application/json', 'x-api-version': '5.0.1', ...headers }, body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: 0, body: error instanceof Error ? error.message : String(error) };
  }
}

async function get(url: string, headers: Record<string, string>): Promise<Answer> {
  try {
    const response = await fetch(url, { headers: { 'x-api-version': '5.0.1', ...headers }, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    return { status: response.status, body: text };
  } catch (error) {
    return { status: 0, body: error instanceof Error ? error.message : String(error) };
  }
}

const bodyOf = (answer: Answer): Record<string, unknown> =>
  ((answer.body as { body?: Record<string, unknown> } | null)?.body ?? {});

describeWith('postgres', 'issue 12: every service connection terminated five times under mixed load', () => {
  const secrets = newSecrets();
  let database: TestDatabase;
  let pool: Pool;
  let services: ServiceProcess[] = [];
  const exits: string[] = [];
  let command = '';
  let query = '';
  let owner: { authorization: string };
  let project: BenchProject;
  const previousSecret = process.env.AUTH_SECRET;

  beforeAll(async () => {
    database = await createTestDatabase('faults_db_terminate');
    pool = new Pool({ connectionString: database.url, max: 4, application_name: 'fault-suite' });
    pool.on('error', () => undefined);
    // The activation token of the owner's sign-up is derived from the services' secret.
    process.env.AUTH_SECRET = secrets.AUTH_SECRET;
    const [commandPort, queryPort] = [await freePort(), await freePort()];
    command = `http://127.0.0.1:${commandPort}`;
    query = `http://127.0.0.1:${queryPort}`;
    services = [
      await startService('command-service', { DATABASE_URL: database.url, PORT: String(commandPort), HOST: '127.0.0.1', ...secrets }),
      await startService('query-service', { DATABASE_URL: database.url, PORT: String(queryPort), HOST: '127.0.0.1', ...secrets }),
      await startService('projector', { DATABASE_URL: database.url, PERSONAL_DATA_MASTER_KEY: secrets.PERSONAL_DATA_MASTER_KEY }),
      // Account sign-ups send mails: the worker's BullMQ runs on its PostgreSQL backend here.
      await startService('mail-worker', { DATABASE_URL: database.url, PUBLIC_URL: command, MAIL_DEV_MAILBOX: 'true', ...secrets }),
    ];
    for (const service of services) void service.exited.then((code) => exits.push(`${service.name} exited (${code}):\n${service.output().slice(-3000)}`));
    owner = await signInOverHttp(command, pool);
    project = await createBenchProject(command, owner, await createTeamOverHttp(command, owner), null);
  }, 120_000);

  afterAll(async () => {
    await stopAll(services);
    await pool?.end();
    await database?.drop();
    process.env.AUTH_SECRET = previousSecret;
  }, 60_000);

  it('keeps every process running, every projection healthy and every acknowledged write', async () => {
    const sent: Sent[] = [];
    let running = true;
    const base = `/v5/team/${project.teamId}/project/${project.projectId}`;
    const writers: Array<() => Promise<Sent>> = [
      async () => {
        const answer = await post(command, signupPath(project), { itemId: project.itemId, name: `Gast ${randomBytes(3).toString('hex')}` },
          { 'x-device-id': `Dev${randomBytes(4).toString('hex').slice(0, 7)}` });
        return { kind: 'visitor', status: answer.status, id: bodyOf(answer).signupId as string | undefined };
      },
      async () => {
        const answer = await register(command, `fault-${randomUUID()}@planwerk-test.de`);
        return { kind: 'account', status: answer.status, id: bodyOf(answer).uid as string | undefined };
      },
      async () => {
        const answer = await post(command, `${base}/list/${project.listId}/item`, { name: `Posten ${randomBytes(3).toString('hex')}`, capacity: 3 },
          { ...owner, 'x-device-id': 'BenchDev01' });
        return { kind: 'item', status: answer.status, id: bodyOf(answer).itemId as string | undefined };
      },
      async () => {
        const name = `Fest ${randomBytes(4).toString('hex')}`;
        const answer = await put(`${command}${base}`, { name }, { ...owner, 'x-device-id': 'BenchDev01' });
        return { kind: 'rename', status: answer.status, id: name };
      },
      async () => ({ kind: 'read', status: (await get(`${query}${base}`, { ...owner, 'x-device-id': 'BenchDev01' })).status }),
      async () => ({ kind: 'read', status: (await get(`${query}/v5/project/view/${project.link}`, { 'x-device-id': 'ReadDev001' })).status }),
    ];
    const clients = writers.flatMap((write) => [write, write]).map(async (write) => {
      while (running) {
        sent.push(await write());
        await sleep(20);
      }
    });

    await sleep(1_000);
    for (let round = 0; round < 5; round += 1) {
      const terminated = await pool.query<{ n: string }>(
        `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name <> 'fault-suite'`);
      expect(Number(terminated.rows[0].n)).toBeGreaterThan(0);
      await sleep(1_500);
    }
    await sleep(1_000);
    running = false;
    await Promise.all(clients);

    // No process exited.
    expect(exits).toEqual([]);
    // The load went on across the terminations, and no answer was a 500 or a dropped connection.
    const byStatus = new Map<string, number>();
    for (const s of sent) byStatus.set(`${s.kind} ${s.status}`, (byStatus.get(`${s.kind} ${s.status}`) ?? 0) + 1);
    process.stdout.write(`issue 12 fault: answers ${JSON.stringify([...byStatus])}\n`);
    expect(sent.filter((s) => s.status === 500 || s.status === 0)).toEqual([]);
    for (const kind of ['visitor', 'account', 'item', 'rename', 'read'] as const) {
      expect([kind, sent.some((s) => s.kind === kind && isSuccess({ status: s.status, body: null }))]).toEqual([kind, true]);
    }

    // Every acknowledged write is in the store.
    const acknowledged = sent.filter((s) => s.kind !== 'read' && isSuccess({ status: s.status, body: null }));
    const stored = async (s: Sent): Promise<boolean> => {
      const where = s.kind === 'visitor' ? "type = 'SignUpAdded' AND data->>'signupId' = $1"
        : s.kind === 'item' ? "type = 'ItemAdded' AND data->>'itemId' = $1"
          : s.kind === 'rename' ? "type = 'ProjectEdited' AND data->>'name' = $1"
          : "type = 'AccountRegistered' AND stream_id = 'account-' || $1";
      return (await pool.query(`SELECT 1 FROM events WHERE ${where}`, [s.id])).rowCount === 1;
    };
    const missing: Sent[] = [];
    for (const s of acknowledged) if (!s.id || !(await stored(s))) missing.push(s);
    expect(missing).toEqual([]);

    // No projection was marked failed, and every one catches up with the log.
    const store = createPostgresEventStore({ pool });
    try {
      await until(async () => {
        const statuses = await getProjectionStatus(pool, { store });
        expect(statuses.filter((s) => s.state === 'failed').map((s) => `${s.name}: ${s.error}`)).toEqual([]);
        return statuses.length > 0 && statuses.every((s) => s.lagEvents === 0);
      }, 'every projection to catch up', 60_000, 500);
    } finally {
      await store.close();
    }
    const failed = await pool.query("SELECT name, error FROM projection_status WHERE failed");
    expect(failed.rows).toEqual([]);
    expect(exits).toEqual([]);
  }, 180_000);
});
