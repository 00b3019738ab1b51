// Contacts search as you type (issue 15: 50,000 contacts in a team, p95 ≤ 50 ms at the endpoint).
// `npm run bench` runs it as the "contacts" case (BENCH_ONLY=contacts for it alone); standalone:
// `npx tsx bench/contacts.bench.ts` (DATABASE_URL, else an embedded PostgreSQL for the run).
// BENCH_CONTACTS sets the team's size, BENCH_CONTACT_RUNS the requests per query.
//
// The contacts are written straight into the read model: synthetic ContactCreated events are
// folded by the contacts projection's own batch code (the rows the projector writes), without
// the event store. The figures are GET /v5/team/{teamId}/contact over real HTTP on the query
// service (session, team access guard, validation, the repository's SQL, JSON), signed in as
// the team's owner, beside the plain team-scoped list without search measured in the same run.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Pool } from 'pg';
import { createEventCatalogue, EMPTY_CONTACT_DETAILS, type ContactDetails, type RecordedEvent } from '../events/src/index';
import { contactsProjection } from '../projector/src/contacts/contacts.projection';
import { tableNames } from '../projector/src/runtime/projection';
import { ensureProjection, migrateProjector } from '../projector/src/runtime/projector-schema';
import { startEmbeddedPostgres } from '../deploy/embedded/src/embedded-postgres';
import { createTestDatabase } from '../scripts/testing/database';
import { createTeamOverHttp, signInOverHttp } from '../scripts/testing/http-project';
import { fmt, fmtMs, ratio, verdict, type Section } from './harness/report';
import { median, percentile } from './harness/stats';

export interface ContactsCaseOptions { contacts: number; runs: number; log(line: string): void }

const GOAL_MS = 50;
const SEED_BATCH = 2_500;
const HEADERS = { 'x-device-id': 'BenchDev01', 'x-api-version': '5.0.1' };

// What people type: the start of a last or first name, letter by letter, and a piece from the middle.
const QUERIES: ReadonlyArray<{ kind: string; terms: readonly string[] }> = [
  { kind: 'no search (baseline)', terms: [''] },
  { kind: '1-letter prefix', terms: ['m', 's', 'k', 'w', 'b', 'h'] },
  { kind: '2-letter prefix', terms: ['mü', 'sc', 'kö', 'we', 'ba', 'ha'] },
  { kind: '3-letter prefix', terms: ['mül', 'sch', 'köh', 'web', 'bau', 'har'] },
  { kind: 'mid-word fragment', terms: ['ülle', 'chmi', 'eber', 'ffma', 'rtma', 'ieder'] },
];

const FIRST = ['Anna', 'Max', 'Lukas', 'Sophie', 'Paul', 'Marie', 'Jonas', 'Emma', 'Leon', 'Mia', 'Felix', 'Hannah', 'Noah', 'Lena', 'Elias', 'Lea',
  'Ben', 'Clara', 'Finn', 'Johanna', 'Jürgen', 'Sören', 'Björn', 'Gülay', 'Ömer', 'Zoë', 'Renée', 'Karl', 'Ute', 'Heike', 'Dieter', 'Petra',
  'Klaus', 'Sabine', 'Wolfgang', 'Monika', 'Stefan', 'Andrea', 'Thomas', 'Birgit'];
const LAST = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer', 'Koch', 'Bauer',
  'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt',
  'Werner', 'Schmitz', 'Krause', 'Meier', 'Lehmann', 'Schmid', 'Schulze', 'Maier', 'Köhler', 'Herrmann', 'König', 'Walter', 'Mayer', 'Huber',
  'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Schubert', 'Vogel', 'Friedrich', 'Keller', 'Günther',
  'Frank', 'Berger', 'Winkler', 'Roth', 'Beck', 'Lorenz', 'Niedermeier', 'Baumann', 'Franke', 'Albrecht'];
const CITIES = ['Berlin', 'Hamburg', 'München', 'Köln', 'Frankfurt', 'Stuttgart', 'Düsseldorf', 'Leipzig', 'Dortmund', 'Essen', 'Bremen', 'Dresden',
  'Hannover', 'Nürnberg', 'Duisburg', 'Bochum', 'Wuppertal', 'Bielefeld', 'Bonn', 'Münster', 'Mannheim', 'Karlsruhe', 'Augsburg', 'Wiesbaden',
  'Aachen', 'Braunschweig', 'Kiel', 'Chemnitz', 'Lübeck', 'Erfurt'];
const FORMS = ['GmbH', '& Söhne', 'AG', 'KG', 'e.V.'];

/** A deterministic generator, so every run searches the same team. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const ascii = (text: string): string => text.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss')
  .normalize('NFD').replace(/[^a-z0-9.]/g, '');

function syntheticDetails(next: () => number, n: number): ContactDetails {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const digits = (count: number): string => Array.from({ length: count }, () => Math.floor(next() * 10)).join('');
  const first = pick(FIRST);
  const last = pick(LAST);
  const roll = next();
  // 3 % companies without a person, 10 % people with a company, the rest people.
  const companyOnly = roll < 0.03;
  const company = companyOnly || roll < 0.13 ? `${pick(LAST)} ${pick(FORMS)}` : '';
  return {
    ...EMPTY_CONTACT_DETAILS,
    firstName: companyOnly ? '' : first, lastName: companyOnly ? '' : last, company,
    email: next() < 0.8 ? `${ascii(first)}.${ascii(last)}${n % 1000}@example.org` : '',
    phone: next() < 0.6 ? `+49 ${digits(3)} ${digits(7)}` : '', mobile: next() < 0.4 ? `01${digits(2)} ${digits(7)}` : '',
    street: `Hauptstraße ${1 + (n % 200)}`, postcode: digits(5), city: pick(CITIES),
  };
}

/** ContactCreated events of `count` contacts of `teamId`, folded by the projection's batch code. */
async function seedContacts(pool: Pool, teamId: string, count: number, seed: number): Promise<void> {
  const version = await ensureProjection(pool, contactsProjection);
  const ctx = { tables: tableNames(contactsProjection, version), catalogue: createEventCatalogue() };
  const next = random(seed);
  const start = Date.UTC(2024, 0, 1);
  for (let offset = 0; offset < count; offset += SEED_BATCH) {
    const events: RecordedEvent[] = [];
    for (let n = offset; n < Math.min(count, offset + SEED_BATCH); n += 1) {
      const contactId = randomUUID();
      const at = new Date(start + n * 60_000);
      events.push({
        eventId: randomUUID(), type: 'ContactCreated', streamId: `contact-${contactId}`, streamVersion: 1, checkpoint: String(n), recordedAt: at,
        data: {
          contactId, teamId, type: next() < 0.4 ? 'member' : 'contact', status: next() < 0.9 ? 'active' : 'inactive',
          details: syntheticDetails(next, n), source: 'import', createdAt: at.toISOString(),
        },
        metadata: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'system', id: 'bench' }, teamId, schemaVersion: 1 },
      });
    }
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await contactsProjection.applyBatch!(client, events.map((event) => ctx.catalogue.parse(event)), ctx);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  await pool.query(`ANALYZE ${ctx.tables('contacts')}`);
}

interface Measured { kind: string; terms: string; matches: number; p50: number; p95: number; requests: number }

interface Server { url: string; child: ChildProcess }

// The services run as their own processes (bench/http/http-server.ts under swc, which emits the
// decorator metadata Nest needs), as in the HTTP case.
function startServer(kind: 'command' | 'query', databaseUrl: string): Promise<Server> {
  const root = join(__dirname, '..');
  const child = spawn(process.execPath, ['-r', join(root, 'bench/http/swc-register.cjs'), join(root, 'bench/http/http-server.ts'), kind], {
    cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} server did not start within 60 s`)), 60_000);
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^BENCH_READY (\d+)$/.exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve({ url: `http://127.0.0.1:${match[1]}`, child });
    });
  });
}

async function stopServer(server: Server | null): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** The contacts case: seeds the team, then times every query round-robin (a load burst hits all alike). */
export async function runContactsCase(options: ContactsCaseOptions): Promise<Section> {
  const database = await createTestDatabase('bench_contacts');
  const pool = new Pool({ connectionString: database.url, max: 4 });
  pool.on('error', () => undefined);
  let command: Server | null = null;
  let query: Server | null = null;
  try {
    await migrateProjector(pool);
    command = await startServer('command', database.url);
    query = await startServer('query', database.url);
    const owner = await signInOverHttp(command.url, pool);
    const teamId = await createTeamOverHttp(command.url, owner);
    const seedStarted = performance.now();
    await seedContacts(pool, teamId, options.contacts, 15);
    // Another team's contacts share the tables and the index, as on a real server.
    await seedContacts(pool, randomUUID(), Math.round(options.contacts / 5), 16);
    options.log(`contacts: seeded ${fmt(options.contacts)} contacts (+${fmt(options.contacts / 5)} of another team) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const headers = { ...HEADERS, authorization: owner.authorization };
    const queryUrl = query.url;
    const request = async (q: string): Promise<{ ms: number; total: number }> => {
      const url = `${queryUrl}/v5/team/${teamId}/contact?${new URLSearchParams(q === '' ? { limit: '50' } : { q, limit: '50' })}`;
      const started = performance.now();
      const response = await fetch(url, { headers });
      const json = await response.json() as { body: { total: number; items: unknown[] } | null; error: unknown };
      const ms = performance.now() - started;
      if (response.status !== 200 || json.body === null) throw new Error(`GET ${url} answered ${response.status}: ${JSON.stringify(json.error)}`);
      return { ms, total: json.body.total };
    };
    // Warm: the figures are for a warm server, as in production.
    for (const { terms } of QUERIES) for (const term of terms) await request(term);
    const times = new Map(QUERIES.map(({ kind }) => [kind, [] as number[]]));
    const totals = new Map(QUERIES.map(({ kind }) => [kind, [] as number[]]));
    for (let round = 0; round < options.runs; round += 1) {
      for (const { kind, terms } of QUERIES) {
        const { ms, total } = await request(terms[round % terms.length]);
        times.get(kind)!.push(ms);
        totals.get(kind)!.push(total);
      }
    }
    const results: Measured[] = QUERIES.map(({ kind, terms }) => {
      const measured = times.get(kind)!;
      const matched = totals.get(kind)!;
      return {
        kind, terms: terms.map((t) => (t === '' ? '—' : `„${t}“`)).join(' '), matches: matched.reduce((a, b) => a + b, 0) / matched.length,
        p50: median(measured), p95: percentile(measured, 95), requests: measured.length,
      };
    });
    const baseline = results[0];
    const searches = results.slice(1);
    const worst = Math.max(...searches.map((r) => r.p95));
    return {
      title: 'Contacts search as you type',
      tables: [{
        title: `GET /v5/team/{teamId}/contact?q=…&limit=50 over HTTP, ${fmt(options.contacts)} contacts in the team, ${options.runs} requests per row (warm)`,
        header: ['query', 'typed', 'matches (mean)', 'p50', 'p95', 'p50 / baseline p50', 'p95 / baseline p95'],
        rows: results.map((r) => [r.kind, r.terms, fmt(r.matches), fmtMs(r.p50), fmtMs(r.p95), ratio(r.p50 / baseline.p50), ratio(r.p95 / baseline.p95)]),
      }],
      goals: [{ goal: `search as you type p95 ≤ ${GOAL_MS} ms at the endpoint, ${fmt(options.contacts)} contacts`, figure: `worst p95 ${fmtMs(worst)} (baseline list ${fmtMs(baseline.p95)})`, verdict: verdict(worst <= GOAL_MS) }],
      notes: [
        'The contacts were written directly into the read-model tables: synthetic ContactCreated events folded by the contacts projection\'s own batch code, not appended to the event store (the rows are the projector\'s; the search figure does not depend on how they got there).',
        'Each request runs the whole endpoint in the query service: session, team access guard (manage_contact), query validation, the page and the count, JSON. Short input matches word starts, three letters and more match anywhere, both through the pg_trgm GIN index.',
        'The baseline is the same endpoint without `q` (the team\'s first page by name), measured in the same rounds; queries rotate per round so a burst of load on the shared machine hits all rows alike.',
      ],
    };
  } finally {
    await stopServer(query);
    await stopServer(command);
    await pool.end();
    await database.drop();
  }
}

async function main(): Promise<void> {
  let embedded: { stop(): Promise<void> } | null = null;
  if (!process.env.DATABASE_URL) {
    const handle = await startEmbeddedPostgres({
      dataDir: mkdtempSync(join(tmpdir(), 'planwerk-bench-pg-')), port: 56000 + Math.floor(Math.random() * 3000), persistent: false,
    });
    process.env.DATABASE_URL = handle.url;
    embedded = handle;
  }
  process.env.AUTH_SECRET ??= randomBytes(32).toString('base64');
  try {
    const log = (line: string): void => void process.stdout.write(`[contacts ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
    const section = await runContactsCase({ contacts: Number(process.env.BENCH_CONTACTS ?? 50_000), runs: Number(process.env.BENCH_CONTACT_RUNS ?? 60), log });
    const [table] = section.tables;
    process.stdout.write([
      '', table.title, '', `| ${table.header.join(' | ')} |`, `|${table.header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
      ...table.rows.map((row) => `| ${row.join(' | ')} |`), '', ...section.goals.map((g) => `goal: ${g.goal} — ${g.figure} (${g.verdict})`),
      ...section.notes.map((note) => `- ${note}`), '',
    ].join('\n'));
  } finally {
    await embedded?.stop();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
