import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import type { z } from 'zod';
import { API_BASE_PATH } from '@planwerk/events/constants';
import type { EndpointDefinition, HttpMethod, ResponseOf } from '@planwerk/events/http/endpoint';
import { noteCheckpoint, withCheckpoint } from '../shared/read-your-writes';

// The console's side of the contract (issue 13): an RTK Query endpoint is built from the
// endpoint's declaration in events/src/**/*.endpoints.ts, so its URL, method, input and answer
// types come from there and none is written a second time by hand.
//
// The declarations are imported as types only (`import type`): their zod schemas would cost
// the first view ~37 KB gzip. What the browser needs at run time is the route, and `route()`
// only accepts the declaration's own method and path (the compiler checks the literal), plus
// `'minCheckpoint'` exactly when the declaration's query takes it. In development mode the
// base query loads the declarations lazily and checks each answer against its response schema.

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** The `{name}` segments of the endpoint's path. */
export type ParamsOf<E extends EndpointDefinition> = { [K in ParamNames<E['path']>]: string };

/** What one call sends: path parameters, and the body and query string where the endpoint has them. */
export type RequestOf<E extends EndpointDefinition> = { params: ParamsOf<E>; headers?: Record<string, string> }
  & (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: never })
  & (E['query'] extends z.ZodType ? { query?: Partial<z.input<E['query']>> } : { query?: never });

export type { ResponseOf };

/** `METHOD /path` exactly as declared. */
export type RouteKey<E extends EndpointDefinition> = `${E['method']} ${E['path']}`;

type TakesCheckpoint<E extends EndpointDefinition> = E['query'] extends z.ZodType
  ? ('minCheckpoint' extends keyof z.input<E['query']> ? true : false)
  : false;

/** The run-time part of a declaration; `E` is carried as a type only. */
export interface Route<E extends EndpointDefinition> {
  method: HttpMethod;
  path: string;
  /** The read waits for the newest own write (read-your-writes). */
  checkpoint: boolean;
  /** Never set: keeps the declaration's type for inference. */
  readonly declaration?: E;
}

const METHODS = allOf<HttpMethod>()(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The route of a declaration: `route<typeof listTeamMembersEndpoint>('GET /v5/team/{teamId}/members')`.
 * A key that is not the declaration's method and path fails typecheck, and so does a missing or
 * extra `'minCheckpoint'`.
 */
export function route<E extends EndpointDefinition>(
  key: RouteKey<E>, ...checkpoint: TakesCheckpoint<E> extends true ? ['minCheckpoint'] : []
): Route<E> {
  const method = METHODS.find((m) => key.startsWith(`${m} `)) ?? 'GET';
  return { method, path: key.slice(method.length + 1), checkpoint: checkpoint.length > 0 };
}

/** FetchArgs that name their route, so the base query can check the answer in development mode. */
export interface ContractArgs extends FetchArgs {
  route: { method: HttpMethod; path: string };
}

const prefix = `${API_BASE_PATH}/`;

function filled(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** Query string of the set values (undefined, null and '' are left out). */
function searchOf(query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

function urlFrom(template: string, params: Record<string, string>, query: object | undefined): string {
  const path = filled(template, params);
  const relative = path.startsWith(prefix) ? path.slice(prefix.length) : path;
  return `${relative}${searchOf(query)}`;
}

/** The URL relative to the API base path, `{param}` segments filled (encoded), with the query string. */
export function urlOf<E extends EndpointDefinition>(to: Route<E>, request: Pick<RequestOf<E>, 'params' | 'query'>): string {
  const url = urlFrom(to.path, request.params, request.query);
  return to.checkpoint ? withCheckpoint(url) : url;
}

/** The request of one call: URL, method, body and headers. */
export function requestOf<E extends EndpointDefinition>(to: Route<E>, request: RequestOf<E>): ContractArgs {
  const url = urlFrom(to.path, request.params, request.query);
  return {
    url: to.checkpoint ? withCheckpoint(url) : url,
    method: to.method,
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.headers ? { headers: request.headers } : {}),
    route: { method: to.method, path: to.path },
  };
}

/**
 * The answer as its declaration types it. The one place the untyped JSON meets the contract's
 * type: the base query checks it against the response schema in development mode (api.ts), and
 * a command's checkpoint is noted for read-your-writes.
 */
function answerOf<E extends EndpointDefinition>(raw: unknown): ResponseOf<E> {
  noteCheckpoint(raw);
  return raw as ResponseOf<E>;
}

/**
 * `query` and `transformResponse` of an RTK Query endpoint built from a declaration's route;
 * `toRequest` maps the hook's argument to path parameters, body, query string and headers,
 * `select` (if given) picks what the hook returns from the answer. Spread it into
 * `build.query({...})` or `build.mutation({...})`: the result type is inferred from the schema.
 */
export function fromContract<E extends EndpointDefinition, A>(to: Route<E>, toRequest: (args: A) => RequestOf<E>): {
  query: (args: A) => ContractArgs;
  transformResponse: (raw: unknown) => ResponseOf<E>;
};
export function fromContract<E extends EndpointDefinition, A, R>(to: Route<E>, toRequest: (args: A) => RequestOf<E>, select: (answer: ResponseOf<E>) => R): {
  query: (args: A) => ContractArgs;
  transformResponse: (raw: unknown) => R;
};
export function fromContract<E extends EndpointDefinition, A>(
  to: Route<E>, toRequest: (args: A) => RequestOf<E>, select: (answer: ResponseOf<E>) => unknown = (answer) => answer,
) {
  return {
    query: (args: A): ContractArgs => requestOf(to, toRequest(args)),
    transformResponse: (raw: unknown): unknown => select(answerOf<E>(raw)),
  };
}

/**
 * A list of every member of a union, in the order given: a missing or extra member fails
 * typecheck (`allOf<GrantableLevel>()(['admin', …])`). For the option lists of selects.
 */
export function allOf<U extends string>() {
  return <const L extends readonly U[]>(list: L & ([U] extends [L[number]] ? unknown : never)): L => list;
}

/** The issues of an answer that does not match the declaration's response schema, as log lines. */
export function mismatchesOf(declaration: EndpointDefinition, answer: unknown): string[] {
  if (declaration.download) return [];
  const result = declaration.response.safeParse(answer);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) => leavesOf(issue)).map((issue) => {
    const at = issue.path.length === 0 ? '(answer)' : issue.path.map(String).join('.');
    return `API answer of ${declaration.operationId} (${declaration.method} ${declaration.path}) does not match its schema at ${at}: ${issue.message}`;
  });
}

type Issue = z.core.$ZodIssue;

/** A union's issue names the issues of its closest branch (fewest issues), with their full paths. */
function leavesOf(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
  return closest.flatMap((inner) => leavesOf({ ...inner, path: [...issue.path, ...inner.path] }));
}

/**
 * Development mode only (the caller checks `import.meta.env.DEV`, so production bundles neither
 * this check nor the schemas): loads the declarations once and logs every issue of an answer
 * that does not match its response schema, with the endpoint and the issue's path.
 */
export async function warnOnMismatch(called: ContractArgs['route'], answer: unknown): Promise<void> {
  const { allEndpoints } = await import('@planwerk/events/http/all-endpoints');
  const declaration = allEndpoints.find((e) => e.method === called.method && e.path === called.path);
  if (!declaration) {
    console.warn(`API route ${called.method} ${called.path} has no declaration`);
    return;
  }
  for (const line of mismatchesOf(declaration, answer)) console.warn(line);
}
