import { LOG_APP_TOKEN, LOG_BATCH_MAX } from '@planwerk/events';
import { acceptLogBatch, LOG_MESSAGES_PER_MINUTE } from './client-log.batch';

const message = (type = 'feature') => ({ token: LOG_APP_TOKEN, type, meta: { app_platform: 'web' }, date: '2026-11-22T10:00:00.000Z' });

describe('acceptLogBatch', () => {
  it('takes one message or a batch and counts them in the socket\'s minute', () => {
    const window = { startedAt: 0, count: 0 };
    expect(acceptLogBatch(message(), window, 100_000)).toMatchObject({ ok: true, messages: [{ type: 'feature' }] });
    expect(acceptLogBatch([message('a'), message('b')], window, 101_000)).toMatchObject({ ok: true, messages: [{ type: 'a' }, { type: 'b' }] });
    expect(window).toEqual({ startedAt: 100_000, count: 3 });
  });

  it('refuses the whole batch when one message is invalid, naming its index and field', () => {
    const window = { startedAt: 0, count: 0 };
    const outcome = acceptLogBatch([message(), { ...message(), type: 'no spaces allowed' }], window, 1_000);
    expect(outcome.ok).toBe(false);
    expect(JSON.stringify(outcome)).toContain('1.type');
    expect(window.count).toBe(0);
  });

  it('refuses an empty or oversized batch', () => {
    const window = { startedAt: 0, count: 0 };
    expect(acceptLogBatch([], window, 1_000).ok).toBe(false);
    expect(acceptLogBatch(Array.from({ length: LOG_BATCH_MAX + 1 }, () => message()), window, 1_000).ok).toBe(false);
  });

  it('answers 429 beyond the per-minute limit and opens a new minute after 60 s', () => {
    const window = { startedAt: 1_000, count: LOG_MESSAGES_PER_MINUTE };
    const refused = acceptLogBatch(message(), window, 30_000);
    expect(refused).toMatchObject({ ok: false, reply: { event: 'error', data: { status: 429 } } });
    expect(acceptLogBatch(message(), window, 61_000)).toMatchObject({ ok: true });
    expect(window).toEqual({ startedAt: 61_000, count: 1 });
  });
});
