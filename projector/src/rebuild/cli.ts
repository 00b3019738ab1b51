import { Pool } from 'pg';
import { createEventCatalogue, createPostgresEventStore, migrateEventStore } from '@planwerk/events';
import { findProjection } from '../all-projections';
import { migrateProjector } from '../runtime/projector-schema';
import { readProjectorConfig } from '../runtime/projector-config';
import { formatProgress } from './progress-bar';
import { rebuildProjection } from './rebuild-projection';

// npm run rebuild -- <projection> [batchSize]
async function main(): Promise<void> {
  const [name, batch] = process.argv.slice(2);
  if (!name) {
    process.stderr.write('usage: npm run rebuild -- <projection> [batchSize]\n');
    process.exitCode = 2;
    return;
  }
  const projection = findProjection(name);
  const config = readProjectorConfig();
  const pool = new Pool({ connectionString: config.DATABASE_URL, max: 4 });
  const store = createPostgresEventStore({ pool });
  try {
    await migrateEventStore(pool);
    await migrateProjector(pool);
    const interactive = process.stderr.isTTY === true;
    const result = await rebuildProjection({
      pool, store, catalogue: createEventCatalogue(), projection,
      batchSize: batch ? Number(batch) : undefined,
      onProgress: (progress) => process.stderr.write(interactive ? `\r${formatProgress(progress)}` : `${formatProgress(progress)}\n`),
    });
    process.stderr.write(`${interactive ? '\n' : ''}${result.projection}: v${result.fromVersion} -> v${result.toVersion}, `
      + `${result.events} events in ${(result.elapsedMs / 1000).toFixed(1)} s (${Math.round(result.eventsPerSecond)} ev/s); swapped\n`);
  } finally {
    await store.close();
    await pool.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`\nrebuild failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
