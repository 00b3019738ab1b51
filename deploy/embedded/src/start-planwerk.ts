import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { createEventCatalogue, serviceFor } from '@planwerk/events';
import {
  createDatabasePool,
  createInProcessNotifier,
  createBullJobQueue,
  createKafkaBus,
  createPostgresEventStore,
  createRedisNotifier,
  openPostgresEventStore,
  parseAccountsConfig,
  systemClock,
  LOOPBACK_ONLY,
  type ProjectionNotifier,
  type TrustedProxies,
} from '@planwerk/platform';
import {
  createCommandService,
  createDevMailboxTransport,
  createMailSources,
  createSmtpMailTransport,
  migrateCommandService,
  supportMailTo,
  secondFactorConfigForSite,
  startMailDelivery,
  startSignupNotifications,
} from '@planwerk/command-service';
import { createQueryService, DevModeModule, versionMetaTag } from '@planwerk/query-service';
import { migrateProjector, migrateRelay, projectorPoolSize, startActivityPurge, startProjector, startRelay } from '@planwerk/projector';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded-postgres';
import { createGateway } from './gateway';
import { createStaticSite } from './static-files';
import { repoRoot } from './config';
import { loadOrCreateSecret } from './secrets';

export interface StartPlanwerkOptions {
  /** Port of the one origin (console + /v5); 0 picks a free one. */
  port: number;
  host?: string;
  /** Use this PostgreSQL; without it an embedded PostgreSQL keeps its data under dataDir. */
  databaseUrl?: string;
  dataDir?: string;
  embeddedPgPort?: number;
  redisUrl?: string;
  /** With brokers the relay publishes the committed log to Kafka (no consumer needs it otherwise). */
  kafkaBrokers?: string;
  /** Mail goes to this SMTP server; without it into the local dev mailbox (developer tools). */
  smtpUrl?: string;
  mailFrom?: string;
  /** The operator's address for support requests; default support@<host of PUBLIC_URL> (without SMTP they land in the local mailbox). */
  supportMail?: string;
  /** Origin used in links sent by mail; defaults to the local URL. */
  publicUrl?: string;
  /** Base64 master key for personal data; embedded mode keeps one under dataDir. */
  masterKey?: string;
  /** Developer tools (/dev with the local mailbox); embedded mode defaults to on. */
  devMode?: boolean;
  /** Reverse proxies in front of the gateway (TRUSTED_PROXIES); loopback by default. */
  trustedProxies?: TrustedProxies;
  /** Built console; defaults to frontend/dist. null serves /v5 only. */
  webRoot?: string | null;
  log?: (line: string) => void;
}

export interface RunningPlanwerk {
  url: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function listenLocal(app: { listen(port: number, host: string): Promise<unknown>; getHttpServer(): { address(): AddressInfo | string | null } }): Promise<URL> {
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as AddressInfo;
  return new URL(`http://127.0.0.1:${address.port}`);
}

/**
 * The whole product in one process (embedded mode): PostgreSQL, event store, projector,
 * command and query services, and the one-origin gateway in front of them.
 */
export async function startPlanwerk(options: StartPlanwerkOptions): Promise<RunningPlanwerk> {
  const log = options.log ?? (() => undefined);
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        log(`stop failed: ${(error as Error).message}`);
      }
    }
  };
  try {
    const dataDir = resolve(options.dataDir ?? join(repoRoot(), '.data'));
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      log(`starting embedded PostgreSQL in ${join(dataDir, 'postgres')}`);
      const embedded: EmbeddedPostgresHandle = await startEmbeddedPostgres({
        dataDir: join(dataDir, 'postgres'), port: options.embeddedPgPort ?? 54329, persistent: true,
      });
      stops.push(() => embedded.stop());
      databaseUrl = await ensureDatabase(embedded.url, 'planwerk');
    }

    // Every connection with an error listener and the session limits: a lost one never takes the process down.
    // One pool for the services and the projections: each projection keeps a session for its lock.
    const pool = createDatabasePool({ connectionString: databaseUrl, max: projectorPoolSize(14), label: 'planwerk-embedded', report: log });
    stops.push(() => pool.end());
    const catalogue = createEventCatalogue();
    const masterKey = options.masterKey ?? loadOrCreateSecret(join(dataDir, 'master.key'));
    // The services read the accounts configuration from the environment (one reading, shared by
    // command and query side); embedded mode supplies a persistent secret when none is given.
    process.env.AUTH_SECRET ??= loadOrCreateSecret(join(dataDir, 'auth.secret'));
    const store = await openPostgresEventStore({ pool, catalogue, masterKey });
    stops.push(() => store.close());
    await migrateProjector(pool);
    await migrateCommandService(pool);

    const notifier: ProjectionNotifier = options.redisUrl ? createRedisNotifier({ url: options.redisUrl }) : createInProcessNotifier();
    stops.push(() => notifier.close());

    const projector = startProjector({ pool, store, catalogue, notifier });
    stops.push(() => projector.stop());
    // Activity retention (ADR 0007): hourly, outside the projection because it reads the clock.
    const purge = startActivityPurge({ pool, onError: (error) => process.stderr.write(`[planwerk] activity purge: ${error instanceof Error ? error.message : String(error)}\n`) });
    stops.push(() => purge.stop());

    if (options.kafkaBrokers) {
      // The relay reads ciphertext: an erased person's data stays unreadable in Kafka.
      await migrateRelay(pool);
      const relayStore = createPostgresEventStore({ pool });
      const bus = createKafkaBus({ brokers: options.kafkaBrokers.split(','), clientId: 'planwerk-embedded' });
      const relay = startRelay({ store: relayStore, bus, pool, onError: (error) => log(`relay: ${(error as Error).message}`) });
      stops.push(async () => {
        await relay.stop();
        await bus.close();
        await relayStore.close();
      });
    }

    // Passkeys are bound to the site the browser opens: the public URL, else this process's own
    // origin, whose port is known only once the gateway listens. The object is completed then
    // (the passkey handlers read it at each ceremony, and none can start before the gateway).
    const secondFactor = secondFactorConfigForSite(process.env, new URL(options.publicUrl ?? 'http://localhost'));
    // The services listen on loopback behind the gateway: it, and only it, is their proxy.
    const commandApp = await createCommandService({ pool, store, secondFactor, devMode: options.devMode ?? true, trustedProxies: LOOPBACK_ONLY, publicUrl: options.publicUrl });
    stops.push(() => commandApp.close());
    const queryApp = await createQueryService({
      pool, store, notifier, features: [DevModeModule.register(options.devMode ?? true)], options: { trustedProxies: LOOPBACK_ONLY, publicUrl: options.publicUrl },
    });
    stops.push(() => queryApp.close());
    const upstreams = { command: await listenLocal(commandApp), query: await listenLocal(queryApp) };

    const webRoot = options.webRoot === undefined ? join(repoRoot(), 'frontend', 'dist') : options.webRoot;
    const site = webRoot ? createStaticSite(webRoot, () => versionMetaTag()) : null;
    const gateway = createGateway({
      upstreams, site, route: (method, path) => serviceFor(method, path), trustedProxies: options.trustedProxies ?? LOOPBACK_ONLY, publicUrl: options.publicUrl,
    });
    await new Promise<void>((resolveListen, reject) => {
      gateway.once('error', reject);
      gateway.listen(options.port, options.host ?? '127.0.0.1', () => resolveListen());
    });
    stops.push(() => new Promise<void>((done) => {
      gateway.close(() => done());
      gateway.closeAllConnections();
    }));
    const port = (gateway.address() as AddressInfo).port;
    const url = `http://localhost:${port}`;
    if (!options.publicUrl) Object.assign(secondFactor, secondFactorConfigForSite(process.env, new URL(url)));

    // Mail: BullMQ jobs on Redis when configured, else on BullMQ's PostgreSQL backend.
    const queue = createBullJobQueue({
      backend: options.redisUrl ? { kind: 'redis', url: options.redisUrl } : { kind: 'postgres', connectionString: databaseUrl },
    });
    stops.push(() => queue.close());
    const transport = options.smtpUrl
      ? createSmtpMailTransport({ url: options.smtpUrl, from: options.mailFrom ?? `Planwerk <no-reply@${new URL(options.publicUrl ?? url).hostname}>` })
      : createDevMailboxTransport(pool);
    const delivery = await startMailDelivery({
      pool, store, queue, transport, catalogue,
      sources: createMailSources({ authKeys: parseAccountsConfig(process.env).keys, supportAddress: supportMailTo({ SUPPORT_MAIL: options.supportMail, PUBLIC_URL: options.publicUrl ?? url }) }),
      publicUrl: options.publicUrl ?? url,
      log: { info: () => undefined, error: (line) => log(line) },
    });
    stops.push(async () => {
      await delivery.stop();
      await transport.close();
    });
    // Reminders before the date and organiser mails (issue 14, ADR 0013): events the mail reactor sends.
    const notifications = await startSignupNotifications({ pool, store, clock: systemClock, onError: (error) => log(`signup notifications: ${error instanceof Error ? error.message : String(error)}`) });
    stops.push(() => notifications.stop());
    return { url, databaseUrl, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
