import { z } from 'zod';
import { API_VERSION } from '../constants/versions.constants';
import { HTTP_HEADERS, apiErrorSchema } from './api-response';
import type { EndpointDefinition } from './endpoint';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema> };
}

// Request schemas are shown as clients send them (defaults optional), answers as sent back.
function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function headerParameter(name: string, description: string, required = false, example?: string) {
  return { name, in: 'header', required, description, schema: { type: 'string' }, ...(example ? { example } : {}) };
}

const commonHeaders = [
  headerParameter(HTTP_HEADERS.authorization, '`token.device` of a signed-in user; absent for anonymous visitors'),
  headerParameter(HTTP_HEADERS.sessionId, 'Session id: 4 groups of 2 hex blocks'),
  headerParameter(HTTP_HEADERS.deviceId, 'Device id: 10 alphanumeric characters'),
  headerParameter(HTTP_HEADERS.apiVersion, 'API version the client speaks; another major answers 6951', false, API_VERSION),
];

const idempotencyHeader = headerParameter(
  HTTP_HEADERS.idempotencyKey,
  'Same key and same body → the same answer, nothing done twice; same key with another body → 422',
);

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
}

function queryParameters(query: z.ZodType | undefined) {
  if (!query) return [];
  const json = toSchema(query, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
}

/** The `{ body, error, status }` wrapper of a success (`body`) or an error (`errorBody`: its declared details, else null). */
function wrapper(body: JsonSchema | null, errorBody: JsonSchema | null = null): JsonSchema {
  const details = body ?? errorBody;
  return {
    type: 'object',
    required: ['body', 'error', 'status'],
    properties: {
      body: details ? { anyOf: [details, { type: 'null' }] } : { type: 'null' },
      error: body ? { type: 'null' } : { $ref: '#/components/schemas/ApiError' },
      status: { type: 'integer' },
    },
  };
}

function operation(endpoint: EndpointDefinition) {
  const success = String(endpoint.successStatus ?? 200);
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    tags: [endpoint.tag],
    'x-planwerk-service': endpoint.service,
    parameters: [
      ...pathParameters(endpoint.path),
      ...queryParameters(endpoint.query),
      ...commonHeaders,
      // Keys are honoured on command-side writes only; a GET's answer is never stored under one.
      ...(endpoint.service === 'command' && endpoint.idempotencyKey !== 'ignored' && endpoint.method !== 'GET' ? [idempotencyHeader] : []),
    ],
    ...(endpoint.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(endpoint.body, 'input') } } } }
      : {}),
    responses: {
      [success]: endpoint.download
        ? {
          description: 'The file',
          content: Object.fromEntries(endpoint.download.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
        }
        : {
          description: 'Success',
          content: { 'application/json': { schema: wrapper(toSchema(endpoint.response, 'output')) } },
        },
      default: {
        description: 'Error: `{ status, intern, text, field? }` with a code of the error catalogue',
        content: { 'application/json': { schema: wrapper(null, endpoint.errorBody ? toSchema(endpoint.errorBody, 'output') : null) } },
      },
    },
  };
}

/** OpenAPI 3.1 for the given endpoints, schemas from zod 4's own JSON Schema output. */
export function buildOpenApiDocument(
  endpoints: readonly EndpointDefinition[],
  info: { title?: string; version?: string; description?: string } = {},
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of endpoints) {
    const item = (paths[endpoint.path] ??= {});
    item[endpoint.method.toLowerCase()] = operation(endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title ?? 'Planwerk API',
      version: info.version ?? API_VERSION,
      ...(info.description ? { description: info.description } : {}),
    },
    paths,
    components: { schemas: { ApiError: toSchema(apiErrorSchema, 'output') } },
  };
}
