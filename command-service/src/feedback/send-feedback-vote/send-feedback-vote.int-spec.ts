import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type EventStore, type RecordedEvent } from '@planwerk/events';
import type { Pool } from 'pg';
import { describeWith } from '../../../../scripts/testing/components';
import { startCommandServiceStack, type CommandServiceStack } from '../../testing/command-service-stack';

const DEVICE = 'Dev1ce0001';
const headers = { 'x-device-id': DEVICE, 'x-api-version': '5.0.1', 'x-session-id': '0a1b2c3d-4e5f6a7b-8c9d0e1f-2a3b4c5d' };
const vote = { vote: 2, text: 'Der Speichern-Knopf fehlt', meta: { href: 'https://planwerk.test/p/1', lang: 'de' } };

describeWith('postgres', 'POST /v5/feedback/vote (command-service on PostgreSQL)', () => {
  let pool: Pool;
  let store: EventStore;
  let stack: CommandServiceStack;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    stack = await startCommandServiceStack('cmd_feedback', { poolSize: 20 });
    ({ pool, store, app } = stack);
  });

  afterAll(async () => {
    await stack?.close();
  });

  function post(payload: unknown, extra: Record<string, string> = {}) {
    return app.inject({ method: 'POST', url: '/v5/feedback/vote', headers: { ...headers, ...extra }, payload: payload as object });
  }

  // Read from the table, not the global log: on the shared test cluster another suite's open
  // transaction can hold a fresh commit back from global reads for a moment.
  async function feedbackEvents(): Promise<Array<Pick<RecordedEvent, 'data'>>> {
    const rows = await pool.query("SELECT data FROM events WHERE type = 'FeedbackVoted' ORDER BY global_position");
    return rows.rows.map((row: { data: unknown }) => ({ data: row.data }));
  }

  it('appends FeedbackVoted and answers the thanks with the feedback id and checkpoint', async () => {
    const response = await post(vote, { 'x-correlation-id': 'corr-1' });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      body: { feedbackId: expect.stringMatching(/^[0-9a-f-]{36}$/), text: 'Danke für dein Feedback', checkpoint: expect.any(String) },
      error: null,
      status: 200,
    });
    const stream = await store.readStream(`feedback-${answer.body.feedbackId}`);
    expect(stream.version).toBe(1);
    const [event] = stream.events;
    expect(event.type).toBe('FeedbackVoted');
    expect(event.data).toEqual({
      feedbackId: answer.body.feedbackId, vote: 2, text: vote.text,
      meta: { app_version: '', href: vote.meta.href, host: '', referrer: '', lang: 'de', agent: '' },
    });
    expect(event.metadata).toMatchObject({
      correlationId: 'corr-1', causationId: null, teamId: null, schemaVersion: 1,
      actor: { kind: 'anonymous', id: `device:${DEVICE}` },
    });
    expect(event.checkpoint).toBe(answer.body.checkpoint);
  });

  it('thanks in English when the client prefers English', async () => {
    const response = await post({ vote: 1 }, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(response.json().body.text).toBe('Thank you for your feedback');
  });

  describe('bad input: a 4xx in the wrapper naming what failed, and nothing appended', () => {
    let before: number;
    beforeEach(async () => {
      before = (await feedbackEvents()).length;
    });
    afterEach(async () => {
      expect((await feedbackEvents()).length).toBe(before);
    });

    it('no vote → 400 naming `vote`', async () => {
      const response = await post({ text: 'ohne Bewertung' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        body: null, status: 400,
        error: { status: 400, intern: 'feedback_vote_required', field: 'vote', text: 'Bitte wähle zuerst eine Bewertung aus.' },
      });
    });

    it('a vote outside 1/2 or a text too long → 400 naming the field', async () => {
      expect((await post({ vote: 3 })).json().error).toMatchObject({ status: 400, field: 'vote' });
      expect((await post({ vote: 1, text: 'x'.repeat(5001) })).json().error).toMatchObject({ status: 400, intern: 'validation_failed', field: 'text' });
      expect((await post({ vote: 1, meta: { lang: 'x'.repeat(17) } })).json().error).toMatchObject({ field: 'meta.lang' });
    });

    it('malformed JSON → 400', async () => {
      const response = await app.inject({
        method: 'POST', url: '/v5/feedback/vote', headers: { ...headers, 'content-type': 'application/json' }, payload: '{"vote": 1,',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ body: null, status: 400, error: { status: 400, intern: 'malformed_body' } });
    });

    it('a foreign content type → 415, plain text → 400 naming the body', async () => {
      const xml = await app.inject({ method: 'POST', url: '/v5/feedback/vote', headers: { ...headers, 'content-type': 'application/xml' }, payload: '<vote>1</vote>' });
      expect(xml.statusCode).toBe(415);
      expect(xml.json().error).toMatchObject({ status: 415, intern: 'unsupported_media_type' });
      const text = await app.inject({ method: 'POST', url: '/v5/feedback/vote', headers: { ...headers, 'content-type': 'text/plain' }, payload: 'vote=1' });
      expect(text.statusCode).toBe(400);
      expect(text.json().error).toMatchObject({ field: 'body' });
    });

    it('a huge body → 413 in the wrapper', async () => {
      const response = await post({ vote: 1, text: 'x'.repeat(300 * 1024) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ body: null, status: 413, error: { intern: 'payload_too_large' } });
    });

    it('another API major → 6951 (503)', async () => {
      const response = await post(vote, { 'x-api-version': '4.9.0', 'accept-language': 'en' });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toEqual({ status: 503, intern: 6951, text: 'Your app version is outdated. Please update the app.' });
    });

    it('malformed headers → 400 naming the header', async () => {
      expect((await post(vote, { 'x-device-id': 'short' })).json().error).toMatchObject({ status: 400, field: 'x-device-id' });
      expect((await post(vote, { 'x-session-id': 'nope' })).json().error).toMatchObject({ status: 400, field: 'x-session-id' });
      expect((await post(vote, { authorization: 'no-device-part' })).json().error).toMatchObject({ status: 400, field: 'authorization' });
    });

    it('an unknown route → 404 in the wrapper', async () => {
      const response = await app.inject({ method: 'POST', url: '/v5/nothing/here', headers, payload: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ body: null, status: 404, error: { status: 404, intern: 'not_found', text: 'Nicht gefunden.' } });
    });
  });

  it('accepts a minor version and a token, keeping the actor anonymous until accounts exist', async () => {
    const response = await post({ vote: 1 }, { 'x-api-version': '5.3.0', authorization: `s3cr3t-token.${DEVICE}` });
    expect(response.statusCode).toBe(200);
    const [event] = (await store.readStream(`feedback-${response.json().body.feedbackId}`)).events;
    expect(event.metadata.actor).toEqual({ kind: 'anonymous', id: `device:${DEVICE}` });
  });

  describe('Idempotency-Key', () => {
    it('same key and body → the same answer, appended once', async () => {
      const first = await post(vote, { 'idempotency-key': 'key-same-1' });
      const second = await post({ ...vote }, { 'idempotency-key': 'key-same-1' });
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      // Byte for byte: the replay comes from the stored answer, the first from memory.
      expect(second.body).toBe(first.body);
      const id = first.json().body.feedbackId;
      expect((await feedbackEvents()).filter((e) => (e.data as { feedbackId: string }).feedbackId === id)).toHaveLength(1);
    });

    it('same key with another body → 422, nothing appended', async () => {
      await post(vote, { 'idempotency-key': 'key-other-1' });
      const before = (await feedbackEvents()).length;
      const response = await post({ ...vote, vote: 1 }, { 'idempotency-key': 'key-other-1' });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toMatchObject({ status: 422, intern: 'idempotency_key_reused' });
      expect((await feedbackEvents()).length).toBe(before);
    });

    it('keys of different devices never meet', async () => {
      const mine = await post(vote, { 'idempotency-key': 'key-shared' });
      const theirs = await post(vote, { 'idempotency-key': 'key-shared', 'x-device-id': 'OtherDev01' });
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json().body.feedbackId).not.toBe(mine.json().body.feedbackId);
    });

    it('a rule error is an answer too: the same key gets the same 400', async () => {
      const first = await post({ text: 'ohne' }, { 'idempotency-key': 'key-error-1' });
      const second = await post({ text: 'ohne' }, { 'idempotency-key': 'key-error-1' });
      expect(first.statusCode).toBe(400);
      expect(second.body).toBe(first.body);
    });

    it('a retry after a crash between append and stored answer appends nothing (deterministic event ids)', async () => {
      const first = await post(vote, { 'idempotency-key': 'key-crash-1' });
      // The crash: the events are in, the answer is not.
      await pool.query("DELETE FROM idempotency_keys WHERE key = 'key-crash-1'");
      const retry = await post(vote, { 'idempotency-key': 'key-crash-1' });
      expect(retry.statusCode).toBe(200);
      expect(retry.body).toBe(first.body);
      expect((await store.readStream(`feedback-${first.json().body.feedbackId}`)).version).toBe(1);
    });

    it('50 concurrent identical requests with one key → one event, 50 identical answers', async () => {
      const before = (await pool.query("SELECT count(*)::int AS n FROM events WHERE type = 'FeedbackVoted'")).rows[0].n;
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => post(vote, { 'idempotency-key': 'key-concurrent-50' })),
      );
      const bodies = responses.map((r) => r.body);
      expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
      expect(new Set(bodies).size).toBe(1);
      // Counted in the table itself: a global read may still hide a fresh commit behind another
      // suite's open transaction on the shared cluster (the visibility bound is cluster-wide).
      const count = await pool.query("SELECT count(*)::int AS n FROM events WHERE type = 'FeedbackVoted'");
      expect(count.rows[0].n).toBe(before + 1);
      const stream = await store.readStream(`feedback-${responses[0].json().body.feedbackId}`);
      expect(stream.version).toBe(1);
    });
  });
});

describeWith('postgres', 'command-service faults', () => {
  let pool: Pool;
  let app: NestFastifyApplication;
  let stack: CommandServiceStack;
  let appends = 0;

  beforeAll(async () => {
    // A store whose first append fails with internals in the message.
    stack = await startCommandServiceStack('cmd_faults', {
      deps: (_pool, real) => ({
        store: Object.assign(Object.create(real) as EventStore, {
          append: (...args: Parameters<EventStore['append']>) => {
            appends += 1;
            if (appends === 1) return Promise.reject(new Error('connection to 10.0.0.7 lost: password=hunter2'));
            return real.append(...args);
          },
        }),
      }),
    });
    ({ pool, app } = stack);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('an unexpected failure → 500 with the generic text and no internals; the key is free for a retry', async () => {
    const request = { method: 'POST' as const, url: '/v5/feedback/vote', headers: { ...headers, 'idempotency-key': 'key-fault-1' }, payload: vote };
    const failed = await app.inject(request);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({
      body: null, status: 500,
      error: { status: 500, intern: 'internal', text: 'Es ist ein Fehler aufgetreten. Bitte versuche es erneut.' },
    });
    expect(failed.body).not.toMatch(/hunter2|10\.0\.0\.7/);
    const retried = await app.inject(request);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().body.text).toBe('Danke für dein Feedback');
  });
});
