import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import type { z } from 'zod';
import { API_BASE_PATH } from '@planwerk/events/constants';
import type { EndpointDefinition, ResponseOf } from '@planwerk/events/http/endpoint';
import { noteCheckpoint, withCheckpoint } from '../shared/read-your-writes';

// The console's side of the contract (issue 13): an RTK Query endpoint is built from the
// endpoint's declaration in events/src/**/*.endpoints.ts, so its URL, method, input and answer
// types come from there and none is written a second time by hand.

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** The `{name}` segments of the endpoint's path. */
export type ParamsOf<E extends EndpointDefinition> = { [K in ParamNames<E['path']>]: string };

/** What one call sends: path parameters, and the body and query string where the endpoint has them. */
export type RequestOf<E extends EndpointDefinition> = { params: ParamsOf<E>; headers?: Record<string, string> }
  & (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: never })
  & (E['query'] extends z.ZodType ? { query?: Partial<z.input<E['query']>> } : { query?: never });

export type { ResponseOf };

/** FetchArgs that carry their declaration, so the base query can check the answer against it (DEV). */
export interface ContractArgs extends FetchArgs {
  contract: EndpointDefinition;
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

/** The endpoint's URL relative to the API base path, `{param}` segments filled (encoded), with the query string. */
export function urlOf<E extends EndpointDefinition>(endpoint: E, request: Pick<RequestOf<E>, 'params' | 'query'>): string {
  return urlFrom(endpoint.path, request.params, request.query);
}

function urlFrom(template: string, params: Record<string, string>, query: object | undefined): string {
  const path = filled(template, params);
  const relative = path.startsWith(prefix) ? path.slice(prefix.length) : path;
  return `${relative}${searchOf(query)}`;
}

/** Reads whose query declares `minCheckpoint` wait for the newest own write (read-your-writes). */
function readsYourWrites(endpoint: EndpointDefinition): boolean {
  const shape: unknown = endpoint.query && 'shape' in endpoint.query ? endpoint.query.shape : undefined;
  return endpoint.method === 'GET' && typeof shape === 'object' && shape !== null && 'minCheckpoint' in shape;
}

/**
 * The request of one call, relative to the API base path: `:param` segments filled (encoded),
 * the query string, the method and the body. Reads that take `minCheckpoint` carry the newest
 * own checkpoint (read-your-writes).
 */
export function requestOf<E extends EndpointDefinition>(endpoint: E, request: RequestOf<E>): ContractArgs {
  const url = urlFrom(endpoint.path, request.params, request.query);
  return {
    url: readsYourWrites(endpoint) ? withCheckpoint(url) : url,
    method: endpoint.method,
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.headers ? { headers: request.headers } : {}),
    contract: endpoint,
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
 * `query` and `transformResponse` of an RTK Query endpoint built from a declaration; `toRequest`
 * maps the hook's argument to path parameters, body, query string and headers, `select` (if
 * given) picks what the hook returns from the answer. Spread it into `build.query({...})` or
 * `build.mutation({...})`: the result type is inferred from the schema.
 */
export function fromContract<E extends EndpointDefinition, A>(endpoint: E, toRequest: (args: A) => RequestOf<E>): {
  query: (args: A) => ContractArgs;
  transformResponse: (raw: unknown) => ResponseOf<E>;
};
export function fromContract<E extends EndpointDefinition, A, R>(endpoint: E, toRequest: (args: A) => RequestOf<E>, select: (answer: ResponseOf<E>) => R): {
  query: (args: A) => ContractArgs;
  transformResponse: (raw: unknown) => R;
};
export function fromContract<E extends EndpointDefinition, A>(
  endpoint: E, toRequest: (args: A) => RequestOf<E>, select: (answer: ResponseOf<E>) => unknown = (answer) => answer,
) {
  return {
    query: (args: A): ContractArgs => requestOf(endpoint, toRequest(args)),
    transformResponse: (raw: unknown): unknown => select(answerOf<E>(raw)),
  };
}

/**
 * Development mode only: the issues of an answer that does not match its declaration's response
 * schema, logged with the endpoint and the path of each issue. File downloads are not checked.
 */
export function warnOnMismatch(contract: EndpointDefinition, answer: unknown): void {
  if (contract.download) return;
  const result = contract.response.safeParse(answer);
  if (result.success) return;
  for (const issue of result.error.issues) {
    const at = issue.path.length === 0 ? '(answer)' : issue.path.map(String).join('.');
    console.warn(`API answer of ${contract.operationId} (${contract.method} ${contract.path}) does not match its schema at ${at}: ${issue.message}`);
  }
}
