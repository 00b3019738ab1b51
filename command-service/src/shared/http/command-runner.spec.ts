import { defineEndpoint, type EndpointDefinition } from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdempotencyClaim, IdempotencyStore, StoredAnswer } from '../idempotency/idempotency.store';
import { CommandRunner } from './command-runner';

// Records what the runner asks of the idempotency table; the first claim owns the key.
class RecordingIdempotency {
  readonly calls: string[] = [];
  readonly answers = new Map<string, StoredAnswer>();

  async claim(scope: string, key: string): Promise<IdempotencyClaim> {
    this.calls.push(`claim ${key}`);
    const stored = this.answers.get(`${scope}\n${key}`);
    return stored ? { kind: 'done', answer: stored } : { kind: 'owner' };
  }

  async complete(scope: string, key: string, answer: StoredAnswer): Promise<void> {
    this.calls.push(`complete ${key}`);
    this.answers.set(`${scope}\n${key}`, answer);
  }

  async release(scope: string, key: string): Promise<void> {
    this.calls.push(`release ${key}`);
  }
}

const endpoint = (extra: Partial<EndpointDefinition> = {}) => defineEndpoint({
  operationId: 'example', method: 'POST', path: '/v5/example', service: 'command', tag: 'test',
  summary: 'example', response: z.object({ secret: z.string() }), ...extra,
});
const request = { headers: { 'x-device-id': 'Dev1ce0042', 'idempotency-key': 'key-1' }, body: {} } as unknown as FastifyRequest;
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
    expect(store.calls).toEqual(['claim key-1', 'complete key-1', 'claim key-1']);
  });

  it("neither claims nor stores on an endpoint that says idempotencyKey: 'ignored'", async () => {
    const first = await runner.run(endpoint({ idempotencyKey: 'ignored' }), request, reply, execute);
    const second = await runner.run(endpoint({ idempotencyKey: 'ignored' }), request, reply, execute);
    expect(second.body).not.toEqual(first.body);
    expect(store.calls).toEqual([]);
  });
});
