import type { Queryable } from '../store/postgres/append-events';
import type { AccountEvent } from '@planwerk/events';

/**
 * Applies account events to `account_logins` and `account_sessions`. Called inside the append's
 * transaction (ADR 0004, "inline projection"); uses only event data, so it can rebuild too.
 */
export async function projectAccountEvents(db: Queryable, events: readonly AccountEvent[]): Promise<void> {
  for (const event of events) await projectOne(db, event);
}

async function projectOne(db: Queryable, event: AccountEvent): Promise<void> {
  switch (event.type) {
    case 'AccountRegistered': {
      const d = event.data;
      await db.query(
        `INSERT INTO account_logins (email_key, user_id, login_type, activated, parent_consent, registered_at)
         VALUES ($1, $2, 'password', false, $3, $4)`,
        [d.emailKey, d.userId, d.adult ? 'not_needed' : 'pending', d.registeredAt],
      );
      await rememberLink(db, d.activationTokenHash, d.userId, 'activation');
      return;
    }
    case 'SocialAccountRegistered': {
      const d = event.data;
      // Active at once: the provider verified the address, and there is no activation link.
      await db.query(
        `INSERT INTO account_logins (email_key, user_id, login_type, social_provider, activated, parent_consent, registered_at)
         VALUES ($1, $2, 'social', $3, true, 'not_needed', $4)`,
        [d.emailKey, d.userId, d.provider, d.registeredAt],
      );
      return;
    }
    case 'ParentConfirmationRequested':
      await rememberLink(db, event.data.tokenHash, event.data.userId, 'parent-confirmation');
      return;
    case 'ActivationMailRequested':
      await rememberLink(db, event.data.tokenHash, event.data.userId, 'activation');
      return;
    case 'PasswordResetRequested':
      await rememberLink(db, event.data.tokenHash, event.data.userId, 'password-reset');
      return;
    case 'AccountActivated':
      await db.query('UPDATE account_logins SET activated = true WHERE user_id = $1', [event.data.userId]);
      return;
    case 'ParentConsentGiven':
      await db.query("UPDATE account_logins SET parent_consent = 'given' WHERE user_id = $1", [event.data.userId]);
      return;
    case 'AccountLocked':
    case 'AccountUnlocked':
      await db.query('UPDATE account_logins SET locked = $2 WHERE user_id = $1', [event.data.userId, event.type === 'AccountLocked']);
      return;
    case 'SessionStarted': {
      const d = event.data;
      await db.query(
        `INSERT INTO account_sessions (session_id, user_id, token_hash, device_id, device_name, method, created_at,
           last_used_at, idle_expires_at, absolute_expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9)`,
        [d.sessionId, d.userId, d.tokenHash, d.deviceId, d.deviceName, d.method, d.startedAt, d.idleExpiresAt, d.absoluteExpiresAt],
      );
      return;
    }
    case 'SessionEnded':
      await db.query(
        'UPDATE account_sessions SET revoked_at = $2, revoked_reason = $3 WHERE session_id = $1 AND revoked_at IS NULL',
        [event.data.sessionId, event.data.endedAt, event.data.reason],
      );
      return;
    case 'AccountErased':
      // Erasure purges every derived row of the person; the address can register again.
      for (const table of ['account_logins', 'account_sessions', 'account_link_tokens', 'account_preferences']) {
        await db.query(`DELETE FROM ${table} WHERE user_id = $1`, [event.data.userId]);
      }
      return;
    case 'UserPreferencesChanged':
      await db.query(
        `INSERT INTO account_preferences (user_id, preferences, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET preferences = EXCLUDED.preferences, updated_at = EXCLUDED.updated_at`,
        [event.data.userId, JSON.stringify(event.data.preferences), event.data.changedAt],
      );
      return;
    case 'SavedLinkRemoved': {
      const link = event.data.link;
      await db.query(
        `UPDATE account_preferences SET updated_at = $5, preferences = jsonb_set(preferences, '{shortcut}', COALESCE((
           SELECT jsonb_agg(e) FROM jsonb_array_elements(preferences->'shortcut') e
           WHERE NOT (e->>'type' = $2 AND e->'data'->>'id' = $3 AND COALESCE(e->>'hash', '') = COALESCE($4, ''))), '[]'::jsonb))
         WHERE user_id = $1`,
        [event.data.userId, link.type, String(link.data.id), link.hash, event.data.removedAt],
      );
      return;
    }
    case 'AccountEmailReserved':
    case 'AccountEmailReleased':
    case 'NewDeviceLoggedIn':
    case 'PasswordResetRequired':
    case 'BetaAccessApproved':
    case 'PasswordChanged':
      // Not needed to authorize a request; the account stream answers these.
      return;
    default:
      return exhaustive(event);
  }
}

// Which account a link token belongs to; whether it is still usable is the account stream's call.
function rememberLink(db: Queryable, tokenHash: string, userId: string, purpose: string): Promise<unknown> {
  return db.query('INSERT INTO account_link_tokens (token_hash, user_id, purpose) VALUES ($1, $2, $3)', [tokenHash, userId, purpose]);
}

/** The account a link token was issued for, or null. */
export async function findLinkOwner(db: Queryable, tokenHash: string, purpose: string): Promise<string | null> {
  const result = await db.query<{ user_id: string }>(
    'SELECT user_id FROM account_link_tokens WHERE token_hash = $1 AND purpose = $2', [tokenHash, purpose],
  );
  return result.rows[0]?.user_id ?? null;
}

function exhaustive(event: never): never {
  throw new Error(`Unhandled account event ${JSON.stringify(event)}`);
}
