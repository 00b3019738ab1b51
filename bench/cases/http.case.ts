import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { Pool } from 'pg';
import { createTestDatabase } from '../../scripts/testing/database';
import { fmt, fmtMs, ratio, verdict, type Goal, type Section } from '../harness/report';
import { median } from '../harness/stats';
import { createRawSchema, rawAppends, rate } from '../store-bench-workloads';
import { createBenchProject, signInOverHttp, signupPath } from '../../scripts/testing/http-project';
import { runSignupRush } from './signup-rush.case';
import { projectOnce } from './project-views';
import { seedChangesTeam } from './project-changes-seed';

// HTTP under autocannon: the command service (an anonymous sign-up; POST /v5/feedback/vote
// with an Idempotency-Key), the query service (the public project view, GET /v5/update/version,
// POST /v5/bundle signed in, the home page's change counts of six projects), each beside a bare NestJS + Fastify app answering the same JSON;
// PostgreSQL's raw 16-connection single-row insert rate; and the sign-up rush on the same servers.

export interface HttpCaseOptions { seconds: number; connections: number; rush: { signups: number; places: number }; log(line: string): void }

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

export async function runHttpCase(options: HttpCaseOptions): Promise<{ http: Section; rush: Section }> {
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
    const user = await signInOverHttp(command.url, pool);
    const team = await call(`${command.url}/v5/team`, 'POST', { name: 'Bench', link: 'bench', type: 'club' }, user);
    if (team.status !== 201) throw new Error(`team creation failed: ${JSON.stringify(team.json)}`);
    const vote = { vote: 1, text: 'Läuft gut' };
    const bundle = { header: { cc_id: null, prj_id: null, cc_link: 'bench', prj_link: null }, bundle: ['client', 'links', 'access', 'user'] };
    // The sign-up target: unlimited places, so every request under load is accepted and appends.
    const project = await createBenchProject(command.url, user, team.json.body.teamId as string, null);
    const signup = { itemId: project.itemId, name: 'Gast' };
    options.log('http: a second owner whose team has six projects and their activity, for the change counts');
    const homeOwner = await signInOverHttp(command.url, pool);
    const changes = await seedChangesTeam(command.url, homeOwner, options.log);
    options.log('http: projecting the bench project and the changes team (projector in this process, then stopped)');
    const queryUrl = query.url;
    // The counts call with minCheckpoint waits (up to 5 s) for the activity log and the read positions.
    const caughtUp = `${changes.path}&minCheckpoint=${encodeURIComponent(changes.checkpoint)}`;
    await projectOnce(database.url, env.PERSONAL_DATA_MASTER_KEY, async () =>
      (await call(`${queryUrl}/v5/project/view/${project.link}`, 'GET')).status === 200 && (await call(`${queryUrl}${caughtUp}`, 'GET', undefined, homeOwner)).status === 200);
    const answers = {
      version: (await call(`${query.url}/v5/update/version`, 'GET')).json,
      vote: (await call(`${command.url}/v5/feedback/vote`, 'POST', vote)).json,
      bundle: (await call(`${query.url}/v5/bundle`, 'POST', bundle, user)).json,
      view: (await call(`${query.url}/v5/project/view/${project.link}`, 'GET')).json,
      signup: (await call(`${command.url}${signupPath(project)}`, 'POST', signup)).json,
      changes: (await call(`${query.url}${changes.path}`, 'GET', undefined, homeOwner)).json,
      viewPath: `/v5/project/view/${project.link}`,
      signupPath: signupPath(project),
    };
    if (answers.bundle.body?.bundle?.client?.error !== null) throw new Error(`bundle answered an error: ${JSON.stringify(answers.bundle)}`);
    if (answers.view.error !== null) throw new Error(`project view answered an error: ${JSON.stringify(answers.view)}`);
    if (answers.signup.error !== null) throw new Error(`sign-up answered an error: ${JSON.stringify(answers.signup)}`);
    if (JSON.stringify(answers.changes.body?.projects) !== JSON.stringify(changes.expected)) {
      throw new Error(`change counts answered ${JSON.stringify(answers.changes)}, expected ${JSON.stringify(changes.expected)}`);
    }
    baseline = await startServer('baseline', { BENCH_BASELINE_BODIES: JSON.stringify(answers) });

    const cases = [
      { name: 'GET /v5/project/view/{prjLink}, anonymous (query)', real: query.url, path: answers.viewPath, method: 'GET' as const, headers: {}, body: undefined, key: false },
      { name: 'POST /v5/project/{projectId}/list/{listId}/signup, anonymous (command)', real: command.url, path: answers.signupPath, method: 'POST' as const, headers: {}, body: signup, key: false },
      { name: 'GET /v5/update/version (query)', real: query.url, path: '/v5/update/version', method: 'GET' as const, headers: {}, body: undefined, key: false },
      { name: 'POST /v5/bundle, signed in, 4 bundles (query)', real: query.url, path: '/v5/bundle', method: 'POST' as const, headers: user, body: bundle, key: false },
      { name: 'GET /v5/team/{teamId}/changes?projects=… (6 projects), owner (query)', real: query.url, path: changes.path, method: 'GET' as const, headers: homeOwner, body: undefined, key: false },
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

    const view = measured.get(answers.viewPath)!;
    const signupLoad = measured.get(answers.signupPath)!;
    const voteLoad = measured.get('/v5/feedback/vote')!;
    const commandRatio = signupLoad.real.rps / insertRate;
    const goals: Goal[] = [
      { goal: 'command endpoint (sign-up) ≥ 0.7× the raw 16-connection insert rate', figure: `${fmt(signupLoad.real.rps)} ÷ ${fmt(insertRate)} = ${ratio(commandRatio)}`, verdict: verdict(commandRatio >= 0.7) },
      { goal: 'command endpoint (sign-up) p99 ≤ 50 ms', figure: fmtMs(signupLoad.real.p99), verdict: verdict(signupLoad.real.p99 <= 50) },
      { goal: 'command with an Idempotency-Key (feedback vote) ≥ 0.7× raw inserts (not an issue goal; shows the key\'s cost)', figure: `${fmt(voteLoad.real.rps)} ÷ ${fmt(insertRate)} = ${ratio(voteLoad.real.rps / insertRate)}`, verdict: verdict(voteLoad.real.rps / insertRate >= 0.7) },
      { goal: 'query endpoint (project view) ≥ 0.5× the bare NestJS baseline', figure: ratio(view.real.rps / view.bare.rps), verdict: verdict(view.real.rps / view.bare.rps >= 0.5) },
    ];
    // The free plan has one active project: the load project ends (4 successful) before the rush's starts.
    await call(`${command.url}/v5/team/${project.teamId}/project/${project.projectId}/status`, 'PUT', { status: 4 }, user);
    options.log('sign-up rush on the same command service');
    const rush = await runSignupRush({ command: command.url, owner: user, teamId: team.json.body.teamId as string, ...options.rush, log: options.log });
    return { rush, http: {
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
        'The command endpoint is an anonymous sign-up for an item with unlimited places (every request appends one event; the requests that queue on the list\'s stream are group-committed, one transaction per batch; the sign-up route takes no Idempotency-Key because its answer holds the visitor\'s secret token). POST /v5/feedback/vote carries a fresh Idempotency-Key per request: claim, append and answer are three commits today.',
        'The project view is the public view of that project (one read-model row, visibility and the names setting applied), read anonymously.',
        `The change counts are the home page's badges for one team: the team of a second owner (one team each on the free plan) with 6 projects and ${fmt(changes.entries)} anonymous sign-ups made through the command service (240–450 a project), 3 of the projects marked seen part-way by the owner, so the counts are ${changes.expected.map((p) => p.count).join(', ')}; one call, signed in as the owner (manage_prj checked for the team and each project, then one statement counting after each read position, without the owner's own entries). No goal in the issue; the figure and the ratio to the bare baseline are reported.`,
      ],
    } };
  } finally {
    await stopServer(baseline);
    await stopServer(query);
    await stopServer(command);
    await pool.end();
    await database.drop();
  }
}
