import { createSessionGuard } from '@planwerk/platform';
import { PG_POOL } from '../../app/tokens';
import { ACCOUNTS_CONFIG } from './auth.tokens';
import { attachUser } from './request-actor';

/**
 * The query service's binding of the one session guard (platform/src/nest/session.guard.ts):
 * the signed-in user is kept per request for the readers.
 */
export const SessionGuard = createSessionGuard({
  pool: PG_POOL,
  config: ACCOUNTS_CONFIG,
  attach: (request, session) => attachUser(request, { userId: session.userId, sessionId: session.sessionId }),
});
