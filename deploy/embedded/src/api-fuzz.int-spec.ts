import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { Pool } from 'pg';
import { allEndpoints } from '@planwerk/events';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { startPlanwerk, type RunningPlanwerk } from './start-planwerk';
import { checkedCall, FuzzUser, send } from './testing/fuzz-harness';
import { operationsOf, requestFor, type FuzzCaller, type FuzzOperation } from './testing/fuzz-requests';

// API fuzzing (issue 8): every operation of /v5/openapi.json gets random and malformed
// bodies, queries, path parameters and headers, anonymously and signed in. Never a 5xx,
// always the answer wrapper with a code and a text, and a rejected call appends nothing.
// FUZZ_SEED and FUZZ_RUNS replay or deepen a run; the seed of a failure is in its message.

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_408);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

// Each operation gets its own seed, so adding one does not change the others' inputs.
function seedOf(operationId: string, actor: string): number {
  let hash = SEED | 0;
  for (const char of `${operationId}/${actor}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

describeWith('postgres', 'API fuzzing (every OpenAPI operation)', () => {
  let db: TestDatabase;
  let running: RunningPlanwerk;
  let pool: Pool;
  let user: FuzzUser;
  let operations: FuzzOperation[];
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    db = await createTestDatabase('api_fuzz');
    running = await startPlanwerk({ port: 0, host: '127.0.0.1', databaseUrl: db.url, dataDir: mkdtempSync(join(tmpdir(), 'planwerk-fuzz-')), webRoot: null, devMode: true });
    pool = new Pool({ connectionString: db.url, max: 2 });
    pool.on('error', () => undefined);
    user = new FuzzUser(running.url, pool);
    await user.ensureSignedIn();
    const document = await send({ method: 'GET', url: `${running.url}/v5/openapi.json`, headers: {} });
    operations = operationsOf(JSON.parse(document.text));
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await running?.stop();
    await db?.drop();
  });

  it('reads every declared endpoint from the served OpenAPI document', () => {
    const served = new Set(operations.map((o) => `${o.method} ${o.path}`));
    expect(allEndpoints.map((e) => `${e.method} ${e.path}`).filter((route) => !served.has(route))).toEqual([]);
  });

  const ACTORS = ['anonymous', 'signed-in'] as const;
  it.each(allEndpoints.flatMap((e) => ACTORS.map((actor) => [`${e.method} ${e.path}`, actor, e.operationId] as const)))(
    '%s as %s: never 5xx, always the wrapper, a rejected call appends nothing',
    async (_, actor, operationId) => {
      const operation = operations.find((o) => o.operationId === operationId);
      if (!operation) throw new Error(`${operationId} is not in /v5/openapi.json`);
      let caller: FuzzCaller = { deviceId: 'FuzzAnon01', known: {} };
      if (actor === 'signed-in') {
        await user.ensureSignedIn();
        caller = user.caller();
      }
      let calls = 0;
      await fc.assert(
        fc.asyncProperty(requestFor(operation, caller, running.url), async (request) => {
          calls += 1;
          const { status } = await checkedCall(pool, request);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }),
        { seed: seedOf(operationId, actor), numRuns: RUNS, endOnFailure: true },
      );
      expect(calls).toBe(RUNS);
    },
    60_000,
  );

  // A fuzzer whose every call dies in validation proves little: some calls must get through.
  it('reached the handlers: some calls succeeded and the rejections were of several kinds', () => {
    const tally = JSON.stringify(Object.fromEntries(statuses));
    const succeeded = [...statuses].filter(([status]) => status < 300).reduce((sum, [, n]) => sum + n, 0);
    expect({ succeeded: succeeded > 0, tally }).toEqual({ succeeded: true, tally });
    expect([...statuses.keys()].filter((status) => status >= 400).length).toBeGreaterThanOrEqual(5);
  });

  it('left Object.prototype as it was (no prototype pollution through any body or query)', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
