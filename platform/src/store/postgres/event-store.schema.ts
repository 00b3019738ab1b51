import type { Pool } from 'pg';

// Arbitrary constant: serializes concurrent migrations of the store schema.
const MIGRATION_LOCK_KEY = 4_711_020_001;

/** Channel the append function notifies on commit; subscriptions LISTEN on it. */
export const EVENTS_CHANNEL = 'planwerk_events';

/** The table definitions alone (also used by the benchmark's raw baseline in its own schema). */
export const EVENT_STORE_TABLES_SQL = `
CREATE TABLE IF NOT EXISTS streams (
  stream_id text PRIMARY KEY,
  version bigint NOT NULL CHECK (version >= 0)
);
CREATE TABLE IF NOT EXISTS events (
  global_position bigserial PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  stream_position bigint NOT NULL CHECK (stream_position >= 1),
  event_id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  schema_version integer NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, stream_position)
);
-- Keeps the global read flat as the log grows (rule 4).
CREATE INDEX IF NOT EXISTS events_transaction_id_global_position_idx ON events (transaction_id, global_position);
`;

// One append = one call (rule 1). Every failure raises, so nothing of a failed append survives.
// PW409 = wrong expected version (DETAIL = actual version), PW422 = idempotency conflict,
// PW423 = the ids were appended earlier with another type or data (DETAIL = the stored batch's
// first stream position, HINT = the first differing event id).
// Data and metadata arrive as one JSON array each: parsed once, with no array-literal escaping
// (jsonb[] parameters cost ~20% of an append). NOTIFY is only sent when asked (p_notify): under
// NOTIFY, PostgreSQL serializes commits on one lock held through the WAL flush, so the store
// announces its appends after commit instead (see AppendNotifier.announce).
const APPEND_FUNCTION = `
DROP FUNCTION IF EXISTS append_events(text, text, uuid[], text[], jsonb[], jsonb[], integer[]);
CREATE OR REPLACE FUNCTION append_events(
  p_stream_id text,
  p_expected text,
  p_event_ids uuid[],
  p_types text[],
  p_data jsonb,
  p_metadata jsonb,
  p_schema_versions integer[],
  p_notify boolean
) RETURNS TABLE (o_version bigint, o_transaction_id xid8, o_global_position bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_count integer := cardinality(p_event_ids);
  v_current bigint;
  v_found integer;
  v_offsets integer;
  v_same_stream boolean;
  v_ok boolean;
  v_last_position bigint;
  v_first_position bigint;
  v_differs uuid;
BEGIN
  IF v_count IS NULL OR cardinality(p_types) IS DISTINCT FROM v_count OR cardinality(p_schema_versions) IS DISTINCT FROM v_count
     OR jsonb_array_length(p_data) <> v_count OR jsonb_array_length(p_metadata) <> v_count THEN
    RAISE EXCEPTION 'append_events needs one id, type, data, metadata and schema version per event' USING ERRCODE = '22023';
  END IF;

  SELECT s.version INTO v_current FROM streams s WHERE s.stream_id = p_stream_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO streams (stream_id, version) VALUES (p_stream_id, 0) ON CONFLICT (stream_id) DO NOTHING;
    SELECT s.version INTO v_current FROM streams s WHERE s.stream_id = p_stream_id FOR UPDATE;
  END IF;

  -- Checked under the stream lock, so an earlier attempt of this batch has committed or failed.
  -- One index probe; a batch whose first id is new but a later one is not fails on UNIQUE(event_id).
  IF EXISTS (SELECT 1 FROM events e WHERE e.event_id = p_event_ids[1]) THEN
    SELECT count(*)::integer, count(DISTINCT e.stream_position - i.ord)::integer, bool_and(e.stream_id = p_stream_id), min(e.stream_position)
      INTO v_found, v_offsets, v_same_stream, v_first_position
      FROM unnest(p_event_ids) WITH ORDINALITY AS i(id, ord)
      JOIN events e ON e.event_id = i.id;
    IF v_found <> v_count OR v_offsets <> 1 OR NOT v_same_stream THEN
      RAISE EXCEPTION 'event ids partially match an earlier append' USING ERRCODE = 'PW422';
    END IF;
    -- A retry repeats its batch exactly: the same ids with another type or data are refused.
    SELECT i.id INTO v_differs
      FROM unnest(p_event_ids, p_types) WITH ORDINALITY AS i(id, type, ord)
      JOIN events e ON e.event_id = i.id
     WHERE e.type <> i.type OR e.data <> p_data -> (i.ord::integer - 1)
     ORDER BY i.ord
     LIMIT 1;
    IF v_differs IS NOT NULL THEN
      RAISE EXCEPTION 'event % was appended earlier with another type or data', v_differs
        USING ERRCODE = 'PW423', DETAIL = v_first_position::text, HINT = v_differs::text;
    END IF;
    RETURN QUERY SELECT e.stream_position, e.transaction_id, e.global_position
      FROM events e WHERE e.event_id = p_event_ids[v_count];
    RETURN;
  END IF;

  v_ok := CASE p_expected
    WHEN 'any' THEN true
    WHEN 'no_stream' THEN v_current = 0
    WHEN 'stream_exists' THEN v_current > 0
    ELSE v_current = p_expected::bigint
  END;
  IF NOT v_ok THEN
    RAISE EXCEPTION 'wrong expected version' USING ERRCODE = 'PW409', DETAIL = v_current::text;
  END IF;

  WITH inserted AS (
    INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata, schema_version)
    SELECT p_stream_id, v_current + u.ord, u.id, u.type, u.data, u.metadata, u.schema_version
      FROM ROWS FROM (
        unnest(p_event_ids), unnest(p_types), jsonb_array_elements(p_data), jsonb_array_elements(p_metadata), unnest(p_schema_versions)
      ) WITH ORDINALITY AS u(id, type, data, metadata, schema_version, ord)
      ORDER BY u.ord
    RETURNING global_position
  )
  SELECT max(global_position) INTO v_last_position FROM inserted;

  UPDATE streams SET version = v_current + v_count WHERE stream_id = p_stream_id;
  IF p_notify THEN
    PERFORM pg_notify('${EVENTS_CHANNEL}', '');
  END IF;
  RETURN QUERY SELECT v_current + v_count, pg_current_xact_id(), v_last_position;
END
$fn$;
`;

/** Creates or upgrades the store schema. Idempotent; concurrent callers wait on an advisory lock. */
export async function migrateEventStore(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(EVENT_STORE_TABLES_SQL);
    await client.query(APPEND_FUNCTION);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
