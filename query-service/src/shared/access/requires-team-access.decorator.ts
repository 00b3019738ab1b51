import { createTeamAccess } from '@planwerk/platform';
import { PG_POOL } from '../../app/tokens';
import { signedInUser } from '../auth/request-actor';

// The query service's binding of the one team access guard (platform/src/nest/team-access.guard.ts).
export const { RequiresTeamAccess } = createTeamAccess({
  pool: PG_POOL,
  userIdOf: (request) => signedInUser(request)?.userId ?? null,
});
export { teamAccessOf } from '@planwerk/platform';
