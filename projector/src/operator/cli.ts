import { userInfo } from 'node:os';
import { installCrashHandlers } from '@planwerk/platform';
import { getProjectionStatus, type ProjectionStatus } from '../runtime/projection-status';
import { operatorMasterKey, openProjectorDatabase, type ProjectorDatabase } from '../runtime/projector-database';
import { readProjectorConfig } from '../runtime/projector-config';
import { listSkips, retryProjection, skipEvent } from './operator-commands';

const USAGE = `usage: npm run projector -- <command>
  status                               every projection: state, version, checkpoint, lag, error
  skip <projection> <eventId> [reason] skip a poison event (recorded with your name) and resume
  retry <projection>                   clear the failure and try the event again`;

function printStatus(statuses: readonly ProjectionStatus[]): void {
  if (statuses.length === 0) process.stdout.write('no projections have run yet\n');
  for (const s of statuses) {
    process.stdout.write(`${s.name}  v${s.version}  ${s.state}${s.owner ? ` (${s.owner})` : ''}  lag ${s.lagEvents ?? '?'} events  `
      + `applied ${s.eventsApplied}  last ${s.lastAppliedAt?.toISOString() ?? '-'}  checkpoint ${s.checkpoint ?? '-'}\n`);
    if (s.rebuildingVersion !== null) process.stdout.write(`  rebuilding v${s.rebuildingVersion}\n`);
    if (s.error) process.stdout.write(`  error: ${s.error}\n  fix the code and run: retry ${s.name}   or skip it: skip ${s.name} ${s.errorEventId}\n`);
  }
}

async function run({ pool, store }: ProjectorDatabase, args: readonly string[]): Promise<number> {
  const [command, projection, eventId, ...reason] = args;
  switch (command) {
    case 'status': {
      printStatus(await getProjectionStatus(pool, { store }));
      return 0;
    }
    case 'skip': {
      if (!projection || !eventId) break;
      const by = process.env.PROJECTOR_OPERATOR ?? userInfo().username;
      const result = await skipEvent(pool, { projection, eventId, reason: reason.join(' ') || 'skipped by operator', by });
      process.stdout.write(result.resumed
        ? `skipped ${eventId} in ${projection}; the projection resumes\n`
        : `recorded a skip of ${eventId} in ${projection}; the projection was not stopped at it\n`);
      for (const skip of await listSkips(pool, projection)) {
        process.stdout.write(`  skip ${skip.eventId} ${skip.eventType ?? ''} by ${skip.skippedBy} at ${skip.skippedAt.toISOString()}: ${skip.reason}\n`);
      }
      return 0;
    }
    case 'retry': {
      if (!projection) break;
      const cleared = await retryProjection(pool, projection);
      process.stdout.write(cleared ? `${projection} retries its failed event\n` : `${projection} was not failed\n`);
      return 0;
    }
    default:
      break;
  }
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

// Configured exactly like the projector beside it (config loader, pool, store with the master key).
async function main(): Promise<void> {
  installCrashHandlers({ label: 'projector-cli' });
  const config = readProjectorConfig();
  const database = await openProjectorDatabase(config, { label: 'planwerk-projector-cli', max: 3, masterKey: operatorMasterKey(config) });
  try {
    process.exitCode = await run(database, process.argv.slice(2));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
