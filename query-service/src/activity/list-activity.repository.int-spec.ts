import { randomUUID } from 'node:crypto';
import { DomainError } from '@planwerk/events';
import { ACTIVITY_LOG, activeTable, activityLogProjection } from '@planwerk/projector';
import { describeWith } from '../../../scripts/testing/components';
import { startQueryTestStack, type QueryTestStack } from '../testing/query-test-stack';
import { listActivity } from './list-activity.repository';

describeWith('postgres', 'listActivity over the projector activity_log (real PostgreSQL)', () => {
  let stack: QueryTestStack;
  const team1: string[] = [];

  // Rows as the projector writes them; timestamps chosen to share milliseconds and whole
  // timestamps, where a cursor without microseconds or a tie-breaker would repeat or skip rows.
  async function insert(teamId: string, recordedAt: string, eventId = randomUUID()): Promise<string> {
    const table = await activeTable(stack.pool, activityLogProjection.name, ACTIVITY_LOG);
    await stack.pool.query(
      `INSERT INTO ${table} (event_id, team_id, project_id, list_id, object_kind, object_id, action, event_type,
         actor_kind, actor_id, actor_name, recorded_at, checkpoint, stream_id, stream_version, changes)
       VALUES ($1, $2, NULL, NULL, 'feedback', $3, 'created', 'FeedbackVoteSent', 'user', 'u-1', 'Ada',
         $4::timestamptz, '00000000000000000001-00000000000000000001', $5, 1, $6::jsonb)`,
      [eventId, teamId, `fb-${eventId}`, recordedAt, `feedback-${eventId}`, JSON.stringify([{ field: 'vote', before: null, after: 1 }])]);
    return eventId;
  }

  beforeAll(async () => {
    stack = await startQueryTestStack('qs_activity');
    const times = [
      '2025-04-01T10:00:00.000001Z',
      '2025-04-01T10:00:00.000002Z',
      '2025-04-01T10:00:00.000002Z',
      '2025-04-01T10:00:00.000900Z',
      '2025-04-02T08:30:00Z',
    ];
    for (const time of times) team1.push(await insert('team-1', time));
    await insert('team-2', '2025-04-03T00:00:00Z');
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('pages newest first through every row of the team exactly once', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    const sizes: number[] = [];
    do {
      const page = await listActivity(stack.pool, { teamId: 'team-1', after, limit: 2 });
      sizes.push(page.items.length);
      seen.push(...page.items.map((item) => item.eventId));
      after = page.next ?? undefined;
    } while (after !== undefined);
    expect(sizes).toEqual([2, 2, 1]);
    expect(new Set(seen).size).toBe(5);
    expect(new Set(seen)).toEqual(new Set(team1));
    // Newest first; rows with the same timestamp ordered by event id, descending.
    const tied = [team1[1], team1[2]].sort().reverse();
    expect(seen).toEqual([team1[4], team1[3], ...tied, team1[0]]);
  });

  it('maps a row to an entry with actor, changes and the exact time', async () => {
    const page = await listActivity(stack.pool, { teamId: 'team-2', limit: 10 });
    expect(page.next).toBeNull();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      teamId: 'team-2',
      objectKind: 'feedback',
      action: 'created',
      eventType: 'FeedbackVoteSent',
      actor: { kind: 'user', id: 'u-1', name: 'Ada' },
      changes: [{ field: 'vote', before: null, after: 1 }],
    });
    expect(page.items[0].recordedAt.toISOString()).toBe('2025-04-03T00:00:00.000Z');
  });

  it('answers an empty page for a team without activity', async () => {
    expect(await listActivity(stack.pool, { teamId: 'nobody', limit: 10 })).toEqual({ items: [], next: null });
  });

  it('rejects a forged cursor and an out-of-range limit with the field named', async () => {
    await expect(listActivity(stack.pool, { teamId: 'team-1', after: 'bm9wZQ', limit: 2 }))
      .rejects.toMatchObject({ constructor: DomainError, field: 'after' });
    const forged = Buffer.from(JSON.stringify(["1'; DROP TABLE x; --", randomUUID()])).toString('base64url');
    await expect(listActivity(stack.pool, { teamId: 'team-1', after: forged, limit: 2 }))
      .rejects.toMatchObject({ field: 'after' });
    // Accepted by Date.parse, refused by PostgreSQL: still a 400, never a 500.
    const unreadable = Buffer.from(JSON.stringify(['Tue Apr 01 2025 10:00:00 GMT+0200 (CEST)', randomUUID()])).toString('base64url');
    await expect(listActivity(stack.pool, { teamId: 'team-1', after: unreadable, limit: 2 }))
      .rejects.toMatchObject({ field: 'after' });
    await expect(listActivity(stack.pool, { teamId: 'team-1', limit: 0 })).rejects.toMatchObject({ field: 'limit' });
    await expect(listActivity(stack.pool, { teamId: 'team-1', limit: 201 })).rejects.toMatchObject({ field: 'limit' });
  });
});
