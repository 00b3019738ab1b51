import type { EventStore } from '@planwerk/events';
import type { Pool } from 'pg';
import { DEFAULT_QUERY_SERVICE_OPTIONS } from '../app/query-service.options';
import type { ProjectionChangeSource, ProjectionStatusSource } from '../shared/projections/projection-status.port';
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
    const health = new HealthService(pool, store, status, notifier, DEFAULT_QUERY_SERVICE_OPTIONS);
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
});
