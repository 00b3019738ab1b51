#!/usr/bin/env node
// A real OpenID Connect provider (oidc-provider) for the social login tests, started outside
// Jest's module system (oidc-provider is ESM-only). Reads its clients and accounts as JSON from
// argv[2], listens on 127.0.0.1 on a free port, prints "ready <issuer>" and stops on SIGTERM.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const { clients, accounts } = JSON.parse(process.argv[2] ?? '{}');
const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients,
  async findAccount(_ctx, id) {
    const account = accounts[id];
    if (!account) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...account }) };
  },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
  cookies: { keys: ['planwerk-social-login-test-cookie-key'] },
});
// The dev interactions warn on every start; the tests need no console noise.
provider.on('server_error', (_ctx, error) => process.stderr.write(`oidc-provider: ${error.message}\n`));
server.on('request', provider.callback());
process.stdout.write(`ready ${issuer}\n`);

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
