import { installCrashHandlers } from '@planwerk/platform';
import { parseTrustedProxies } from '@planwerk/platform';
import { devModeOf, readConfig } from './config';
import { startPlanwerk, type RunningPlanwerk } from './start-planwerk';

// `npm start`: the whole product on embedded defaults; Ctrl-C stops it cleanly and the data
// stays under ./.data for the next start.
let running: RunningPlanwerk | undefined;

async function main(): Promise<void> {
  // The error boundary of the whole product: a lost database connection is logged and survived;
  // anything else fatal stops the services and the embedded PostgreSQL before the exit (and the
  // PostgreSQL watchdog stops the server on the paths no handler sees, like SIGKILL).
  installCrashHandlers({ label: 'planwerk', onFatal: () => running?.stop() });
  const config = readConfig();
  const log = (line: string) => process.stderr.write(`[planwerk] ${line}\n`);
  running = await startPlanwerk({
    port: config.PORT,
    host: config.HOST,
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    embeddedPgPort: config.EMBEDDED_PG_PORT,
    redisUrl: config.REDIS_URL,
    kafkaBrokers: config.KAFKA_BROKERS,
    webRoot: config.WEB_ROOT,
    masterKey: config.PERSONAL_DATA_MASTER_KEY,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    supportMail: config.SUPPORT_MAIL,
    publicUrl: config.PUBLIC_URL,
    devMode: devModeOf(config),
    trustedProxies: parseTrustedProxies(config.TRUSTED_PROXIES),
    log,
  });
  process.stdout.write(`\nPlanwerk is running at ${running.url}\n(Ctrl-C stops it; data is kept in ${config.DATABASE_URL ? 'the configured database' : config.DATA_DIR})\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    (running?.stop() ?? Promise.resolve()).then(() => process.exit(0), (error: unknown) => {
      log(`stop failed: ${(error as Error).message}`);
      process.exit(1);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Planwerk could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
