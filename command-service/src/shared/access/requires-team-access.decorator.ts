import { createTeamAccess } from '@planwerk/platform';
import { PG_POOL } from '../../app/tokens';
import { authenticatedSession } from '../http/request-context';

// The command service's binding of the one team access guard (platform/src/nest/team-access.guard.ts).
export const { RequiresTeamAccess } = createTeamAccess({
  pool: PG_POOL,
  userIdOf: (request) => authenticatedSession(request.headers)?.userId ?? null,
});
export { teamAccessOf } from '@planwerk/platform';
