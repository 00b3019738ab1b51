import type { TestUser } from '../../../../command-service/src/accounts/testing/register-test-user';
import { auth, startTeamsStack } from '../../../../command-service/src/teams/testing/teams-stack';

export { HEADERS } from '../../../../command-service/src/teams/testing/teams-stack';

/** The teams stack (command and query service on one fresh database) plus the link and bundle calls. */
export async function startLinksStack(prefix: string) {
  const base = await startTeamsStack(prefix);
  const { command, query } = base;

  return {
    ...base,
    async createTeam(owner: TestUser, link: string, name: string): Promise<string> {
      const response = await base.createTeam(owner, { name, link, type: 'club' });
      if (response.statusCode !== 201) throw new Error(`team creation failed: ${response.body}`);
      return response.json().body.teamId as string;
    },
    links: (user: TestUser | null) => query.inject({ method: 'GET', url: '/v5/user/link', headers: auth(user) }),
    connect: (user: TestUser | null, payload: object) => command.inject({ method: 'POST', url: '/v5/user/link', headers: auth(user), payload }),
    disconnect: (user: TestUser | null, payload: object) => command.inject({ method: 'DELETE', url: '/v5/user/link', headers: auth(user), payload }),
    bundle: (user: TestUser | null, payload: object, minCheckpoint?: string) => query.inject({
      method: 'POST', url: minCheckpoint ? `/v5/bundle?minCheckpoint=${encodeURIComponent(minCheckpoint)}` : '/v5/bundle', headers: auth(user), payload,
    }),
  };
}

export type LinksStack = Awaited<ReturnType<typeof startLinksStack>>;
