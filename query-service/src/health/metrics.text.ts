import type { HealthReport } from './health.service';

// Prometheus text exposition format 0.0.4.
function label(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

export function renderMetrics(report: HealthReport): string {
  const lines: string[] = [];
  const gauge = (name: string, help: string, samples: Array<[string, number]>): void => {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`);
    for (const [labels, value] of samples) lines.push(`${name}${labels} ${value}`);
  };
  const { postgres, store, projections } = report.components;
  gauge('planwerk_query_postgres_up', 'PostgreSQL answered the probe (1) or not (0).', [['', postgres.ok ? 1 : 0]]);
  gauge('planwerk_query_store_readable', 'The event store and projection tables could be read (1) or not (0).', [['', store.ok ? 1 : 0]]);
  if (postgres.latencyMs !== null) {
    gauge('planwerk_query_postgres_latency_seconds', 'Round trip of the PostgreSQL probe.', [['', postgres.latencyMs / 1000]]);
  }
  const by = (p: { projection: string }): string => `{projection="${label(p.projection)}"}`;
  gauge('planwerk_projection_lag_seconds', 'Seconds a projection has been behind the head of the log (0 when caught up).',
    projections.map((p) => [by(p), p.lagSeconds]));
  gauge('planwerk_projection_lag_events', 'Events in the log after the projection checkpoint (counted up to a cap).',
    projections.filter((p) => p.lagEvents !== null).map((p) => [by(p), p.lagEvents ?? 0]));
  gauge('planwerk_projection_behind', 'The head of the log is ahead of the projection (1) or not (0).',
    projections.map((p) => [by(p), p.behind ? 1 : 0]));
  gauge('planwerk_projection_failed', 'The projection stopped on an event it could not handle.',
    projections.map((p) => [by(p), p.state === 'failed' ? 1 : 0]));
  if (report.oldestWritingTransactionSeconds !== null) {
    gauge('planwerk_store_oldest_writing_transaction_seconds', 'Age of the oldest open writing transaction; global readers wait for it.',
      [['', report.oldestWritingTransactionSeconds]]);
  }
  return `${lines.join('\n')}\n`;
}
