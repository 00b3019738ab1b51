import { Pool } from 'pg';
import { createEventCatalogue } from '../../events/src/index';
import { createInProcessNotifier, openPostgresEventStore } from '../../platform/src/index';
import { startProjector } from '../../projector/src/start-projector';

/**
 * Runs the projector in this process until `projected()` says the read models show what the
 * bench needs, then stops it, so the measured query runs without projection work beside it.
 */
export async function projectOnce(databaseUrl: string, masterKey: string, projected: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  // Each projection holds a connection for its lease and advisory lock: room for all of them.
  const pool = new Pool({ connectionString: databaseUrl, max: 20 });
  pool.on('error', () => undefined);
  const catalogue = createEventCatalogue();
  const store = await openPostgresEventStore({ pool, catalogue, masterKey });
  const notifier = createInProcessNotifier();
  const projector = startProjector({ pool, store, catalogue, notifier });
  try {
    const deadline = Date.now() + timeoutMs;
    while (!(await projected())) {
      if (Date.now() > deadline) throw new Error(`the read models did not catch up within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await projector.stop();
    await notifier.close();
    await store.close();
    await pool.end();
  }
}
