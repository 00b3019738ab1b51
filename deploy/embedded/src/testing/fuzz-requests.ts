import fc from 'fast-check';
import { anyJson, mutatedObject, nastyString, validish, type JsonSchema } from './fuzz-values';

// Random HTTP requests for one OpenAPI operation: path parameters, query strings, headers and
// bodies, from near-valid to hostile.

export interface FuzzOperation {
  operationId: string;
  method: string;
  /** OpenAPI path template: `/v5/team/{teamId}`. */
  path: string;
  bodySchema?: JsonSchema;
  query: Array<{ name: string; schema: JsonSchema }>;
  /** Whether the operation takes an Idempotency-Key. */
  idempotent: boolean;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Sent instead of `body` when set: bytes that are not UTF-8 (overlong forms, encoded surrogates). */
  bodyBytes?: Uint8Array<ArrayBuffer>;
}

/** The caller's headers when it behaves: the fuzzer garbles or drops each of them at times. */
export interface FuzzCaller {
  deviceId: string;
  authorization?: string;
  /** Real values for path parameters by name (`teamId`, `uid`, ...), so some calls reach real data. */
  known: Record<string, string[]>;
}

/** Every operation of an OpenAPI 3.1 document, with the parts the fuzzer varies. */
export function operationsOf(document: { paths: Record<string, Record<string, any>> }): FuzzOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({
    operationId: String(operation.operationId),
    method: method.toUpperCase(),
    path,
    bodySchema: operation.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined,
    query: (operation.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => ({ name: String(p.name), schema: p.schema as JsonSchema })),
    idempotent: (operation.parameters ?? []).some((p: any) => p.name === 'idempotency-key'),
  })));
}

// encodeURIComponent throws on lone surrogates; those go out as their raw UTF-16 code units.
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((c) => `%${(c.charCodeAt(0) & 0xff).toString(16).padStart(2, '0')}`).join('');
  }
}

/**
 * Hostile forms of a path segment or query value (issue 12): NUL, an encoded lone surrogate
 * (UTF-8 has none), overlong UTF-8 (`%C0%AF` is `/`, `%C0%80` NUL), stray bytes and broken escapes.
 */
export const HOSTILE_ESCAPES = ['%00', 'x%00y', '%ED%A0%80', '%ED%BF%BF', '%C0%AF', '%C0%80', '%E0%80%AF', '%FF', '%E0%A4%A', '%', '%zz', '%uD800'] as const;

const rawSegment = fc.constantFrom('%2F', '%2e%2e', ';x=1', ...HOSTILE_ESCAPES);

function pathParameter(name: string, caller: FuzzCaller): fc.Arbitrary<string> {
  const known = caller.known[name] ?? [];
  return fc.oneof(
    ...(known.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...known).map(encode) }] : []),
    { weight: 2, arbitrary: nastyString.filter((s) => s.length > 0 && s.length < 2000).map(encode) },
    { weight: 1, arbitrary: fc.uuid().map(encode) },
    { weight: 1, arbitrary: rawSegment },
  );
}

function queryString(operation: FuzzOperation): fc.Arbitrary<string> {
  const declared = operation.query.map(({ name, schema }) => fc.oneof(validish(schema), anyJson).map((value) => [name, value] as const));
  const pair = fc.oneof(
    ...declared,
    fc.tuple(nastyString, anyJson),
    fc.tuple(fc.constantFrom('__proto__[x]', 'constructor[prototype][x]', 'a[b][c]', 'a[]', ''), anyJson),
  ).map(([name, value]) => `${encode(name)}=${encode(typeof value === 'string' ? value : JSON.stringify(value) ?? '')}`);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 4, arbitrary: fc.array(pair, { maxLength: 4 }).map((pairs) => (pairs.length ? `?${pairs.join('&')}` : '')) },
    { weight: 1, arbitrary: fc.constantFrom('?', '?&&==', '?%', '?a=%zz', '?a=1&a=2&a=3', `?x=${'y'.repeat(8000)}`).map((s) => s) },
    ...(operation.query.length > 0
      ? [{ weight: 1, arbitrary: fc.tuple(fc.constantFrom(...operation.query.map((q) => q.name)), fc.constantFrom(...HOSTILE_ESCAPES)).map(([name, value]) => `?${encode(name)}=${value}`) }]
      : []),
  );
}

// Header values must be ByteStrings without CR, LF or NUL, else fetch refuses to send them.
const headerChar = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xa0, max: 0xff }) },
).map((code) => String.fromCharCode(code));
const headerValue = fc.oneof(
  fc.string({ unit: headerChar, minLength: 1, maxLength: 60 }).map((s) => s.trim()).filter((s) => s.length > 0),
  fc.constantFrom('x'.repeat(7000), 'null', '0', '-1', '99.99.99', '5', '5.0', '4.0.0', '6.0.0', 'Bearer x', 'a.b', '.', '..', 'x.ABCDEFGHIJ'),
);

function maybe(normal: string | undefined, garbage: fc.Arbitrary<string>): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(normal) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: garbage },
  );
}

const contentTypes = fc.constantFrom(
  'application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'application/json; charset=utf-16',
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'application/*',
  '*/*', ';;', 'application/merge-patch+json',
);

function headers(operation: FuzzOperation, caller: FuzzCaller, hasBody: boolean): fc.Arbitrary<Record<string, string>> {
  const authorization = fc.oneof(headerValue, fc.constant(`${caller.authorization ?? 'x'}x`), fc.constant(`${(caller.authorization ?? 'a.b').split('.')[0]}.OtherDev01`));
  return fc.record({
    authorization: maybe(caller.authorization, authorization),
    'x-device-id': maybe(caller.deviceId, headerValue),
    'x-session-id': fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: headerValue }),
    'x-api-version': maybe('5.0.1', headerValue),
    'idempotency-key': fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: headerValue }),
    'content-type': maybe(hasBody ? 'application/json' : undefined, contentTypes),
    'accept-language': fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: headerValue }),
    'x-correlation-id': fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: headerValue }),
  }).map((record) => Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined)));
}

function body(operation: FuzzOperation): fc.Arbitrary<string | undefined> {
  const schema = operation.bodySchema;
  const pollution = validish(schema).map((value) => {
    const text = JSON.stringify(value) ?? 'null';
    const poison = '"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}';
    return text.startsWith('{') && text !== '{}' ? `{${poison},${text.slice(1)}` : `{${poison}}`;
  });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', 'nul', '[1,2', '\u0000', '{"a":1}{"b":2}', "{'a':1}", 'undefined', '\uFEFF{}') },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 80 }) },
    { weight: 2, arbitrary: anyJson.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 3, arbitrary: validish(schema).map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 3, arbitrary: mutatedObject(schema).map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: pollution },
    { weight: 1, arbitrary: fc.constantFrom(`"${'x'.repeat(1_200_000)}"`, `{"a":"${'x'.repeat(200_000)}"}`) },
  );
}

/** One random request for `operation`, as `caller`. GET requests carry no body (fetch refuses one). */
export function requestFor(operation: FuzzOperation, caller: FuzzCaller, origin: string): fc.Arbitrary<FuzzRequest> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const params = fc.tuple(...names.map((name) => pathParameter(name, caller)));
  const withBody = operation.method !== 'GET' && operation.method !== 'HEAD';
  return fc.tuple(params, queryString(operation), withBody ? body(operation) : fc.constant(undefined))
    .chain(([values, query, text]) => headers(operation, caller, text !== undefined).map((head) => {
      let index = 0;
      const path = operation.path.replace(/\{\w+\}/g, () => values[index++] ?? '');
      return describable({ method: operation.method, url: `${origin}${path}${query}`, headers: head, ...(text === undefined ? {} : { body: text }) });
    }));
}

// fast-check prints a counterexample with this: megabyte bodies and URLs are cut short.
function describable(request: FuzzRequest): FuzzRequest {
  const cut = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}… (${text.length} chars)` : text);
  return Object.defineProperty(request, fc.toStringMethod, {
    value: () => JSON.stringify({ ...request, url: cut(request.url), body: request.body === undefined ? undefined : cut(request.body) }),
  });
}
