import type { EventStore } from '@planwerk/events';
import { systemClock, type Clock } from '@planwerk/platform';
import type { Pool } from 'pg';
import { DEFAULT_QUERY_SERVICE_OPTIONS } from '../app/query-service.options';
import type { ProjectionChangeSource, ProjectionStatusSource, ProjectionStatusView } from '../shared/projections/projection-status.port';
import { HealthService } from './health.service';

// Issue 12: the public could multiply the reads of a health check by asking often at once.
// Callers that arrive while a check runs share it.
describe('HealthService', () => {
  function service() {
    const reads = { status: 0, probes: 0 };
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pool = { query: async () => { reads.probes += 1; return { rows: [{ age: 0 }] }; } } as unknown as Pool;
    const store = { head: async () => null, compareCheckpoints: () => 0 } as unknown as EventStore;
    const status: ProjectionStatusSource = {
      list: async () => {
        reads.status += 1;
        await gate;
        return [];
      },
      checkpointOf: async () => null,
    };
    const notifier: ProjectionChangeSource = { subscribe: () => () => undefined };
    const health = new HealthService(pool, store, status, notifier, DEFAULT_QUERY_SERVICE_OPTIONS, systemClock);
    return { health, reads, release: () => release() };
  }

  it('gives every caller that arrives during a check the same check', async () => {
    const { health, reads, release } = service();
    const answers = Array.from({ length: 20 }, () => health.check());
    release();
    const reports = await Promise.all(answers);
    expect(reads.status).toBe(1);
    expect(new Set(reports).size).toBe(1);
    expect(reports[0]?.status).toBe('ok');
  });

  it('runs a new check for a caller after the last one ended', async () => {
    const { health, reads, release } = service();
    release();
    await health.check();
    await health.check();
    expect(reads.status).toBe(2);
  });

  it('measures a projection\'s lag from its last move to the service\'s clock', async () => {
    const movedAt = new Date('2026-03-01T10:00:00Z');
    const view: ProjectionStatusView = { projection: 'project-tree', checkpoint: '1', state: 'running', error: null, updatedAt: movedAt, lagEvents: 3 };
    const pool = { query: async () => ({ rows: [{ age: 0 }] }) } as unknown as Pool;
    const store = { head: async () => '2', compareCheckpoints: (a: string, b: string) => Number(a) - Number(b) } as unknown as EventStore;
    const status: ProjectionStatusSource = { list: async () => [view], checkpointOf: async () => null };
    const notifier: ProjectionChangeSource = { subscribe: () => () => undefined };
    const clock: Clock = { now: () => new Date(movedAt.getTime() + 120_000) };
    const report = await new HealthService(pool, store, status, notifier, DEFAULT_QUERY_SERVICE_OPTIONS, clock).check();
    expect(report.components.projections[0]).toMatchObject({ behind: true, lagSeconds: 120, lagEvents: 3 });
    expect(report.status).toBe('degraded');
  });
});
