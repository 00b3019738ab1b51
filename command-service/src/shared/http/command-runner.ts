import { Inject, Injectable } from '@nestjs/common';
import { DomainError, failed, ok, type ApiResponse, type EndpointDefinition, type HttpMethod } from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { IDEMPOTENCY_STORE } from '../../app/tokens';
import type { CommandMetadata } from '../commands/decide-and-append';
import { deterministicIds, randomIds, type IdSource } from '../idempotency/deterministic-ids';
import { requestFingerprint, type IdempotencyStore, type StoredAnswer } from '../idempotency/idempotency.store';
import { toApiError } from './api-errors';
import { actorScope, readRequestContext, type RequestContext } from './request-context';

/** What a command endpoint gets to build and dispatch its command. */
export interface CommandContext {
  request: RequestContext;
  metadata: CommandMetadata;
  ids: IdSource;
}

/**
 * Parts of a success answer that must not be stored under a key (a visitor's private token):
 * `redact` takes them out of the stored copy, `restore` derives them again for a replay.
 */
export interface AnswerSecrets<T> {
  redact(body: T): T;
  restore(body: T): T;
}

export interface RunOptions<T> {
  secrets?: AnswerSecrets<T>;
}

type Answer<T> = StoredAnswer & { response: ApiResponse<T> };

// Only writes keep an answer under a key; a GET's answer (backup states with decrypted names) never.
const WRITES: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Answers that say "not now" rather than decide the request: a retry must run again.
const TRANSIENT_CODES: ReadonlySet<number | string> = new Set(['conflict', 'idempotency_key_in_progress']);

/** A decided answer (success or a rule error) is final; a conflict, 429 or 5xx is not. */
export function isFinalAnswer(answer: StoredAnswer & { response: ApiResponse<unknown> }): boolean {
  if (answer.statusCode >= 500 || answer.statusCode === 429) return false;
  const code = answer.response.error?.intern;
  return code === undefined || !TRANSIENT_CODES.has(code);
}

/**
 * The edge of every command endpoint: headers → context and metadata, the Idempotency-Key
 * on writes (same key, method, path, query and body → the stored answer; the same key with
 * anything else → 422 and nothing runs; not at all on endpoints whose definition says
 * `idempotencyKey: 'ignored'`), and rule errors as answers. Only final answers are stored,
 * and only by the request that still holds the key's claim.
 */
@Injectable()
export class CommandRunner {
  constructor(@Inject(IDEMPOTENCY_STORE) private readonly idempotency: IdempotencyStore) {}

  async run<T>(
    endpoint: EndpointDefinition,
    request: FastifyRequest,
    reply: FastifyReply,
    execute: (context: CommandContext) => Promise<T>,
    options: RunOptions<T> = {},
  ): Promise<ApiResponse<T>> {
    const context = readRequestContext(request.headers);
    // Auth endpoints ignore the key: their answers hold secrets that must not be stored.
    const keyed = endpoint.idempotencyKey !== 'ignored' && WRITES.has(endpoint.method);
    const key = keyed ? context.idempotencyKey : null;
    if (key === null) return this.send(reply, await this.answer(endpoint, context, randomIds(), execute));

    const scope = actorScope(context.actor);
    const fingerprint = requestFingerprint({ method: request.method ?? endpoint.method, url: request.url ?? endpoint.path, body: request.body ?? null });
    const claim = await this.idempotency.claim(scope, key, fingerprint);
    switch (claim.kind) {
      case 'done':
        return this.send(reply, restored(claim.answer as Answer<T>, options.secrets));
      case 'reused_with_other_request':
        throw new DomainError('idempotency_key_reused', { details: { key } });
      case 'in_progress':
        throw new DomainError('idempotency_key_in_progress', { details: { key } });
      case 'owner':
        break;
      default:
        return assertNever(claim);
    }
    let answer: Answer<T>;
    try {
      answer = await this.answer(endpoint, context, deterministicIds(`${scope}\n${key}`), execute);
    } catch (error) {
      // Unexpected failures are not answers: give the key back so a retry runs again.
      await this.idempotency.release(scope, key, claim.token).catch(() => undefined);
      throw error;
    }
    if (isFinalAnswer(answer)) await this.idempotency.complete(scope, key, claim.token, redacted(answer, options.secrets));
    else await this.idempotency.release(scope, key, claim.token).catch(() => undefined);
    return this.send(reply, answer);
  }

  private async answer<T>(
    endpoint: EndpointDefinition,
    request: RequestContext,
    ids: IdSource,
    execute: (context: CommandContext) => Promise<T>,
  ): Promise<Answer<T>> {
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

  private send<T>(reply: FastifyReply, answer: Answer<T>): ApiResponse<T> {
    void reply.status(answer.statusCode);
    return answer.response;
  }
}

function redacted<T>(answer: Answer<T>, secrets: AnswerSecrets<T> | undefined): Answer<T> {
  const body = answer.response.body;
  if (!secrets || body === null) return answer;
  return { ...answer, response: { ...answer.response, body: secrets.redact(body) } };
}

function restored<T>(answer: Answer<T>, secrets: AnswerSecrets<T> | undefined): Answer<T> {
  const body = answer.response.body;
  if (!secrets || body === null) return answer;
  return { ...answer, response: { ...answer.response, body: secrets.restore(body) } };
}

function assertNever(value: never): never {
  throw new Error(`Unexpected idempotency claim ${JSON.stringify(value)}`);
}
