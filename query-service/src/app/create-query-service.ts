import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { WsAdapter } from '@nestjs/platform-ws';
import type { ModuleMetadata } from '@nestjs/common';
import {
  errorBody,
  failed,
  preferredLanguage,
  resolveVersionInfo,
  type EventStore,
  type VersionInfoOverrides,
} from '@planwerk/events';
import {
  createMaintenanceSwitch, fastifyTrustProxy, installEdgeHooks, installMaintenanceHook, parseTrustedProxies, type Clock, type MaintenanceSwitch,
} from '@planwerk/platform';
import type { Pool } from 'pg';
import { createPostgresProjectionStatus } from '../shared/projections/postgres-projection-status.adapter';
import type { ProjectionChangeSource, ProjectionStatusSource } from '../shared/projections/projection-status.port';
import { parseRealtimeMessage } from '../realtime/realtime.message-parser';
import { ApiExceptionFilter } from './api-exception.filter';
import { DEFAULT_QUERY_SERVICE_OPTIONS, type QueryServiceOptions } from './query-service.options';
import { QueryServiceModule } from './query-service.module';

export interface QueryServiceDeps {
  pool: Pool;
  store: EventStore;
  /** "Projection changed" wake-ups: the ProjectionNotifier port (Redis, PostgreSQL or in-process). */
  notifier: ProjectionChangeSource;
  /** Overrides of the published versions; defaults to the client version on every platform. */
  versionInfo?: VersionInfoOverrides;
  /** Defaults to the projector's checkpoint tables in the same database. */
  projections?: ProjectionStatusSource;
  options?: Partial<QueryServiceOptions>;
  /** The service's time (CLOCK: sessions, access windows, sockets, health); the wall clock by default, tests move it. */
  clock?: Clock;
  /** Feature modules mounted beside the platform routes. */
  features?: NonNullable<ModuleMetadata['imports']>;
  logger?: boolean;
  /** The maintenance switch (ADR 0014); PLANWERK_MAINTENANCE or the operator's row in `pool` by default. */
  maintenance?: MaintenanceSwitch;
}

// A malformed URL or an overlong path parameter fails in the router, before Nest's filter.
// Typed by shape: @nestjs/platform-fastify carries its own copy of Fastify's types.
interface RawReply { writeHead(status: number, headers: Record<string, string>): { end(chunk: string): unknown } }
const frameworkErrors = (error: { statusCode?: number; message: string }, request: { headers: { 'accept-language'?: string } }, reply: { raw: RawReply }): void => {
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  const language = preferredLanguage(request.headers['accept-language']);
  reply.raw.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    .end(JSON.stringify(failed({ ...errorBody('request_failed', { language }), status })));
};

// Built, initialised, not listening: the caller picks the port (or the embedded gateway
// mounts it), and owns pool, store and notifier, which close() leaves open.
export async function createQueryService(deps: QueryServiceDeps): Promise<NestFastifyApplication> {
  // TRUSTED_PROXIES and PUBLIC_URL from the environment unless the caller passes them.
  const options = {
    ...DEFAULT_QUERY_SERVICE_OPTIONS, trustedProxies: parseTrustedProxies(process.env.TRUSTED_PROXIES), publicUrl: process.env.PUBLIC_URL, ...deps.options,
  };
  const module = QueryServiceModule.register(
    {
      pool: deps.pool,
      store: deps.store,
      notifier: deps.notifier,
      projections: deps.projections ?? createPostgresProjectionStatus(deps.pool, deps.store),
      versionInfo: resolveVersionInfo(deps.versionInfo),
      options,
      clock: deps.clock,
    },
    deps.features,
  );
  const app = await NestFactory.create<NestFastifyApplication>(
    module,
    new FastifyAdapter({ trustProxy: fastifyTrustProxy(options.trustedProxies), bodyLimit: 64 * 1024, frameworkErrors }),
    { logger: deps.logger ? ['log', 'warn', 'error'] : ['warn', 'error'], abortOnError: false },
  );
  installEdgeHooks(app, { trustedProxies: options.trustedProxies, publicUrl: options.publicUrl });
  installMaintenanceHook(app, deps.maintenance ?? createMaintenanceSwitch({ db: deps.pool }));
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useWebSocketAdapter(new WsAdapter(app, { messageParser: parseRealtimeMessage }));
  await app.init();
  return app;
}
