import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { Pool } from 'pg';
import { createEventCatalogue } from '@planwerk/events';
import { openPostgresEventStore, type PostgresEventStore } from '@planwerk/platform';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { activeTable } from '../runtime/projector-schema';
import { PROJECT_TREE } from '../projects/project-tree.batch';
import { projectCreated, projectIds, projectStructure, signupAdded, streamOf, toNewEvent } from '../projects/testing/project-fixtures';
import { runRebuildCommand } from './rebuild-command';

// Issue 12: `npm run rebuild` opened the store without the master key and failed on every
// database with encrypted personal data ("expected string, received object").
describeWith('postgres', 'npm run rebuild on a database with encrypted personal data', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  const masterKey = randomBytes(32).toString('base64');
  const visitor = `Erika ${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    db = await createTestDatabase('rebuild_cmd');
    pool = new Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
    // The services' store: personal fields encrypted under the sign-up's person.
    store = await openPostgresEventStore({ pool, catalogue: createEventCatalogue(), masterKey });
    const ids = projectIds();
    const signup = signupAdded(ids, { name: visitor });
    for (const event of [projectCreated(ids), ...projectStructure(ids)]) await store.append(streamOf(event), [toNewEvent(event)]);
    const personal = toNewEvent(signup);
    await store.append(streamOf(signup), [{ ...personal, metadata: { ...personal.metadata, personId: signup.data.signupId } }]);
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await db.drop();
  });

  const run = (env: NodeJS.ProcessEnv) => {
    const lines: string[] = [];
    return runRebuildCommand(['project-tree'], { env, stderr: { write: (text: string) => lines.push(text) } })
      .then((code) => ({ code, output: lines.join('') }));
  };
  const treeText = async () => JSON.stringify((await pool.query(`SELECT * FROM ${await activeTable(pool, 'project-tree', PROJECT_TREE)}`)).rows);

  it('stores the sign-up name encrypted (the precondition)', async () => {
    const { rows } = await pool.query<{ name: unknown }>("SELECT data->'name' AS name FROM events WHERE type = 'SignUpAdded'");
    expect(typeof rows[0].name).toBe('object');
  });

  it('rebuilds with the master key of the services and reads the decrypted personal data', async () => {
    const { code, output } = await run({ DATABASE_URL: db.url, PERSONAL_DATA_MASTER_KEY: masterKey });
    expect(output).toMatch(/project-tree: v\d+ -> v\d+, \d+ events .*swapped/);
    expect(code).toBe(0);
    expect(await treeText()).toContain(visitor);
  });

  it('finds the key of `npm start` under DATA_DIR like the embedded services do', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'planwerk-rebuild-'));
    try {
      writeFileSync(join(dataDir, 'master.key'), `${masterKey}\n`);
      const { code } = await run({ DATABASE_URL: db.url, DATA_DIR: dataDir });
      expect(code).toBe(0);
      expect(await treeText()).toContain(visitor);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start without a key, naming the setting, instead of failing on the first encrypted event', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'planwerk-rebuild-'));
    try {
      await expect(run({ DATABASE_URL: db.url, DATA_DIR: dataDir })).rejects.toThrow(/PERSONAL_DATA_MASTER_KEY/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('runs as `npm run rebuild` itself, a process of its own configured from the environment', async () => {
    const root = join(__dirname, '..', '..', '..');
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'rebuild.mjs'), 'project-tree'], {
      cwd: root, encoding: 'utf8', timeout: 120_000,
      env: { PATH: process.env.PATH, DATABASE_URL: db.url, PERSONAL_DATA_MASTER_KEY: masterKey },
    });
    expect(`${result.stdout}${result.stderr}`).toMatch(/project-tree: v\d+ -> v\d+, \d+ events .*swapped/);
    expect(result.status).toBe(0);
    expect(await treeText()).toContain(visitor);
  }, 150_000);
});
