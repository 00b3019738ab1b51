import { createEventCatalogue } from '@planwerk/events';
import type { Projection } from '../../runtime/projection';
import { runProjection, type RunningProjection } from '../../runtime/projection-runner';
import { activeTable } from '../../runtime/projector-schema';
import { createProjectorTestKit, waitForCaughtUp, type ProjectorTestKit } from '../../runtime/testing/projector-test-kit';
import type { ProjectsFeedEvent } from '../projects-feed';
import { streamOf, toNewEvent } from './project-fixtures';

export type TableSnapshot = Record<string, Record<string, unknown>[]>;

/** A projection of this feature on a fresh database with the product's event catalogue. */
export async function startProjectionHarness(prefix: string, projection: Projection) {
  const kit: ProjectorTestKit = { ...(await createProjectorTestKit(prefix)), catalogue: createEventCatalogue() };
  let runner: RunningProjection | null = null;
  let errors: unknown[] = [];

  const harness = {
    kit,
    errors: () => errors,
    async append(...events: ProjectsFeedEvent[]): Promise<void> {
      for (const event of events) await kit.store.append(streamOf(event), [toNewEvent(event)]);
    },
    /** `batchOnly`: the event-by-event fallback throws, so the batch path must do all the work. */
    start(batchSize = 100, options: { batchOnly?: boolean } = {}): void {
      const running: Projection = options.batchOnly
        ? { ...projection, apply: async () => { throw new Error('fell back to apply'); } }
        : projection;
      runner = runProjection({
        pool: kit.pool, store: kit.store, catalogue: kit.catalogue, projection: running, instanceId: `${prefix}-test`,
        idleMs: 20, retryMs: 50, batchSize, onError: (error) => errors.push(error),
      });
    },
    async caughtUp(): Promise<void> {
      await waitForCaughtUp(kit, projection.name);
    },
    async table(base: string): Promise<string> {
      return activeTable(kit.pool, projection.name, base);
    },
    /** Every table of the projection, rows sorted, for comparing two runs. */
    async snapshot(): Promise<TableSnapshot> {
      const result: TableSnapshot = {};
      for (const base of projection.baseTables) {
        const rows = (await kit.pool.query(`SELECT * FROM ${await harness.table(base)}`)).rows;
        result[base] = rows.map((r) => JSON.parse(JSON.stringify(r)) as Record<string, unknown>).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
      }
      return result;
    },
    /** Stops the runner and drops the projection's version, so the next start rebuilds from the log. */
    async reset(): Promise<void> {
      await harness.stop();
      const tables = await Promise.all(projection.baseTables.map((base) => harness.table(base)));
      await kit.pool.query('DELETE FROM projection_versions WHERE name = $1', [projection.name]);
      await kit.pool.query('DELETE FROM projection_checkpoints WHERE name = $1', [projection.name]);
      await kit.pool.query(`DROP TABLE ${tables.join(', ')}`);
      errors = [];
    },
    async stop(): Promise<void> {
      await runner?.stop();
      runner = null;
    },
    async close(): Promise<void> {
      await harness.stop();
      await kit.close();
    },
  };
  return harness;
}

export type ProjectionHarness = Awaited<ReturnType<typeof startProjectionHarness>>;
