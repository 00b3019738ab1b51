import { defineEndpoint, type EndpointDefinition } from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@planwerk/events';
import type { IdempotencyClaim, IdempotencyStore, StoredAnswer } from '../idempotency/idempotency.store';
import { CommandRunner } from './command-runner';

// Records what the runner asks of the idempotency table; the first claim owns the key.
class RecordingIdempotency {
  readonly calls: string[] = [];
  readonly answers = new Map<string, StoredAnswer>();

  readonly hashes: string[] = [];

  async claim(scope: string, key: string, hash: string): Promise<IdempotencyClaim> {
    this.calls.push(`claim ${key}`);
    this.hashes.push(hash);
    const stored = this.answers.get(`${scope}\n${key}`);
    return stored ? { kind: 'done', answer: stored } : { kind: 'owner', token: `token-${this.calls.length}` };
  }

  async complete(scope: string, key: string, token: string, answer: StoredAnswer): Promise<boolean> {
    this.calls.push(`complete ${key} ${token}`);
    this.answers.set(`${scope}\n${key}`, answer);
    return true;
  }

  async release(scope: string, key: string, token: string): Promise<void> {
    this.calls.push(`release ${key} ${token}`);
  }
}

const endpoint = (extra: Partial<EndpointDefinition> = {}) => defineEndpoint({
  operationId: 'example', method: 'POST', path: '/v5/example', service: 'command', tag: 'test',
  summary: 'example', response: z.object({ secret: z.string() }), ...extra,
});
const keyed = (method: string, url: string, body: unknown = {}) =>
  ({ method, url, headers: { 'x-device-id': 'Dev1ce0042', 'idempotency-key': 'key-1' }, body }) as unknown as FastifyRequest;
const request = keyed('POST', '/v5/example');
const reply = { status: () => reply } as unknown as FastifyReply;

describe('CommandRunner and the Idempotency-Key', () => {
  let store: RecordingIdempotency;
  let runner: CommandRunner;
  let issued = 0;
  const execute = async () => ({ secret: `secret-${(issued += 1)}` });

  beforeEach(() => {
    store = new RecordingIdempotency();
    runner = new CommandRunner(store as unknown as IdempotencyStore);
  });

  it('stores the answer of an ordinary command and answers a retry from the store', async () => {
    const first = await runner.run(endpoint(), request, reply, execute);
    const retry = await runner.run(endpoint(), request, reply, execute);
    expect(retry).toEqual(first);
    expect(store.calls).toEqual(['claim key-1', 'complete key-1 token-1', 'claim key-1']);
  });

  it('fingerprints the real path and query, not the route template', async () => {
    const template = endpoint({ method: 'DELETE', path: '/v5/example/{id}' });
    await runner.run(template, keyed('DELETE', '/v5/example/a?path=x&b=1'), reply, execute);
    await runner.run(template, keyed('DELETE', '/v5/example/b?path=x&b=1'), reply, execute);
    await runner.run(template, keyed('DELETE', '/v5/example/a?path=y&b=1'), reply, execute);
    await runner.run(template, keyed('DELETE', '/v5/example/a?b=1&path=x'), reply, execute);
    const [a, otherId, otherQuery, reordered] = store.hashes;
    expect(new Set([a, otherId, otherQuery]).size).toBe(3);
    expect(reordered).toBe(a);
  });

  it('never claims or stores a key on a GET (its answer may hold decrypted personal data)', async () => {
    const get = endpoint({ method: 'GET' });
    const first = await runner.run(get, keyed('GET', '/v5/example'), reply, execute);
    const second = await runner.run(get, keyed('GET', '/v5/example'), reply, execute);
    expect(second.body).not.toEqual(first.body);
    expect(store.calls).toEqual([]);
  });

  it('gives the key back instead of storing a transient conflict, so a retry runs again', async () => {
    const conflict = await runner.run(endpoint(), request, reply, async () => {
      throw new DomainError('conflict');
    });
    expect(conflict.status).toBe(409);
    expect(store.calls).toEqual(['claim key-1', 'release key-1 token-1']);
    const retried = await runner.run(endpoint(), request, reply, execute);
    expect(retried.status).toBe(200);
    expect(store.calls.slice(2)).toEqual(['claim key-1', 'complete key-1 token-3']);
  });

  it('gives the key back on a 503 answer and on a database error, storing neither', async () => {
    const unavailable = await runner.run(endpoint(), request, reply, async () => {
      throw new DomainError(6950);
    });
    expect(unavailable.status).toBe(503);
    await expect(runner.run(endpoint(), request, reply, async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    })).rejects.toThrow('terminating connection');
    expect(store.calls).toEqual(['claim key-1', 'release key-1 token-1', 'claim key-1', 'release key-1 token-3']);
    expect(store.answers.size).toBe(0);
  });

  it('stores a rule error as the final answer', async () => {
    const refused = await runner.run(endpoint(), request, reply, async () => {
      throw new DomainError('no_permission');
    });
    expect(refused.status).toBe(403);
    expect(store.calls).toEqual(['claim key-1', 'complete key-1 token-1']);
  });

  it('keeps secrets out of the stored answer and restores them on a replay', async () => {
    const secrets = { redact: (b: { secret: string }) => ({ ...b, secret: 'redacted' }), restore: (b: { secret: string }) => ({ ...b, secret: 'derived' }) };
    const first = await runner.run(endpoint(), request, reply, async () => ({ secret: 'derived' }), { secrets });
    expect(first.body).toEqual({ secret: 'derived' });
    expect(JSON.stringify([...store.answers.values()])).not.toContain('derived');
    const replay = await runner.run(endpoint(), request, reply, execute, { secrets });
    expect(replay.body).toEqual({ secret: 'derived' });
  });

  it("neither claims nor stores on an endpoint that says idempotencyKey: 'ignored'", async () => {
    const first = await runner.run(endpoint({ idempotencyKey: 'ignored' }), request, reply, execute);
    const second = await runner.run(endpoint({ idempotencyKey: 'ignored' }), request, reply, execute);
    expect(second.body).not.toEqual(first.body);
    expect(store.calls).toEqual([]);
  });
});
