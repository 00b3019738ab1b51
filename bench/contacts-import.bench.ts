// Contact import, end to end (issue 15: 10,000 rows ≥ 2,000 rows/s including events and
// projections). `npm run bench` runs it as the "import" case (BENCH_ONLY=import for it alone);
// standalone: `npx tsx bench/contacts-import.bench.ts` (DATABASE_URL, else an embedded
// PostgreSQL for the run). BENCH_IMPORT_ROWS sets the file's size.
//
// One run on a fresh database with the real event store (crypto-shredding on: every contact's
// details encrypted under its own new key) and the projector running the contacts projection:
//   import   — a semicolon CSV in windows-1252 read by the import's reader (papaparse), its rows
//              staged, the import job (the BullMQ handler's function, called directly) deciding
//              and appending ContactCreated per row in batches of 500 streams per transaction,
//              until the contacts read model holds every row;
//   baseline — the same number of contacts appended the way the contacts command service does,
//              one append (one transaction) per contact stream, until the read model holds them.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import {
  contactPersonId, contactStream, createEventCatalogue, EMPTY_CONTACT_DETAILS, guessContactImportMapping, type ContactImportMapping,
} from '../events/src/index';
import { createInProcessNotifier, openPostgresEventStore, systemClock } from '../platform/src/index';
import { activeTable, contactsProjection, migrateProjector, startProjector, CONTACTS, CONTACTS_PROJECTION } from '../projector/src/index';
import { runContactImport } from '../command-service/src/contacts/import/contact-import.job';
import { markImportStarted, stageImport } from '../command-service/src/contacts/import/contact-import.repository';
import { migrateContactImports } from '../command-service/src/contacts/import/contact-import.schema';
import { readSpreadsheet } from '../command-service/src/contacts/import/parse/read-spreadsheet';
import { windows1252 } from '../command-service/src/contacts/import/testing/spreadsheet-files';
import { startEmbeddedPostgres } from '../deploy/embedded/src/embedded-postgres';
import { createTestDatabase } from '../scripts/testing/database';
import { fmt, ratio, verdict, type Section } from './harness/report';

export interface ImportCaseOptions { rows: number; log(line: string): void }

const GOAL_ROWS_PER_SECOND = 2_000;
const FIRST = ['Anna', 'Jürgen', 'Sören', 'Björn', 'Gülay', 'Ömer', 'Zoë', 'Renée', 'Karl', 'Ute', 'Heike', 'Dieter', 'Petra', 'Klaus'];
const LAST = ['Müller', 'Schmidt', 'Schäfer', 'Köhler', 'Weiß', 'Größer', 'Krüger', 'Möller', 'Günther', 'Hoffmann', 'Zimmermann'];
const CITIES = ['München', 'Köln', 'Düsseldorf', 'Nürnberg', 'Münster', 'Lübeck', 'Berlin'];

function csvFile(rows: number): Uint8Array {
  const lines = ['Vorname;Nachname;E-Mail;Telefon;Straße;PLZ;Ort;Land;Geburtsdatum;Notiz'];
  for (let i = 0; i < rows; i += 1) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7) % LAST.length]!;
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(`${first};${last};person${i}@verein.example;0711 ${100000 + i};Hauptstraße ${i % 200};${10000 + (i % 89999)};${CITIES[i % CITIES.length]};Deutschland;${day}.0${(i % 9) + 1}.19${50 + (i % 50)};Zeile ${i}`);
  }
  return windows1252(lines.join('\r\n'));
}

async function waitForContacts(pool: Pool, teamId: string, expected: number): Promise<void> {
  for (;;) {
    const table = await activeTable(pool, CONTACTS_PROJECTION, CONTACTS).catch(() => null);
    if (table) {
      const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE team_id = $1`, [teamId]);
      if (rows[0]!.n >= expected) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function runContactsImportCase(options: ImportCaseOptions): Promise<Section> {
  const database = await createTestDatabase('bench_contacts_import');
  const pool = new Pool({ connectionString: database.url, max: 8 });
  pool.on('error', () => undefined);
  const catalogue = createEventCatalogue();
  const store = await openPostgresEventStore({ pool, catalogue, masterKey: randomBytes(32).toString('base64') });
  await migrateProjector(pool);
  await migrateContactImports(pool);
  const notifier = createInProcessNotifier();
  const projector = startProjector({ pool, store, catalogue, notifier, projections: [contactsProjection] });
  const actor = { kind: 'user' as const, id: randomUUID() };
  try {
    const bytes = csvFile(options.rows);
    // Warm the code paths (JIT, prepared statements, the projection) with a small import.
    await importOnce(pool, store, csvFile(200), randomUUID(), actor);

    const importTeam = randomUUID();
    const importStarted = performance.now();
    const importedRows = await importOnce(pool, store, bytes, importTeam, actor);
    const appendedAt = performance.now();
    await waitForContacts(pool, importTeam, importedRows);
    const importMs = performance.now() - importStarted;
    options.log(`import: ${fmt(importedRows)} rows in ${(importMs / 1000).toFixed(2)} s (appended after ${((appendedAt - importStarted) / 1000).toFixed(2)} s)`);

    const baselineTeam = randomUUID();
    const baselineStarted = performance.now();
    for (let i = 0; i < options.rows; i += 1) {
      const contactId = randomUUID();
      await store.append(contactStream(contactId), [{
        eventId: randomUUID(), type: 'ContactCreated',
        data: {
          contactId, teamId: baselineTeam, type: 'contact', status: 'active', source: 'manual', createdAt: new Date().toISOString(),
          details: { ...EMPTY_CONTACT_DETAILS, firstName: FIRST[i % FIRST.length]!, lastName: LAST[i % LAST.length]!, email: `b${i}@verein.example` },
        },
        metadata: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor, teamId: baselineTeam, schemaVersion: 1, personId: contactPersonId(contactId) },
      }], { expectedVersion: 'no_stream' });
    }
    await waitForContacts(pool, baselineTeam, options.rows);
    const baselineMs = performance.now() - baselineStarted;
    options.log(`baseline: ${fmt(options.rows)} single appends in ${(baselineMs / 1000).toFixed(2)} s`);

    const importRate = importedRows / (importMs / 1000);
    const baselineRate = options.rows / (baselineMs / 1000);
    return {
      title: 'Contact import',
      tables: [{
        title: `${fmt(options.rows)} rows, a semicolon CSV in windows-1252, end to end until the contacts read model holds every row (one run)`,
        header: ['path', 'rows', 'seconds', 'rows/s', 'vs baseline'],
        rows: [
          ['import (read, stage, job: 500 streams per transaction, projected)', fmt(importedRows), (importMs / 1000).toFixed(2), fmt(importRate), ratio(importRate / baselineRate)],
          ['baseline: one append per contact, as the contacts command (projected)', fmt(options.rows), (baselineMs / 1000).toFixed(2), fmt(baselineRate), ratio(1)],
        ],
      }],
      goals: [{ goal: `import of ${fmt(options.rows)} rows ≥ ${fmt(GOAL_ROWS_PER_SECOND)} rows/s end to end`, figure: `${fmt(importRate)} rows/s`, verdict: verdict(importRate >= GOAL_ROWS_PER_SECOND) }],
      notes: [
        'Every contact is a ContactCreated on its own stream, its details encrypted under its own new key (crypto-shredding on), decided by the contacts decider; the figure includes reading the file, staging its rows, the job and the projection catching up.',
        'The job is the BullMQ handler\'s function called directly: the queue adds one job per import, not per row.',
      ],
    };
  } finally {
    await projector.stop();
    await notifier.close();
    await store.close();
    await pool.end();
    await database.drop();
  }
}

async function importOnce(pool: Pool, store: Awaited<ReturnType<typeof openPostgresEventStore>>, bytes: Uint8Array, teamId: string, actor: { kind: 'user'; id: string }): Promise<number> {
  const sheet = await readSpreadsheet(bytes, 'mitglieder.csv');
  const importId = randomUUID();
  const now = new Date();
  await stageImport(pool, {
    importId, teamId, fileName: 'mitglieder.csv', format: sheet.format, headers: sheet.headers,
    rows: sheet.rows.map((cells, i) => ({ row: sheet.rowNumbers[i]!, cells })), now, expiresAt: new Date(now.getTime() + 3_600_000),
  });
  const mapping: ContactImportMapping = guessContactImportMapping(sheet.headers);
  await markImportStarted(pool, {
    importId, mapping, skipRows: [], validRowsOnly: true, total: sheet.rows.length, startedAt: now,
    metadata: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor, teamId },
  });
  await store.append(`contact-import-${importId}`, [{
    eventId: randomUUID(), type: 'ContactImportStarted', data: { importId, teamId, format: sheet.format, rows: sheet.rows.length, startedAt: now.toISOString() },
    metadata: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor, teamId, schemaVersion: 1 },
  }], { expectedVersion: 'no_stream' });
  await runContactImport({ pool, store, clock: systemClock }, importId);
  const { rows } = await pool.query<{ imported: number; failed: number }>('SELECT imported, failed FROM contact_imports WHERE import_id = $1', [importId]);
  if (rows[0]!.failed > 0) throw new Error(`${rows[0]!.failed} rows failed`);
  return rows[0]!.imported;
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
  try {
    const log = (line: string): void => void process.stdout.write(`[import ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
    const section = await runContactsImportCase({ rows: Number(process.env.BENCH_IMPORT_ROWS ?? 10_000), log });
    const [table] = section.tables;
    process.stdout.write([
      '', table!.title, '', `| ${table!.header.join(' | ')} |`, `|${table!.header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
      ...table!.rows.map((row) => `| ${row.join(' | ')} |`), '', ...section.goals.map((g) => `goal: ${g.goal} — ${g.figure} (${g.verdict})`),
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
