import { ACTIVITY_LOG, activeTable, activityLogProjection } from '@planwerk/projector';
import { describeWith } from '../../../scripts/testing/components';
import { startQueryTestStack, type QueryTestStack } from '../testing/query-test-stack';
import { activityPageQuery, retentionCutoff, type ActivityFilter, type ListActivityOptions } from './list-activity.repository';
import { fillActivityLog, SYNTHETIC_TEAM } from './testing/synthetic-activity';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

// Every subset of the filters the activity route offers (ADR 0007), each checked on a generated
// log of 120,000 rows: the plan must walk an index of the log in keyset order — no sequential
// scan, no sort of the matching rows — for the first page and for a deep page alike.
const FILTERS: Record<string, Partial<ActivityFilter>> = {
  project: { project: 'project-7' },
  list: { list: 'list-7-3' },
  person: { person: 'actor-5' },
  kind: { kind: 'item' },
  type: { type: 'Type5' },
  action: { action: 'feature3' },
  range: { from: '2025-03-01', to: '2025-09-30' },
};
const NAMES = Object.keys(FILTERS);
const SUBSETS = Array.from({ length: 2 ** NAMES.length }, (_, mask) => NAMES.filter((_, i) => mask & (1 << i)));

describeWith('postgres', 'activity log indexes serve every filter combination in keyset order (EXPLAIN, 120k rows)', () => {
  let stack: QueryTestStack;
  let table: string;
  const deepCursor = Buffer.from(JSON.stringify(['2025-06-15T12:00:00.000001+00:00', '00000000-0000-4000-8000-000000000000'])).toString('base64url');

  beforeAll(async () => {
    stack = await startQueryTestStack('qs_activity_idx');
    table = await activeTable(stack.pool, activityLogProjection.name, ACTIVITY_LOG);
    await fillActivityLog(stack.pool, table, { rows: 100_000, otherTeamRows: 20_000 });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  const plan = async (options: ListActivityOptions): Promise<PlanNode> => {
    const query = activityPageQuery(table, options);
    const result = await stack.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${query.text}`, query.values);
    return result.rows[0]['QUERY PLAN'][0].Plan;
  };

  it.each(SUBSETS.map((subset) => [subset.join('+') || 'no filter', subset] as const))('%s', async (_, subset) => {
    const filter: ActivityFilter = Object.assign({ teamId: SYNTHETIC_TEAM, retainedSince: retentionCutoff(3650, new Date()) }, ...subset.map((name) => FILTERS[name]));
    for (const after of [undefined, deepCursor]) {
      const all = nodes(await plan({ ...filter, limit: 50, after }));
      const types = all.map((node) => node['Node Type']);
      expect({ subset, after: after !== undefined, types }).toEqual({ subset, after: after !== undefined, types: expect.not.arrayContaining(['Seq Scan', 'Sort', 'Incremental Sort']) });
      const scans = all.filter((node) => node['Node Type'] === 'Index Scan' || node['Node Type'] === 'Index Only Scan' || node['Node Type'] === 'Bitmap Index Scan');
      expect(scans.length).toBeGreaterThan(0);
      for (const scan of scans) expect(scan['Index Name']).toMatch(new RegExp(`^${table}_`));
    }
  });
});
