import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { TEAM_AGREEMENT_VERSION, type TeamAgreement } from '@planwerk/events';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { consoleApi } from '../../../e2e/support/console-accounts';
import { startPlanwerk, type RunningPlanwerk } from './start-planwerk';
import { countEvents } from './testing/fuzz-harness';

// The team's data-processing agreement through the whole product (spec section 2,
// /settings/admin/{ccLink} "and its agreement"): command, projection, query and the activity
// log's sentence, on real PostgreSQL. Who may call it is the access matrix's part.

const { activatedAccount, sessionToken, call, headers } = consoleApi('AgreementI');

describeWith('postgres', 'the team\'s data-processing agreement through the HTTP API', () => {
  let db: TestDatabase;
  let running: RunningPlanwerk;
  let pool: Pool;

  beforeAll(async () => {
    db = await createTestDatabase('team_agreement');
    running = await startPlanwerk({ port: 0, host: '127.0.0.1', databaseUrl: db.url, dataDir: mkdtempSync(join(tmpdir(), 'planwerk-agreement-')), webRoot: null, devMode: true });
    pool = new Pool({ connectionString: db.url, max: 2 });
    pool.on('error', () => undefined);
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await running?.stop();
    await db?.drop();
  });

  it('is concluded once per version by an admin, read back with the name, and told in the log in sentences', async () => {
    const url = running.url;
    const token = await sessionToken(url, await activatedAccount(url, 'Ada', 'Lovelace'));
    const { teamId } = await call<{ teamId: string }>(url, 'POST', 'team', token, { name: 'Kirchenchor St. Martin', link: `chor-${Date.now() % 100000}`, type: 'club' });

    expect(await call<TeamAgreement>(url, 'GET', `team/${teamId}/agreement`, token)).toEqual({ current: TEAM_AGREEMENT_VERSION, accepted: false, acceptances: [] });

    // An older text (a stale page) is refused, naming the field, and nothing is appended.
    const before = await countEvents(pool);
    const stale = await fetch(`${url}/v5/team/${teamId}/agreement`, { method: 'POST', headers: { ...headers, authorization: token, 'accept-language': 'de' }, body: JSON.stringify({ version: '2025-01' }) });
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as { error: { intern: string; field: string } }).error).toMatchObject({ intern: 'validation_failed', field: 'version' });
    expect(await countEvents(pool)).toBe(before);

    const first = await call<{ changed: boolean; version: string; checkpoint: string }>(url, 'POST', `team/${teamId}/agreement`, token, { version: TEAM_AGREEMENT_VERSION });
    expect(first).toMatchObject({ changed: true, version: TEAM_AGREEMENT_VERSION });
    const read = await call<TeamAgreement>(url, 'GET', `team/${teamId}/agreement?minCheckpoint=${encodeURIComponent(first.checkpoint)}`, token);
    expect(read).toMatchObject({ current: TEAM_AGREEMENT_VERSION, accepted: true, acceptances: [{ version: TEAM_AGREEMENT_VERSION, acceptedBy: { name: 'Ada Lovelace' } }] });
    expect(Date.parse(read.acceptances[0].acceptedAt)).not.toBeNaN();

    // Accepting again changes nothing.
    const again = await call<{ changed: boolean }>(url, 'POST', `team/${teamId}/agreement`, token, { version: TEAM_AGREEMENT_VERSION });
    expect(again.changed).toBe(false);
    expect((await call<TeamAgreement>(url, 'GET', `team/${teamId}/agreement`, token)).acceptances).toHaveLength(1);

    // The log tells it as a sentence a treasurer reads, in the export's language.
    const csv = await fetch(`${url}/v5/team/${teamId}/activity/export?lang=de&minCheckpoint=${encodeURIComponent(first.checkpoint)}`, { headers: { ...headers, authorization: token } });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(`Ada Lovelace hat den Vertrag zur Auftragsverarbeitung (Fassung ${TEAM_AGREEMENT_VERSION}) für das Team abgeschlossen`);
  }, 120_000);
});
