import { createSessionGuard } from '@planwerk/platform';
import { PG_POOL } from '../../app/tokens';
import { attachSession } from '../http/request-context';
import { ACCOUNTS_CONFIG } from './auth.tokens';

/**
 * The command service's binding of the one session guard (platform/src/nest/session.guard.ts):
 * the live session goes on the request's context, keyed by its headers.
 */
export const SessionGuard = createSessionGuard({
  pool: PG_POOL,
  config: ACCOUNTS_CONFIG,
  attach: (request, session) =>
    attachSession(request.headers, { userId: session.userId, sessionId: session.sessionId, deviceId: session.deviceId }),
});
