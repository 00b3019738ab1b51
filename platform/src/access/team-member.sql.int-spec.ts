import { Pool } from 'pg';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { migrateTeams } from '../teams/team-tables.schema';
import { loadTeamMembership } from './team-member.sql';

// Found by the API fuzzer: a team reference with NUL (`/v5/team/%00`) reached PostgreSQL,
// which cannot hold NUL in text, and the guard answered 500 instead of "no such team".
describeWith('postgres', 'loadTeamMembership on PostgreSQL', () => {
  let db: TestDatabase;
  let pool: Pool;
  const teamId = '0f0e0d0c-0b0a-4908-8706-050403020100';

  beforeAll(async () => {
    db = await createTestDatabase('team_member_sql');
    pool = new Pool({ connectionString: db.url, max: 2 });
    pool.on('error', () => undefined);
    await migrateTeams(pool);
    await pool.query(
      `INSERT INTO teams (team_id, link, name, type, plan, owner_id, created_at, version)
       VALUES ($1, 'nul-team', 'NUL', 'club', 'free', $2, now(), 1)`,
      [teamId, '11111111-2222-4333-8444-555555555555'],
    );
  });

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  it('finds the team by link and by id', async () => {
    expect((await loadTeamMembership(pool, 'NUL-Team', null))?.teamId).toBe(teamId);
    expect((await loadTeamMembership(pool, teamId, null))?.link).toBe('nul-team');
  });

  it('answers "no such team" for a reference with NUL instead of failing the query', async () => {
    await expect(loadTeamMembership(pool, 'nul-team\u0000', null)).resolves.toBeNull();
    await expect(loadTeamMembership(pool, '\u0000', '11111111-2222-4333-8444-555555555555')).resolves.toBeNull();
  });
});
