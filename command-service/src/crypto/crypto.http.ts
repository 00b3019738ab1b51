import { Body, Controller, Req } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  allEndpoints,
  cryptoBody,
  cryptoInnerRequestSchema,
  deriveWrapperKey,
  DomainError,
  ENCRYPTION_VERSION,
  findEndpoint,
  getCryptoKeyEndpoint,
  importPublicKey,
  ok,
  open,
  seal,
  sendCryptoEndpoint,
  type ApiResponse,
  type CryptoInnerAnswer,
  type ResponseOf,
} from '@planwerk/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { readRequestContext } from '../shared/http/request-context';
import { CryptoKeysStore } from './crypto-keys.store';

// The spec's request headers travel with the inner call; forwarding headers do not (the inner
// call gets the real client address below, so a caller cannot pick its address through them).
const FORWARDED = ['authorization', 'x-session-id', 'x-device-id', 'x-api-version', 'accept-language', 'idempotency-key', 'x-correlation-id'] as const;
const incompatible = (field: string) => new DomainError(9000, { field });

// POST /v5/crypto (spec section 7, ADR 0014): one command call sealed in the encrypted wrapper
// of version 1.0. Another version, a key the server does not hold or a wrapper that does not
// open answers 9000 ("encryption incompatible, update app") and runs nothing.
@Controller()
export class CryptoHttp {
  constructor(
    private readonly keys: CryptoKeysStore,
    private readonly adapter: HttpAdapterHost,
  ) {}

  @Endpoint(getCryptoKeyEndpoint)
  async key(): Promise<ApiResponse<ResponseOf<typeof getCryptoKeyEndpoint>>> {
    const key = await this.keys.key();
    return ok({ version: ENCRYPTION_VERSION, key: key.publicKey, keyId: key.keyId });
  }

  @Endpoint(sendCryptoEndpoint)
  async send(@Body() body: unknown, @Req() request: FastifyRequest): Promise<ApiResponse<ResponseOf<typeof sendCryptoEndpoint>>> {
    readRequestContext(request.headers);
    const wrapper = parseInput(cryptoBody, body);
    if (wrapper.version !== ENCRYPTION_VERSION) throw incompatible('version');
    const server = await this.keys.key();
    if (wrapper.keyId !== undefined && wrapper.keyId !== server.keyId) throw incompatible('keyId');
    const clientKey = await importPublicKey(wrapper.key);
    if (!clientKey) throw incompatible('key');
    const key = await deriveWrapperKey(server.privateKey, clientKey, wrapper.key);
    const opened = await open(key, { iv: wrapper.iv, data: wrapper.data });
    if (opened === undefined) throw incompatible('data');
    const inner = parseInput(cryptoInnerRequestSchema, opened);
    const target = findEndpoint(allEndpoints, inner.method, inner.path);
    // Only the command service's own calls, and never the wrapper inside itself.
    if (!target || target.service !== 'command' || target.operationId === sendCryptoEndpoint.operationId) {
      throw new DomainError('validation_failed', { field: 'path' });
    }
    const answer = await this.run(request, inner.method, inner.path, inner.body);
    return ok({ version: ENCRYPTION_VERSION, ...(await seal(key, answer)) });
  }

  private async run(request: FastifyRequest, method: string, url: string, body: unknown): Promise<CryptoInnerAnswer> {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    const fastify = this.adapter.httpAdapter.getInstance<FastifyInstance>();
    const response = await fastify.inject({
      method: method as 'POST', url, headers, remoteAddress: request.ip,
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    let answer: unknown;
    try {
      answer = response.json();
    } catch {
      answer = null;
    }
    return { status: response.statusCode, answer };
  }
}
