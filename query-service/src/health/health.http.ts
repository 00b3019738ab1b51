import { Controller, Get, Header, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HEALTH_ACCESS, mayReadDetails, type HealthAccess } from './health-access';
import { HealthService, type HealthReport, type HealthStatus } from './health.service';
import { renderMetrics } from './metrics.text';

// Probes for orchestrators and operators: plain JSON (not the API wrapper) outside /v5. The
// public gets the status only (issue 12): components, projections and raw error texts go to
// operators (METRICS_TOKEN or this machine, `mayReadDetails`); /metrics is theirs alone. Every
// answer comes from one shared, briefly cached check, so callers cannot multiply its reads.
@Controller()
export class HealthController {
  // Explicit tokens: runners without decorator metadata (tsx, esbuild) must wire them too.
  constructor(
    @Inject(HealthService) private readonly health: HealthService,
    @Inject(HEALTH_ACCESS) private readonly access: HealthAccess,
  ) {}

  @Get('health')
  @Header('cache-control', 'no-store')
  async report(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport | { status: HealthStatus }> {
    const report = await this.health.check();
    if (report.status === 'down') void reply.status(503);
    return mayReadDetails(request, this.access) ? report : { status: report.status };
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
  async ready(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ ready: boolean; reasons: string[] }> {
    const report = await this.health.check();
    const details = mayReadDetails(request, this.access);
    const reasons: string[] = [];
    const { postgres, store } = report.components;
    if (!postgres.ok) reasons.push(details ? `postgres: ${postgres.error ?? 'unreachable'}` : 'postgres');
    else if (!store.ok) reasons.push(details ? `store: ${store.error ?? 'unreadable'}` : 'store');
    for (const p of report.components.projections) {
      if (p.state === 'failed') reasons.push(details ? `projection ${p.projection} failed: ${p.error ?? 'no reason recorded'}` : `projection ${p.projection} failed`);
    }
    if (reasons.length > 0) void reply.status(503);
    return { ready: reasons.length === 0, reasons };
  }

  @Get('metrics')
  @Header('cache-control', 'no-store')
  async metrics(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    void reply.header('content-type', 'text/plain; version=0.0.4; charset=utf-8');
    if (!mayReadDetails(request, this.access)) {
      void reply.status(401).header('www-authenticate', 'Bearer realm="metrics"');
      return 'metrics need METRICS_TOKEN (Authorization: Bearer) or a caller on this machine\n';
    }
    return renderMetrics(await this.health.check());
  }
}
