import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ServiceName = 'command' | 'query';

/**
 * One HTTP endpoint, declared once as data. The services validate with its schemas, the
 * OpenAPI document is built from it and the gateway routes by it.
 */
export interface EndpointDefinition {
  operationId: string;
  method: HttpMethod;
  /** Full path with OpenAPI-style parameters: `/v5/user/{uid}/ui`. */
  path: string;
  service: ServiceName;
  summary: string;
  /** Feature tag for the OpenAPI document (`feedback`, `platform`, ...). */
  tag: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Schema of `body` inside the `{ body, error, status }` wrapper on success. */
  response: z.ZodType;
  /** Success status; 200 unless said otherwise. */
  successStatus?: number;
  /**
   * Schema of `body` inside the wrapper on an error that carries details there (the 409
   * `undo_conflict` lists the conflicting changes); errors leave `body` null otherwise.
   */
  errorBody?: z.ZodType;
  /**
   * 'ignored' where a stored answer would keep secrets (session tokens, TOTP secrets, recovery
   * codes) in plaintext in `idempotency_keys`: the command side then stores nothing (ADR 0004).
   */
  idempotencyKey?: 'ignored';
  /**
   * A file download (CSV, Excel): success answers a file of one of these media types instead of
   * the JSON wrapper; errors still answer the wrapper. `response` then describes nothing.
   */
  download?: readonly string[];
}

export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  if (!endpoint.path.startsWith('/')) throw new Error(`Endpoint ${endpoint.operationId}: path must start with "/"`);
  return endpoint;
}

export type BodyOf<E extends EndpointDefinition> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
export type ResponseOf<E extends EndpointDefinition> = z.output<E['response']>;
/** The details an error answer carries in `body`, where the endpoint declares them. */
export type ErrorBodyOf<E extends EndpointDefinition> = E['errorBody'] extends z.ZodType ? z.output<E['errorBody']> : never;

/** Path parameters when `path` (without query string) fits `template`, else null. */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const wanted = template.split('/');
  const actual = (path.split('?')[0] ?? '').replace(/\/+$/, '').split('/');
  if (wanted.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < wanted.length; i += 1) {
    const part = wanted[i] ?? '';
    const value = actual[i] ?? '';
    const param = /^\{(\w+)\}$/.exec(part);
    if (param) {
      if (value === '') return null;
      params[param[1] ?? ''] = decodeURIComponentSafe(value);
    } else if (part !== value) {
      return null;
    }
  }
  return params;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function findEndpoint(
  endpoints: readonly EndpointDefinition[],
  method: string,
  path: string,
): EndpointDefinition | undefined {
  const upper = method.toUpperCase();
  // Literal paths win over templated ones (`/v5/user/link` before `/v5/user/{uid}`).
  const candidates = endpoints.filter((e) => e.method === upper && matchPath(e.path, path));
  return candidates.find((e) => !e.path.includes('{')) ?? candidates[0];
}

/** Registry checks: operation ids and method+path pairs must be unique. */
export function assertUniqueEndpoints(endpoints: readonly EndpointDefinition[]): void {
  const ids = new Set<string>();
  const routes = new Set<string>();
  for (const e of endpoints) {
    const route = `${e.method} ${e.path}`;
    if (ids.has(e.operationId)) throw new Error(`Endpoint operationId ${e.operationId} is declared twice`);
    if (routes.has(route)) throw new Error(`Endpoint ${route} is declared twice`);
    ids.add(e.operationId);
    routes.add(route);
  }
}
