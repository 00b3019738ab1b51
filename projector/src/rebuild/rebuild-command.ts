import { findProjection } from '../all-projections';
import { operatorMasterKey, openProjectorDatabase } from '../runtime/projector-database';
import { readProjectorConfig } from '../runtime/projector-config';
import { formatProgress } from './progress-bar';
import { rebuildProjection } from './rebuild-projection';

export interface CommandIo {
  env?: NodeJS.ProcessEnv;
  stderr?: { write(text: string): unknown; isTTY?: boolean };
}

/**
 * `npm run rebuild -- <projection> [batchSize]`: configured exactly like the projector it stands
 * beside (the same config loader, pool and store with the master key), so it reads encrypted
 * personal data like the running projection does. Returns the exit code.
 */
export async function runRebuildCommand(args: readonly string[], io: CommandIo = {}): Promise<number> {
  const stderr = io.stderr ?? process.stderr;
  const [name, batch] = args;
  if (!name) {
    stderr.write('usage: npm run rebuild -- <projection> [batchSize]\n');
    return 2;
  }
  const projection = findProjection(name);
  const env = io.env ?? process.env;
  const config = readProjectorConfig(env);
  const database = await openProjectorDatabase(config, {
    label: 'planwerk-rebuild', max: 4, masterKey: operatorMasterKey(config, env), requireKeyForEncryptedData: true,
  });
  try {
    const interactive = stderr.isTTY === true;
    const result = await rebuildProjection({
      pool: database.pool, store: database.store, catalogue: database.catalogue, projection,
      batchSize: batch ? Number(batch) : undefined,
      onProgress: (progress) => stderr.write(interactive ? `\r${formatProgress(progress)}` : `${formatProgress(progress)}\n`),
    });
    stderr.write(`${interactive ? '\n' : ''}${result.projection}: v${result.fromVersion} -> v${result.toVersion}, `
      + `${result.events} events in ${(result.elapsedMs / 1000).toFixed(1)} s (${Math.round(result.eventsPerSecond)} ev/s); swapped\n`);
    return 0;
  } finally {
    await database.close();
  }
}
