import { Inject, Injectable } from '@nestjs/common';
import { DomainError, failed, ok, type ApiResponse, type EndpointDefinition } from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { IDEMPOTENCY_STORE } from '../../app/tokens';
import type { CommandMetadata } from '../commands/decide-and-append';
import { deterministicIds, randomIds, type IdSource } from '../idempotency/deterministic-ids';
import { requestHash, type IdempotencyStore, type StoredAnswer } from '../idempotency/idempotency.store';
import { toApiError } from './api-errors';
import { actorScope, readRequestContext, type RequestContext } from './request-context';

/** What a command endpoint gets to build and dispatch its command. */
export interface CommandContext {
  request: RequestContext;
  metadata: CommandMetadata;
  ids: IdSource;
}

/**
 * The edge of every command endpoint: headers → context and metadata, the Idempotency-Key
 * (same key and body → the stored answer; other body → 422; not at all on endpoints whose
 * definition says `idempotencyKey: 'ignored'`), and rule errors as answers.
 */
@Injectable()
export class CommandRunner {
  constructor(@Inject(IDEMPOTENCY_STORE) private readonly idempotency: IdempotencyStore) {}

  async run<T>(
    endpoint: EndpointDefinition,
    request: FastifyRequest,
    reply: FastifyReply,
    execute: (context: CommandContext) => Promise<T>,
  ): Promise<ApiResponse<T>> {
    const context = readRequestContext(request.headers);
    // Auth endpoints ignore the key: their answers hold secrets that must not be stored.
    const key = endpoint.idempotencyKey === 'ignored' ? null : context.idempotencyKey;
    if (key === null) return this.send(reply, await this.answer(endpoint, context, randomIds(), execute));

    const scope = actorScope(context.actor);
    const claim = await this.idempotency.claim(scope, key, requestHash(`${endpoint.method} ${endpoint.path}`, request.body ?? null));
    switch (claim.kind) {
      case 'done':
        return this.send(reply, claim.answer as StoredAnswer & { response: ApiResponse<T> });
      case 'reused_with_other_request':
        throw new DomainError('idempotency_key_reused', { details: { key } });
      case 'in_progress':
        throw new DomainError('idempotency_key_in_progress', { details: { key } });
      case 'owner':
        break;
      default:
        return assertNever(claim);
    }
    let answer: StoredAnswer & { response: ApiResponse<T> };
    try {
      answer = await this.answer(endpoint, context, deterministicIds(`${scope}\n${key}`), execute);
    } catch (error) {
      // Unexpected failures are not answers: give the key back so a retry runs again.
      await this.idempotency.release(scope, key);
      throw error;
    }
    await this.idempotency.complete(scope, key, answer);
    return this.send(reply, answer);
  }

  private async answer<T>(
    endpoint: EndpointDefinition,
    request: RequestContext,
    ids: IdSource,
    execute: (context: CommandContext) => Promise<T>,
  ): Promise<StoredAnswer & { response: ApiResponse<T> }> {
    const metadata: CommandMetadata = {
      commandId: ids.next('command'),
      correlationId: request.correlationId,
      causationId: null,
      actor: request.actor,
      // Teams arrive with accounts; until then no command belongs to a team.
      teamId: null,
    };
    try {
      const body = await execute({ request, metadata, ids });
      const status = endpoint.successStatus ?? 200;
      return { statusCode: status, response: ok(body, status) };
    } catch (error) {
      // Rule and input errors are answers too: a retry with the key gets the same one.
      if (error instanceof DomainError || error instanceof ZodError) {
        const apiError = toApiError(error, request.language);
        return { statusCode: apiError.status, response: failed(apiError) };
      }
      throw error;
    }
  }

  private send<T>(reply: FastifyReply, answer: StoredAnswer & { response: ApiResponse<T> }): ApiResponse<T> {
    void reply.status(answer.statusCode);
    return answer.response;
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected idempotency claim ${JSON.stringify(value)}`);
}
