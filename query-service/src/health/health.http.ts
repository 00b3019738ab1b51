import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HealthService, type HealthReport } from './health.service';
import { renderMetrics } from './metrics.text';

// Probes for orchestrators and operators: plain JSON (not the API wrapper) outside /v5.
@Controller()
export class HealthController {
  // Explicit token: runners without decorator metadata (tsx, esbuild) must wire it too.
  constructor(@Inject(HealthService) private readonly health: HealthService) {}

  @Get('health')
  @Header('cache-control', 'no-store')
  async report(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const report = await this.health.check();
    if (report.status === 'down') void reply.status(503);
    return report;
  }

  // Liveness: the process answers. Nothing external, so a database outage never restarts us.
  @Get('health/live')
  @Header('cache-control', 'no-store')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  // Readiness: take traffic only with a reachable database and no failed projection.
  @Get('health/ready')
  @Header('cache-control', 'no-store')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<{ ready: boolean; reasons: string[] }> {
    const report = await this.health.check();
    const reasons: string[] = [];
    const { postgres, store } = report.components;
    if (!postgres.ok) reasons.push(`postgres: ${postgres.error ?? 'unreachable'}`);
    else if (!store.ok) reasons.push(`store: ${store.error ?? 'unreadable'}`);
    for (const p of report.components.projections) {
      if (p.state === 'failed') reasons.push(`projection ${p.projection} failed: ${p.error ?? 'no reason recorded'}`);
    }
    if (reasons.length > 0) void reply.status(503);
    return { ready: reasons.length === 0, reasons };
  }

  @Get('metrics')
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  async metrics(): Promise<string> {
    return renderMetrics(await this.health.check());
  }
}
