import { z } from 'zod';
import { versionMetaTag } from '@planwerk/query-service';
import { serviceFor } from '@planwerk/events';
import { installCrashHandlers } from '@planwerk/platform';
import { createGateway } from './gateway';
import { createStaticSite } from './static-files';
import { repoRoot } from './config';
import { join } from 'node:path';

// Distributed mode without nginx (`npm run start:distributed`): the same routing as
// deploy/nginx/planwerk.conf in front of separately running services.
installCrashHandlers({ label: 'gateway' });
const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  COMMAND_URL: z.string().url().default('http://127.0.0.1:3001'),
  QUERY_URL: z.string().url().default('http://127.0.0.1:3002'),
  WEB_ROOT: z.string().optional(),
}).parse(process.env);

const site = createStaticSite(env.WEB_ROOT ?? join(repoRoot(), 'frontend', 'dist'), () => versionMetaTag());
const gateway = createGateway({
  upstreams: { command: new URL(env.COMMAND_URL), query: new URL(env.QUERY_URL) },
  site,
  route: (method, path) => serviceFor(method, path),
});
gateway.listen(env.PORT, '0.0.0.0', () => process.stdout.write(`Planwerk gateway at http://localhost:${env.PORT}\n`));
const stop = () => gateway.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
