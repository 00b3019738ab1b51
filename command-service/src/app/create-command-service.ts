import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { HttpException } from '@nestjs/common';
import { failed, preferredLanguage, type EventStore } from '@planwerk/events';
import {
  createMaintenanceSwitch,
  fastifyTrustProxy,
  installEdgeHooks,
  installMaintenanceHook,
  type MaintenanceSwitch,
  parseTrustedProxies,
  type TrustedProxies,
} from '@planwerk/platform';
import type { Pool } from 'pg';
import { ApiExceptionFilter } from './api-exception.filter';
import { toApiError } from '../shared/http/api-errors';
import { CommandServiceModule } from './command-service.module';
import type { IdempotencyOptions } from '../shared/idempotency/idempotency.store';
import type { SocialLoginConfig } from '../accounts/social/social-login.config';
import type { SecondFactorConfig } from '../accounts/second-factor/second-factor.config';
import type { Clock } from '@planwerk/platform';

export interface CreateCommandServiceDeps {
  pool: Pool;
  store: EventStore;
  logger?: boolean;
  idempotency?: IdempotencyOptions;
  socialLogin?: SocialLoginConfig;
  secondFactor?: SecondFactorConfig;
  /** The time of handlers, services and the session guard; tests move it. */
  clock?: Clock;
  devMode?: boolean;
  /** Peers whose X-Forwarded-For / -Proto are believed; TRUSTED_PROXIES, loopback by default. */
  trustedProxies?: TrustedProxies;
  /** PUBLIC_URL (an https origin turns on HSTS); defaults to the environment's. */
  publicUrl?: string;
  /** The maintenance switch (ADR 0014); PLANWERK_MAINTENANCE or the operator's row in `pool` by default. */
  maintenance?: MaintenanceSwitch;
}

// Bodies above the store's event size bound (256 KiB) could never be appended: 413 early.
const BODY_LIMIT_BYTES = 256 * 1024;

// A malformed URL or an overlong path parameter fails in the router, before Nest's filter.
// Typed by shape: @nestjs/platform-fastify carries its own copy of Fastify's types.
interface RawReply { writeHead(status: number, headers: Record<string, string>): { end(chunk: string): unknown } }
const frameworkErrors = (error: { statusCode?: number; message: string }, request: { headers: { 'accept-language'?: string } }, reply: { raw: RawReply }): void => {
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  const answer = toApiError(new HttpException(error.message, status), preferredLanguage(request.headers['accept-language']));
  reply.raw.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(failed(answer)));
};

/** The command service, initialised but not listening: the caller calls `listen` (or `inject`). */
export async function createCommandService(deps: CreateCommandServiceDeps): Promise<NestFastifyApplication> {
  // request.ip is the real client address: forwarding headers count only from trusted proxies.
  const trustedProxies = deps.trustedProxies ?? parseTrustedProxies(process.env.TRUSTED_PROXIES);
  const adapter = new FastifyAdapter({ bodyLimit: BODY_LIMIT_BYTES, logger: deps.logger ?? false, frameworkErrors, trustProxy: fastifyTrustProxy(trustedProxies) });
  const app = await NestFactory.create<NestFastifyApplication>(
    CommandServiceModule.forRoot({
      pool: deps.pool, store: deps.store, idempotency: deps.idempotency, socialLogin: deps.socialLogin,
      secondFactor: deps.secondFactor, clock: deps.clock, devMode: deps.devMode,
    }),
    adapter,
    { logger: deps.logger ? ['log', 'warn', 'error'] : ['error'], abortOnError: false },
  );
  installEdgeHooks(app, { trustedProxies, publicUrl: deps.publicUrl ?? process.env.PUBLIC_URL });
  installMaintenanceHook(app, deps.maintenance ?? createMaintenanceSwitch({ db: deps.pool }));
  app.useGlobalFilters(new ApiExceptionFilter());
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
