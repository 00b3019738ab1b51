import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { Pool } from 'pg';
import { linkTokenOf } from '../../command-service/src/accounts/testing/register-test-user';
import { createTestDatabase } from '../../scripts/testing/database';
import { fmt, fmtMs, ratio, verdict, type Goal, type Section } from '../harness/report';
import { median } from '../harness/stats';
import { createRawSchema, rawAppends, rate } from '../store-bench-workloads';

// HTTP under autocannon: the command service (POST /v5/feedback/vote), the query service
// (GET /v5/update/version, POST /v5/bundle signed in), each beside a bare NestJS + Fastify app
// answering the same JSON; plus PostgreSQL's raw 16-connection single-row insert rate.

export interface HttpCaseOptions { seconds: number; connections: number; log(line: string): void }

interface Server { url: string; child: ChildProcess }

const root = join(__dirname, '..', '..');
const HEADERS = { 'x-device-id': 'BenchDev01', 'x-api-version': '5.0.1', 'content-type': 'application/json' };

function startServer(kind: 'command' | 'query' | 'baseline', env: NodeJS.ProcessEnv): Promise<Server> {
  const child = spawn(process.execPath, ['-r', join(root, 'bench/http/swc-register.cjs'), join(root, 'bench/http/http-server.ts'), kind], {
    cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Forwarded, and the first lines kept: a server that cannot start says why in RESULTS.md.
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    if (stderr.length < 2000) stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} server did not start within 60 s`)), 60_000);
    child.once('exit', (code) => {
      const reason = stderr.split('\n').filter((line) => /error/i.test(line)).slice(0, 2).join(' ').replace(/\s+/g, ' ').trim();
      reject(new Error(`${kind} server exited with ${code}${reason ? `: ${reason}` : ''}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^BENCH_READY (\d+)$/.exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve({ url: `http://127.0.0.1:${match[1]}`, child });
    });
  });
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

async function call(url: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const response = await fetch(url, { method, headers: { ...HEADERS, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

/** Signs up, activates and logs in through the command service's HTTP API; answers the `authorization` header. */
async function signIn(command: string, pool: Pool): Promise<{ authorization: string }> {
  const mail = `bench-${randomBytes(4).toString('hex')}@planwerk-bench.de`;
  const pass = 'ein sicherer Satz 42';
  const signUp = await call(`${command}/v5/auth`, 'POST', { mail, vorname: 'Bench', nachname: 'User', pass, pass2: pass, terms: true, privacy: true, cookies: true, age: true });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signUp.json)}`);
  const token = await linkTokenOf(pool, 'AccountRegistered', signUp.json.body.uid as string);
  const activated = await call(`${command}/v5/auth/activate`, 'POST', { token });
  if (activated.status !== 200) throw new Error(`activation failed: ${JSON.stringify(activated.json)}`);
  const login = await call(`${command}/v5/auth`, 'PUT', { mail, pass, device: 'BenchDev01', name: 'bench' });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.json)}`);
  return { authorization: login.json.body.token as string };
}

interface Load { rps: number; p99: number; p50: number; non2xx: number; errors: number }

async function load(url: string, path: string, method: 'GET' | 'POST', connections: number, seconds: number, headers: Record<string, string>, body?: unknown, uniqueKey = false): Promise<Load> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const result = await autocannon({
    url, connections, duration: seconds,
    requests: [{
      method, path, headers: { ...HEADERS, ...headers }, body: payload,
      // A command carries its own Idempotency-Key, as a client's does.
      ...(uniqueKey ? { setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': randomUUID() } }) } : {}),
    }],
  });
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

export async function runHttpCase(options: HttpCaseOptions): Promise<Section> {
  const database = await createTestDatabase('bench_http');
  const pool = new Pool({ connectionString: database.url, max: 17 });
  pool.on('error', () => undefined);
  const env = { DATABASE_URL: database.url, PERSONAL_DATA_MASTER_KEY: randomBytes(32).toString('base64') };
  let command: Server | undefined;
  let query: Server | undefined;
  let baseline: Server | undefined;
  try {
    options.log('http: starting the command and query services (child processes)');
    command = await startServer('command', env);
    query = await startServer('query', env);
    const user = await signIn(command.url, pool);
    const team = await call(`${command.url}/v5/team`, 'POST', { name: 'Bench', link: 'bench', type: 'club' }, user);
    if (team.status !== 201) throw new Error(`team creation failed: ${JSON.stringify(team.json)}`);
    const vote = { vote: 1, text: 'Läuft gut' };
    const bundle = { header: { cc_id: null, prj_id: null, cc_link: 'bench', prj_link: null }, bundle: ['client', 'links', 'access', 'user'] };
    const answers = {
      version: (await call(`${query.url}/v5/update/version`, 'GET')).json,
      vote: (await call(`${command.url}/v5/feedback/vote`, 'POST', vote)).json,
      bundle: (await call(`${query.url}/v5/bundle`, 'POST', bundle, user)).json,
    };
    if (answers.bundle.body?.bundle?.client?.error !== null) throw new Error(`bundle answered an error: ${JSON.stringify(answers.bundle)}`);
    baseline = await startServer('baseline', { BENCH_BASELINE_BODIES: JSON.stringify(answers) });

    const cases = [
      { name: 'GET /v5/update/version (query)', real: query.url, path: '/v5/update/version', method: 'GET' as const, headers: {}, body: undefined, key: false },
      { name: 'POST /v5/bundle, signed in, 4 bundles (query)', real: query.url, path: '/v5/bundle', method: 'POST' as const, headers: user, body: bundle, key: false },
      { name: 'POST /v5/feedback/vote (command)', real: command.url, path: '/v5/feedback/vote', method: 'POST' as const, headers: {}, body: vote, key: true },
    ];
    const rows: string[][] = [];
    const measured = new Map<string, { real: Load; bare: Load }>();
    for (const c of cases) {
      options.log(`http: ${c.name}, ${options.connections} connections × ${options.seconds} s, real then baseline`);
      await load(c.real, c.path, c.method, 8, 1, c.headers, c.body, c.key); // warm-up
      const real = await load(c.real, c.path, c.method, options.connections, options.seconds, c.headers, c.body, c.key);
      const bare = await load(baseline.url, c.path, c.method, options.connections, options.seconds, c.headers, c.body, false);
      measured.set(c.path, { real, bare });
      rows.push([c.name, fmt(real.rps), fmtMs(real.p50), fmtMs(real.p99), fmt(real.non2xx + real.errors), fmt(bare.rps), fmtMs(bare.p99), ratio(real.rps / bare.rps)]);
    }

    options.log('http: raw 16-connection single-row inserts');
    await createRawSchema(pool);
    await rawAppends(pool, 16, 20, 1);
    const insertRates: number[] = [];
    for (let round = 0; round < 3; round += 1) insertRates.push(rate(await rawAppends(pool, 16, 150, 1)));
    const insertRate = median(insertRates);

    const version = measured.get('/v5/update/version')!;
    const bundleLoad = measured.get('/v5/bundle')!;
    const voteLoad = measured.get('/v5/feedback/vote')!;
    const commandRatio = voteLoad.real.rps / insertRate;
    const goals: Goal[] = [
      { goal: 'command endpoint ≥ 0.7× the raw 16-connection insert rate (POST /v5/feedback/vote; sign-up of issue 5 does not exist yet)', figure: `${fmt(voteLoad.real.rps)} ÷ ${fmt(insertRate)} = ${ratio(commandRatio)}`, verdict: verdict(commandRatio >= 0.7) },
      { goal: 'command endpoint p99 ≤ 50 ms', figure: fmtMs(voteLoad.real.p99), verdict: verdict(voteLoad.real.p99 <= 50) },
      { goal: 'query endpoint ≥ 0.5× the bare NestJS baseline: GET /v5/update/version', figure: ratio(version.real.rps / version.bare.rps), verdict: verdict(version.real.rps / version.bare.rps >= 0.5) },
      { goal: 'query endpoint ≥ 0.5× the bare NestJS baseline: POST /v5/bundle (stands in for the project view, which does not exist yet)', figure: ratio(bundleLoad.real.rps / bundleLoad.bare.rps), verdict: verdict(bundleLoad.real.rps / bundleLoad.bare.rps >= 0.5) },
    ];
    return {
      title: 'HTTP',
      tables: [
        {
          title: `autocannon, ${options.connections} connections, ${options.seconds} s each (req/s is autocannon's per-second average)`,
          header: ['endpoint', 'req/s', 'p50', 'p99', 'non-2xx + errors', 'bare NestJS req/s', 'bare p99', 'real / bare'],
          rows,
        },
        {
          title: 'raw PostgreSQL, 16 connections, one single-row INSERT (the events row shape) per statement',
          header: ['case', 'inserts/s (median of 3)', 'rounds'],
          rows: [['raw insert, 16 connections', fmt(insertRate), insertRates.map(fmt).join(' / ')]],
        },
      ],
      goals,
      notes: [
        'Each service runs in its own Node process (sources loaded through swc, as Jest does), autocannon in the bench process; the bare baseline is a NestJS 11 + Fastify app whose controllers return the JSON the real endpoints answered in this run.',
        'The command endpoint is POST /v5/feedback/vote with a fresh Idempotency-Key per request: the sign-up command of issue 5 (list sign-up) does not exist yet. The query endpoint "project view" does not exist yet either; GET /v5/update/version and POST /v5/bundle for a signed-in team owner stand in.',
      ],
    };
  } finally {
    await stopServer(baseline);
    await stopServer(query);
    await stopServer(command);
    await pool.end();
    await database.drop();
  }
}
