import { z } from 'zod';
import { allEndpoints, declaredServiceFor, serviceFor } from './all-endpoints';
import { apiResponseSchema, failed, ok } from './api-response';
import { assertUniqueEndpoints, defineEndpoint, findEndpoint, matchPath } from './endpoint';
import { sendFeedbackVoteEndpoint } from '../feedback/feedback.endpoints';
import { buildOpenApiDocument } from './openapi';

const getUserUi = defineEndpoint({
  operationId: 'getUserUi', method: 'GET', path: '/v5/user/{uid}/ui', service: 'query', tag: 'accounts',
  summary: 'UI settings of a user', query: z.object({ minCheckpoint: z.string().optional(), mode: z.enum(['a', 'b']) }),
  response: z.object({ mode: z.string() }),
});
const getUserLink = defineEndpoint({
  operationId: 'getUserLink', method: 'GET', path: '/v5/user/link', service: 'query', tag: 'accounts',
  summary: 'Saved links', response: z.array(z.string()),
});

describe('response wrapper', () => {
  it('wraps answers and errors in { body, error, status }', () => {
    expect(ok({ a: 1 })).toEqual({ body: { a: 1 }, error: null, status: 200 });
    expect(failed({ status: 400, intern: 'validation_failed', text: 't', field: 'vote' }))
      .toEqual({ body: null, error: { status: 400, intern: 'validation_failed', text: 't', field: 'vote' }, status: 400 });
    const schema = apiResponseSchema(z.object({ a: z.number() }));
    expect(schema.safeParse(ok({ a: 1 })).success).toBe(true);
    expect(schema.safeParse({ body: { a: 'x' }, error: null, status: 200 }).success).toBe(false);
  });
});

describe('endpoint registry', () => {
  it('matches templated paths and returns their parameters', () => {
    expect(matchPath('/v5/user/{uid}/ui', '/v5/user/u%201/ui?x=1')).toEqual({ uid: 'u 1' });
    expect(matchPath('/v5/user/{uid}/ui', '/v5/user//ui')).toBeNull();
    expect(matchPath('/v5/feedback/vote', '/v5/feedback/vote/')).toEqual({});
    expect(matchPath('/v5/feedback/vote', '/v5/feedback/votes')).toBeNull();
  });

  it('prefers literal paths over templates and matches the method', () => {
    const endpoints = [getUserUi, getUserLink];
    expect(findEndpoint(endpoints, 'get', '/v5/user/link')).toBe(getUserLink);
    expect(findEndpoint(endpoints, 'GET', '/v5/user/42/ui')).toBe(getUserUi);
    expect(findEndpoint(endpoints, 'POST', '/v5/user/42/ui')).toBeUndefined();
  });

  it('routes declared endpoints to their service: the vote to commands, the version to queries', () => {
    expect(allEndpoints).toContain(sendFeedbackVoteEndpoint);
    expect(serviceFor('POST', '/v5/feedback/vote')).toBe('command');
    expect(serviceFor('GET', '/v5/update/version?minCheckpoint=x')).toBe('query');
    expect(declaredServiceFor('GET', '/v5/feedback/vote')).toBeUndefined();
    expect(serviceFor('GET', '/v5/user/7/ui', [getUserUi])).toBe('query');
  });

  it('sends undeclared reads to the query service and undeclared writes to the command service', () => {
    expect(serviceFor('GET', '/v5/openapi.json')).toBe('query');
    expect(serviceFor('HEAD', '/v5/nothing')).toBe('query');
    expect(serviceFor('DELETE', '/v5/nothing')).toBe('command');
    expect(serviceFor('put', '/v5/nothing')).toBe('command');
  });

  it('refuses an endpoint declared twice', () => {
    expect(() => assertUniqueEndpoints([getUserUi, { ...getUserUi, operationId: 'other' }])).toThrow(/declared twice/);
    expect(() => assertUniqueEndpoints([getUserUi, { ...getUserLink, operationId: 'getUserUi' }])).toThrow(/getUserUi/);
  });
});

describe('buildOpenApiDocument', () => {
  const document = buildOpenApiDocument([...allEndpoints, getUserUi]);

  it('is OpenAPI 3.1 with API version 5.0.1, listing every registered endpoint', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('5.0.1');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/v5/feedback/vote', '/v5/update/version']));
  });

  it('describes the feedback vote body from its zod schema (input side: defaults optional)', () => {
    const op = document.paths['/v5/feedback/vote']?.post as Record<string, any>;
    expect(op.operationId).toBe('sendFeedbackVote');
    expect(op['x-planwerk-service']).toBe('command');
    const body = op.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['vote']);
    expect(Object.keys(body.properties)).toEqual(['vote', 'text', 'meta']);
    expect(op.parameters.map((p: { name: string }) => p.name)).toContain('idempotency-key');
    const success = op.responses['200'].content['application/json'].schema;
    expect(success.required).toEqual(['body', 'error', 'status']);
    expect(success.properties.body.anyOf[0].required).toEqual(['feedbackId', 'text', 'checkpoint']);
    expect(op.responses.default.content['application/json'].schema.properties.error).toEqual({ $ref: '#/components/schemas/ApiError' });
    expect(document.components.schemas.ApiError).toMatchObject({ required: ['status', 'intern', 'text'] });
    expect((document.components.schemas.ApiError as { properties: Record<string, unknown> }).properties.button).toMatchObject({ required: ['target', 'label'] });
  });

  it('lists path and query parameters, and no idempotency key on queries', () => {
    const op = document.paths['/v5/user/{uid}/ui']?.get as Record<string, any>;
    const params = op.parameters as { name: string; in: string; required: boolean }[];
    expect(params.filter((p) => p.in !== 'header')).toEqual([
      expect.objectContaining({ name: 'uid', in: 'path', required: true }),
      expect.objectContaining({ name: 'minCheckpoint', in: 'query', required: false }),
      expect.objectContaining({ name: 'mode', in: 'query', required: true }),
    ]);
    expect(params.map((p) => p.name)).not.toContain('idempotency-key');
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });

  it('offers no idempotency key where a stored answer would keep secrets', () => {
    const setUp = document.paths['/v5/auth/2fa/setup']?.post as Record<string, any>;
    expect(setUp.parameters.map((p: { name: string }) => p.name)).not.toContain('idempotency-key');
  });

  it('offers no idempotency key on command-side reads, and offers one on the sign-up', () => {
    const state = document.paths['/v5/team/{teamId}/project/{projectId}/backup/state']?.get as Record<string, any>;
    expect(state.parameters.map((p: { name: string }) => p.name)).not.toContain('idempotency-key');
    const addSignup = document.paths['/v5/project/{projectId}/list/{listId}/signup']?.post as Record<string, any>;
    expect(addSignup.parameters.map((p: { name: string }) => p.name)).toContain('idempotency-key');
  });

  it("describes an error's declared details (the undo's conflicts) in the error wrapper's body, null elsewhere", () => {
    const undo = document.paths['/v5/team/{teamId}/undo']?.post as Record<string, any>;
    const error = undo.responses.default.content['application/json'].schema;
    expect(error.properties.error).toEqual({ $ref: '#/components/schemas/ApiError' });
    expect(error.properties.body.anyOf[0].required).toEqual(['conflicts']);
    const state = document.paths['/v5/team/{teamId}/project/{projectId}/backup/state']?.get as Record<string, any>;
    expect(state.responses.default.content['application/json'].schema.properties.body).toEqual({ type: 'null' });
  });

  // ADR 0004: answers of login, second factor and passkeys hold tokens, secrets or codes.
  it('marks every auth and passkey command as ignoring the Idempotency-Key', () => {
    const auth = allEndpoints.filter((e) => e.service === 'command' && /^\/v5\/(auth|webauthn)(\/|$)/.test(e.path));
    expect(auth.map((e) => e.operationId)).toEqual(expect.arrayContaining(['logIn', 'secureLogin', 'setUpTotp', 'finishPasskeyLogin', 'completeSocialLogin']));
    expect(auth.filter((e) => e.idempotencyKey !== 'ignored').map((e) => e.operationId)).toEqual([]);
  });
});
