import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { EventStore } from '@planwerk/events';
import type { FastifyReply } from 'fastify';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from './tokens';

interface ComponentHealth {
  ok: boolean;
  latencyMs: number;
}

// Liveness says the process answers; readiness says it can append (PostgreSQL and the store
// answer). Probes in docker-compose, k8s and nginx's /health/command use these. The answer is
// public: it never carries raw error texts (issue 12).
@Controller('health')
export class HealthHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    return this.ready(reply);
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const postgres = await measure(() => this.pool.query('SELECT 1'));
    const eventStore = await measure(() => this.store.head());
    const ok = postgres.ok && eventStore.ok;
    void reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'down', components: { postgres, eventStore } };
  }
}

async function measure(probe: () => Promise<unknown>): Promise<ComponentHealth> {
  const started = performance.now();
  try {
    await probe();
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { ok: false, latencyMs: Math.round(performance.now() - started) };
  }
}
