// A Planwerk stand-in for the embedded PostgreSQL tests: starts the server and idles until killed.
import { startEmbeddedPostgres } from '../embedded-postgres';

const [dataDir, port] = process.argv.slice(2);
startEmbeddedPostgres({ dataDir, port: Number(port), persistent: true }).then((handle) => {
  process.stdout.write(`ready ${handle.url}\n`);
  setInterval(() => undefined, 60_000);
}, (error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
