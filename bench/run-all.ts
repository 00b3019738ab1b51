// npm run bench — runs every benchmark that can run today and writes bench/RESULTS.md. Uses
// DATABASE_URL (else an embedded PostgreSQL for the run) and REDIS_URL (else the Redis columns
// are skipped and say so). BENCH_LARGE=1 adds the 2M-event log read and the 1M-event rebuild.
// BENCH_ONLY=http,store,... runs only those cases (store, projector, http — with the sign-up
// rush —, mail, live, contacts, import) and prints their results without writing RESULTS.md, which always comes
// from one run of them all.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import { startEmbeddedPostgres } from '../deploy/embedded/src/embedded-postgres';
import { runHttpCase } from './cases/http.case';
import { runLiveCase } from './cases/live.case';
import { runMailCase } from './cases/mail.case';
import { runProjectorCase } from './cases/projector.case';
import { runStoreCase } from './cases/store.case';
import { runContactsCase } from './contacts.bench';
import { runContactsImportCase } from './contacts-import.bench';
import { describeMachine, notRun, renderResults, type Section } from './harness/report';

const LARGE = process.env.BENCH_LARGE === '1';
const CASES = ['store', 'projector', 'http', 'mail', 'live', 'contacts', 'import'] as const;
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim()).filter((name) => name !== '') ?? null;
const unknownCase = ONLY?.find((name) => !(CASES as readonly string[]).includes(name));
if (unknownCase !== undefined) throw new Error(`BENCH_ONLY: unknown case ${unknownCase} (one of ${CASES.join(', ')})`);
const runs = (name: (typeof CASES)[number]): boolean => ONLY === null || ONLY.includes(name);
const num = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);

const log = (line: string): void => {
  process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
};

async function redisVersion(url: string | undefined): Promise<string | null> {
  if (!url) return null;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const info = await redis.info('server');
    return `Redis ${/redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown'}`;
  } finally {
    redis.disconnect();
  }
}

/** A failing case becomes a section that says so; the other cases still run. */
async function guarded(title: string, run: () => Promise<Section>, goals: string[] = []): Promise<Section> {
  const started = performance.now();
  try {
    const section = await run();
    log(`${title}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return section;
  } catch (error) {
    const message = error instanceof Error ? error.stack ?? error.message : String(error);
    log(`${title}: FAILED\n${message}`);
    const failed = goals.map((goal) => ({ goal, figure: 'the case failed in this run', verdict: 'not run' as const }));
    return notRun(title, failed, `failed in this run: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  let embedded: { stop(): Promise<void> } | null = null;
  if (!process.env.DATABASE_URL) {
    log('DATABASE_URL not set: starting an embedded PostgreSQL');
    const handle = await startEmbeddedPostgres({
      dataDir: mkdtempSync(join(tmpdir(), 'planwerk-bench-pg-')),
      port: 56000 + Math.floor(Math.random() * 3000),
      persistent: false,
    });
    process.env.DATABASE_URL = handle.url;
    embedded = handle;
  }
  // The services derive their session and mail-link keys from it; one per run is enough here.
  process.env.AUTH_SECRET ??= randomBytes(32).toString('base64');
  const redisUrl = process.env.REDIS_URL;
  const server = new Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  try {
    const machine = await describeMachine(server, await redisVersion(redisUrl));
    log(`${machine.cpu}, ${machine.cores} cores, ${machine.node}, ${machine.postgres}, ${machine.redis}`);
    const sections: Section[] = [];
    let peakAppendRate = Number.NaN;

    if (runs('store')) sections.push(await guarded('Event store', async () => {
      const result = await runStoreCase({
        rounds: Math.max(3, num('BENCH_ROUNDS', 3)),
        singleAppends: num('BENCH_SINGLE_APPENDS', 100),
        parallelAppends: num('BENCH_PARALLEL_APPENDS', 8),
        logSizes: LARGE ? [200_000, 2_000_000] : [200_000],
        log,
      });
      peakAppendRate = result.peakAppendRate;
      return result.section;
    }));
    if (runs('projector')) sections.push(await guarded('Projector', () => runProjectorCase({
      rebuildEvents: num('BENCH_REBUILD_EVENTS', LARGE ? 1_000_000 : 100_000),
      sustainedSeconds: num('BENCH_SUSTAINED_SECONDS', 6),
      peakAppendRate,
      log,
    })));
    const rushGoal = { goal: '1,000 concurrent sign-ups on a 100-place list → accepted = 100, p99', figure: '—', verdict: 'not run' as const };
    let rush: Section = notRun('Sign-up rush', [rushGoal], 'not run: the HTTP case failed before it (the rush runs on its servers).');
    if (runs('http')) sections.push(await guarded('HTTP', async () => {
      const result = await runHttpCase({
        seconds: num('BENCH_HTTP_SECONDS', 5), connections: 50,
        rush: { signups: num('BENCH_RUSH_SIGNUPS', 1000), places: num('BENCH_RUSH_PLACES', 100) }, log,
      });
      rush = result.rush;
      return result.http;
    }, [
      'command endpoint ≥ 0.7× the raw 16-connection insert rate, p99 ≤ 50 ms',
      'query endpoint ≥ 0.5× the bare NestJS baseline',
    ]));
    if (runs('http')) sections.push(rush);
    if (runs('mail')) sections.push(await guarded('BullMQ mail jobs', () => runMailCase({
      settings: [{ concurrency: 2, jobs: num('BENCH_MAIL_JOBS', 100) }, { concurrency: 16, jobs: num('BENCH_MAIL_JOBS', 100) * 4 }],
      redisUrl,
      log,
    })));
    if (runs('live')) sections.push(await guarded('Live push', () => runLiveCase({ rounds: num('BENCH_LIVE_ROUNDS', 20), log }), [
      'live push p99 ≤ 100 ms at 1,000 subscribers (also 1 and 100)',
    ]));

    if (runs('contacts')) sections.push(await guarded('Contacts search as you type', () => runContactsCase({
      contacts: num('BENCH_CONTACTS', 50_000), runs: num('BENCH_CONTACT_RUNS', 60), log,
    }), ['search as you type p95 ≤ 50 ms at the endpoint, 50,000 contacts']));
    if (runs('import')) sections.push(await guarded('Contact import', () => runContactsImportCase({
      rows: num('BENCH_IMPORT_ROWS', 10_000), log,
    }), ['import of 10,000 rows ≥ 2,000 rows/s end to end']));

    const elapsed = (performance.now() - started) / 1000;
    const markdown = renderResults(machine, sections, elapsed, LARGE);
    process.stdout.write(`\n${markdown}\n`);
    if (ONLY !== null) {
      log(`BENCH_ONLY=${ONLY.join(',')}: RESULTS.md left as it was (${Math.round(elapsed)} s)`);
      return;
    }
    const target = join(__dirname, 'RESULTS.md');
    writeFileSync(target, markdown);
    log(`wrote ${target} after ${Math.round(elapsed)} s`);
  } finally {
    await server.end();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
