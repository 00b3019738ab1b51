import { installCrashHandlers } from '@planwerk/platform';
import { runRebuildCommand } from './rebuild-command';

// npm run rebuild -- <projection> [batchSize]
installCrashHandlers({ label: 'rebuild' });
runRebuildCommand(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (error: unknown) => {
  process.stderr.write(`\nrebuild failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
