import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { Pool } from 'pg';
import { allEndpoints } from '@planwerk/events';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { startPlanwerk, type RunningPlanwerk } from './start-planwerk';
import { getProjectionStatus } from '@planwerk/projector';
import { checkedCall, FuzzUser, send } from './testing/fuzz-harness';
import { HOSTILE_ESCAPES, operationsOf, requestFor, type FuzzCaller, type FuzzOperation, type FuzzRequest } from './testing/fuzz-requests';
import { HOSTILE_TEXT, validish, type JsonSchema } from './testing/fuzz-values';

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

// Bytes that are no UTF-8 inside a JSON string: overlong `/` and NUL, an encoded surrogate, 0xFF.
const INVALID_UTF8 = [[0xc0, 0xaf], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe0, 0x80, 0xaf], [0xff]];
const BYTES_MARK = 'HOSTILE-BYTES-HERE';

function stringFields(schema: JsonSchema | undefined): string[] {
  const isString = (s: JsonSchema): boolean => s.type === 'string' || (((s.anyOf ?? s.oneOf) as JsonSchema[] | undefined) ?? []).some(isString);
  return Object.entries((schema?.properties ?? {}) as Record<string, JsonSchema>).filter(([, s]) => isString(s)).map(([name]) => name);
}

/**
 * Issue 12, deterministically: every path parameter gets each hostile escape, every declared
 * query parameter too, and every string field of a near-valid body gets NUL, lone surrogates,
 * odd valid text and raw bytes that are no UTF-8 — the others stay real where the caller has values.
 */
function hostileRequests(operation: FuzzOperation, caller: FuzzCaller, origin: string): FuzzRequest[] {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const real = Object.fromEntries(names.map((name) => [name, encodeURIComponent(caller.known[name]?.[0] ?? '00000000-0000-4000-8000-000000000000')]));
  const url = (params: Record<string, string>, query = '') => `${origin}${operation.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '')}${query}`;
  const withBody = operation.method !== 'GET' && operation.method !== 'HEAD';
  const sample = withBody ? fc.sample(validish(operation.bodySchema), { numRuns: 1, seed: seedOf(operation.operationId, 'hostile') })[0] : undefined;
  const base = sample !== null && typeof sample === 'object' && !Array.isArray(sample) ? sample as Record<string, unknown> : {};
  const body = withBody ? JSON.stringify(sample ?? {}) : undefined;
  const headers: Record<string, string> = { 'x-api-version': '5.0.1', 'x-device-id': caller.deviceId, ...(caller.authorization ? { authorization: caller.authorization } : {}), ...(withBody ? { 'content-type': 'application/json' } : {}) };
  const requests: FuzzRequest[] = [];
  const add = (request: FuzzRequest) => requests.push({ ...request, ...(request.body === undefined && body !== undefined && !request.bodyBytes ? { body } : {}) });
  for (const name of names) for (const escape of HOSTILE_ESCAPES) add({ method: operation.method, url: url({ ...real, [name]: escape }), headers });
  for (const { name } of operation.query) for (const escape of HOSTILE_ESCAPES) add({ method: operation.method, url: url(real, `?${encodeURIComponent(name)}=${escape}`), headers });
  if (withBody) {
    for (const field of stringFields(operation.bodySchema)) {
      for (const text of HOSTILE_TEXT) add({ method: operation.method, url: url(real), headers, body: JSON.stringify({ ...base, [field]: text }) });
      const [before, after] = JSON.stringify({ ...base, [field]: `Name ${BYTES_MARK}` }).split(BYTES_MARK);
      for (const bytes of INVALID_UTF8) {
        add({ method: operation.method, url: url(real), headers, body: '(bytes)', bodyBytes: Buffer.concat([Buffer.from(before ?? ''), Buffer.from(bytes), Buffer.from(after ?? '')]) });
      }
    }
  }
  return requests;
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

  it.each(allEndpoints.map((e) => [`${e.method} ${e.path}`, e.operationId] as const))(
    '%s with NUL, lone surrogates, overlong UTF-8 and broken escapes in every string and path parameter: never 5xx, always the wrapper',
    async (_, operationId) => {
      const operation = operations.find((o) => o.operationId === operationId);
      if (!operation) throw new Error(`${operationId} is not in /v5/openapi.json`);
      await user.ensureSignedIn();
      for (const request of hostileRequests(operation, user.caller(), running.url)) {
        const { status } = await checkedCall(pool, request);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
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

  // Issue 12: text that passed validation once stopped a projection for every project.
  it('left every projection running and caught up with the log (nothing the fuzzer sent stopped one)', async () => {
    const behind = async () => {
      const total = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]?.n ?? 0);
      return (await getProjectionStatus(pool))
        .filter((s) => s.state === 'failed' || s.eventsApplied < total)
        .map((s) => ({ name: s.name, state: s.state, error: s.error, errorEventType: s.errorEventType, applied: s.eventsApplied, total }));
    };
    const deadline = Date.now() + 30_000;
    let lagging = await behind();
    while (lagging.length > 0 && !lagging.some((s) => s.state === 'failed') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      lagging = await behind();
    }
    expect(lagging).toEqual([]);
    expect((await getProjectionStatus(pool)).length).toBeGreaterThan(3);
  }, 60_000);
});
