import { Pool } from 'pg';
import { describeWith } from '../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../scripts/testing/database';
import { createBenchProject, createTeamOverHttp, signInOverHttp, signupPath, type BenchProject } from '../../scripts/testing/http-project';
import { post } from './support/planwerk-http';
import { freePort, newSecrets, startService, stopAll, type ServiceProcess } from './support/service-process';

// Fault 8: 100 concurrent sign-ups for 10 places, spread over two command-service processes on
// one database (their stream locks are per process, so the second instance races the first
// through the store's expected version): exactly 10 accepted, 90 answered "list full", and
// the sign-ups stream holds exactly the 10 acknowledged sign-ups.

interface Answered { status: number; body: { body: { signupId?: string } | null; error: { intern?: unknown } | null } }

describeWith('postgres', 'fault 8: 100 concurrent sign-ups for 10 places over two command services', () => {
  let database: TestDatabase;
  let pool: Pool;
  const services: ServiceProcess[] = [];
  const urls: string[] = [];
  let project: BenchProject;
  const previousSecret = process.env.AUTH_SECRET;

  beforeAll(async () => {
    database = await createTestDatabase('faults_signup_rush');
    pool = new Pool({ connectionString: database.url, max: 2 });
    pool.on('error', () => undefined);
    const secrets = newSecrets();
    // The activation token of the owner's sign-up is derived from the services' secret.
    process.env.AUTH_SECRET = secrets.AUTH_SECRET;
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      services.push(await startService('command-service', { DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', ...secrets }));
      urls.push(`http://127.0.0.1:${port}`);
    }
    const owner = await signInOverHttp(urls[0], pool);
    project = await createBenchProject(urls[0], owner, await createTeamOverHttp(urls[0], owner), 10);
  }, 120_000);

  afterAll(async () => {
    await stopAll(services);
    await pool?.end();
    await database?.drop();
    process.env.AUTH_SECRET = previousSecret;
  }, 60_000);

  it('accepts exactly 10, answers list_full to the other 90 and stores exactly the acknowledged sign-ups', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, index) =>
      post(urls[index % 2], signupPath(project), { itemId: project.itemId, name: `Gast ${index}` }, { 'x-device-id': `Rush${String(index).padStart(6, '0')}` }),
    )) as Answered[];
    const accepted = answers.filter((a) => a.status === 201);
    const full = answers.filter((a) => a.body.error?.intern === 'list_full');
    expect({ accepted: accepted.length, full: full.length, other: answers.length - accepted.length - full.length }).toEqual({ accepted: 10, full: 90, other: 0 });

    const stored = await pool.query<{ signup_id: string }>(
      "SELECT data->>'signupId' AS signup_id FROM events WHERE stream_id = $1 AND type = 'SignUpAdded'", [`signups-${project.listId}`]);
    expect(stored.rows.map((r) => r.signup_id).sort()).toEqual(accepted.map((a) => a.body.body?.signupId).sort());
  }, 120_000);
});
