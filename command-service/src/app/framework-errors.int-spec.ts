import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type EventStore } from '@planwerk/events';
import type { Pool } from 'pg';
import { describeWith } from '../../../scripts/testing/components';
import { startCommandServiceStack, type CommandServiceStack } from '../testing/command-service-stack';

// Found by the API fuzzer: URLs that Fastify's router refuses before any route runs (a bad
// percent-escape, a path parameter over 100 characters) answered Fastify's own
// `{ error, code, message }` instead of the spec's wrapper.
describeWith('postgres', 'command-service router errors', () => {
  let pool: Pool;
  let store: EventStore;
  let stack: CommandServiceStack;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    stack = await startCommandServiceStack('cmd_router_errors', { poolSize: 4 });
    ({ pool, store, app } = stack);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it.each([
    ['a malformed percent-escape', '/v5/team/%zz/leave', 400, 'malformed_body', 'The request could not be read.'],
    ['an overlong path parameter', `/v5/team/${'ß'.repeat(120)}/leave`, 414, 'request_failed', 'The request could not be executed.'],
  ])('answers %s in the wrapper', async (_, url, status, intern, text) => {
    const answer = await app.inject({ method: 'POST', url, headers: { 'accept-language': 'en' } });
    expect(answer.statusCode).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toEqual({ body: null, status, error: { status, intern, text } });
  });
});
