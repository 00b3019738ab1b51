import { LOG_SOCKET_STATE, SOCKET_STATE } from '../constants/realtime.constants';
import { LiveClient } from './live-client';
import { type LiveSocketLike } from './live-socket';
import { LogClient, logBatches, memoryLogCache } from './log-client';
import { ServiceClient } from './service-client';
import { LIVE_MAX_FRAME_BYTES, LOG_BATCH_MAX, type LiveProjectMessage, type LogMessage } from './live.constants';

// The console's socket clients under fake timers: states 1/2/3, reconnect after 1 s (main,
// log) and 2 s (second), subscriptions queued until active and resumed with `since`, the log
// cache with ISO dates flushed on open.

class FakeSocket implements LiveSocketLike {
  readyState = 0;
  readonly sent: unknown[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  fail(): void {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({});
  }

  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function factory() {
  const sockets: FakeSocket[] = [];
  return { sockets, create: (url: string) => { const socket = new FakeSocket(url); sockets.push(socket); return socket; }, last: () => sockets[sockets.length - 1] as FakeSocket };
}

const event = (checkpoint: string, name = 'signup-add'): LiveProjectMessage => ({
  event: name as LiveProjectMessage['event'], data: { checkpoint, projectId: 'p1', mine: false }, sub_type: 'project', sub_id: 'p1',
});

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('LiveClient (main socket)', () => {
  it('goes 1 connecting → 2 active → 3 error and reconnects after exactly 1 s', () => {
    const sockets = factory();
    const states: number[] = [];
    const client = new LiveClient({ url: '/v5/ws?channel=main', create: sockets.create, onState: (s) => states.push(s) });
    client.start();
    expect(client.state).toBe(SOCKET_STATE.connecting);
    sockets.last().open();
    expect(client.state).toBe(SOCKET_STATE.active);
    sockets.last().fail();
    expect(client.state).toBe(SOCKET_STATE.error);
    jest.advanceTimersByTime(999);
    expect(sockets.sockets).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(sockets.sockets).toHaveLength(2);
    expect(client.state).toBe(SOCKET_STATE.connecting);
    expect(states).toEqual([SOCKET_STATE.active, SOCKET_STATE.error, SOCKET_STATE.connecting]);
    client.stop();
  });

  it('queues subscriptions until active, then resumes each from its last checkpoint after a reconnect', () => {
    const sockets = factory();
    const client = new LiveClient({ url: '/v5/ws', create: sockets.create });
    const received: string[] = [];
    client.start();
    client.subscribe('p1', { onEvent: (m) => received.push(m.data.checkpoint) });
    expect(sockets.last().sent).toEqual([]);
    sockets.last().open();
    expect(sockets.last().sent).toEqual([{ action: 'subscribe', project: 'p1' }]);
    sockets.last().receive({ event: 'subscribed', data: { projectId: 'p1', checkpoint: '10' }, sub_type: 'project', sub_id: 'p1' });
    expect(client.checkpointOf('p1')).toBe('10');
    sockets.last().receive(event('11'));
    sockets.last().receive(event('12'));
    expect(received).toEqual(['11', '12']);

    sockets.last().fail();
    jest.advanceTimersByTime(1_000);
    sockets.last().open();
    expect(sockets.last().sent).toEqual([{ action: 'subscribe', project: 'p1', since: '12' }]);
    // The resumed subscription keeps `since` until the missed events have arrived.
    sockets.last().receive({ event: 'subscribed', data: { projectId: 'p1', checkpoint: '20' }, sub_type: 'project', sub_id: 'p1' });
    expect(client.checkpointOf('p1')).toBe('12');
    sockets.last().receive(event('15'));
    expect(client.checkpointOf('p1')).toBe('15');
    client.stop();
  });

  it('logs in again on every reconnect and follows the login state the server reports', () => {
    const sockets = factory();
    const states: Array<[number, string | null]> = [];
    const client = new LiveClient({ url: '/v5/ws', create: sockets.create, onLoginState: (s, uid) => states.push([s, uid]) });
    client.start();
    client.logIn('token.device');
    expect(client.loginState).toBe(1);
    sockets.last().open();
    expect(sockets.last().sent).toEqual([{ action: 'login', token: 'token.device' }]);
    sockets.last().receive({ event: 'login', data: { state: 2, uid: 'u1' }, sub_type: 'login', sub_id: null });
    expect(client.loginState).toBe(2);
    sockets.last().fail();
    jest.advanceTimersByTime(1_000);
    sockets.last().open();
    expect(sockets.last().sent).toEqual([{ action: 'login', token: 'token.device' }]);
    client.logOut();
    expect(sockets.last().sent[1]).toEqual({ action: 'logout' });
    expect(states.map(([s]) => s)).toEqual([1, 2, 1, 0]);
    client.stop();
  });

  it('tells the handlers of a resync, an ended subscription and an unsubscribe', () => {
    const sockets = factory();
    const client = new LiveClient({ url: '/v5/ws', create: sockets.create });
    const seen: string[] = [];
    client.start();
    sockets.last().open();
    const stop = client.subscribe('p1', { onEvent: () => seen.push('event'), onResync: () => seen.push('resync'), onEnded: (r) => seen.push(`ended:${r}`) });
    sockets.last().receive({ event: 'resync', data: { projectId: 'p1', checkpoint: '30' }, sub_type: 'project', sub_id: 'p1' });
    expect(client.checkpointOf('p1')).toBe('30');
    stop();
    expect(sockets.last().sent.at(-1)).toEqual({ action: 'unsubscribe', project: 'p1' });
    client.subscribe('p1', { onEvent: () => seen.push('event'), onEnded: (r) => seen.push(`ended:${r}`) });
    sockets.last().receive({ event: 'unsubscribed', data: { projectId: 'p1', reason: 'no_permission' }, sub_type: 'project', sub_id: 'p1' });
    sockets.last().receive(event('31'));
    expect(seen).toEqual(['resync', 'ended:no_permission']);
    client.stop();
  });

  it('keeps a subscription made again right after an unsubscribe when the server echoes that unsubscribe', () => {
    // A view mounted twice (React's strict effects): subscribe, unsubscribe, subscribe. The
    // server answers in order; the echo of the unsubscribe must not end the new subscription.
    const sockets = factory();
    const client = new LiveClient({ url: '/v5/ws', create: sockets.create });
    const seen: string[] = [];
    client.start();
    sockets.last().open();
    const stop = client.subscribe('p1', { onEvent: () => seen.push('first') });
    stop();
    client.subscribe('p1', { onEvent: (m) => seen.push(`event:${m.data.checkpoint}`), onEnded: (r) => seen.push(`ended:${r}`) });
    expect(sockets.last().sent).toEqual([
      { action: 'subscribe', project: 'p1' }, { action: 'unsubscribe', project: 'p1' }, { action: 'subscribe', project: 'p1' },
    ]);
    sockets.last().receive({ event: 'subscribed', data: { projectId: 'p1', checkpoint: '20' }, sub_type: 'project', sub_id: 'p1' });
    sockets.last().receive({ event: 'unsubscribed', data: { projectId: 'p1', reason: 'client' }, sub_type: 'project', sub_id: 'p1' });
    sockets.last().receive({ event: 'subscribed', data: { projectId: 'p1', checkpoint: '20' }, sub_type: 'project', sub_id: 'p1' });
    sockets.last().receive(event('21'));
    expect(seen).toEqual(['event:21']);
    expect(client.checkpointOf('p1')).toBe('21');
    client.stop();
  });

  it('stops reconnecting once stopped', () => {
    const sockets = factory();
    const client = new LiveClient({ url: '/v5/ws', create: sockets.create });
    client.start();
    sockets.last().fail();
    client.stop();
    jest.advanceTimersByTime(10_000);
    expect(sockets.sockets).toHaveLength(1);
  });
});

describe('ServiceClient (second socket)', () => {
  it('reconnects after 2 s and hands service events to their handlers', () => {
    const sockets = factory();
    const client = new ServiceClient({ url: '/v5/ws?channel=second', create: sockets.create });
    const got: unknown[] = [];
    client.on('popup', (data) => got.push(data));
    client.start();
    sockets.last().open();
    sockets.last().receive({ event: 'popup', data: { text: 'Hallo' }, sub_type: 'service', sub_id: null });
    sockets.last().receive({ event: 'reload', data: {}, sub_type: 'service', sub_id: null });
    expect(got).toEqual([{ text: 'Hallo' }]);
    sockets.last().fail();
    jest.advanceTimersByTime(1_999);
    expect(sockets.sockets).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(sockets.sockets).toHaveLength(2);
    client.stop();
  });
});

describe('LogClient (log socket)', () => {
  it('caches with ISO dates while closed and flushes oldest first on open; sends directly when open', () => {
    const sockets = factory();
    const cache = memoryLogCache();
    let now = Date.parse('2025-03-01T10:00:00.000Z');
    const states: number[] = [];
    const client = new LogClient({
      url: '/v5/ws?channel=log', create: sockets.create, cache, now: () => new Date(now),
      meta: () => ({ app_platform: 'web', app_version: '2025.4.0' }), onState: (s) => states.push(s),
    });
    client.start();
    expect(client.state).toBe(LOG_SOCKET_STATE.closed);
    client.log('boot');
    now += 1_000;
    client.log('route', { to: '/start' });
    expect(cache.read().map((m) => [m.type, m.date])).toEqual([['boot', '2025-03-01T10:00:00.000Z'], ['route', '2025-03-01T10:00:01.000Z']]);

    sockets.last().open();
    expect(client.state).toBe(LOG_SOCKET_STATE.open);
    expect(sockets.last().sent).toEqual([cache.read().length === 0 ? [
      { token: 'planwerk-console', type: 'boot', meta: { app_platform: 'web', app_version: '2025.4.0' }, date: '2025-03-01T10:00:00.000Z' },
      { token: 'planwerk-console', type: 'route', meta: { app_platform: 'web', app_version: '2025.4.0', extras: { to: '/start' } }, date: '2025-03-01T10:00:01.000Z' },
    ] : 'cache not emptied']);
    client.log('click');
    expect(sockets.last().sent[1]).toMatchObject({ type: 'click' });

    // Error: cached again, and the next socket after 1 s flushes it.
    sockets.last().fail();
    expect(client.state).toBe(LOG_SOCKET_STATE.error);
    client.log('offline');
    expect(cache.read()).toHaveLength(1);
    jest.advanceTimersByTime(1_000);
    sockets.last().open();
    expect(sockets.last().sent).toEqual([[expect.objectContaining({ type: 'offline' })]]);
    expect(cache.read()).toEqual([]);
    expect(states).toEqual([LOG_SOCKET_STATE.open, LOG_SOCKET_STATE.error, LOG_SOCKET_STATE.closed, LOG_SOCKET_STATE.open]);
    client.stop();
  });
});

describe('logBatches (a flushed cache in frames the socket takes)', () => {
  const message = (type: string, extras?: Record<string, unknown>): LogMessage => ({
    token: 'planwerk-console', type, meta: extras === undefined ? {} : { extras }, date: '2025-03-01T10:00:00.000Z',
  });
  const frameBytes = (batch: LogMessage[]) => new TextEncoder().encode(JSON.stringify(batch)).length;

  it('keeps order, at most 100 messages per batch and every batch below the frame limit', () => {
    const big = Array.from({ length: 150 }, (_, i) => message(`m${i}`, { text: 'ä'.repeat(1_900) }));
    const batches = logBatches(big);
    expect(batches.flat().map((m) => m.type)).toEqual(big.map((m) => m.type));
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(LOG_BATCH_MAX);
      expect(frameBytes(batch)).toBeLessThanOrEqual(LIVE_MAX_FRAME_BYTES);
    }
    const small = Array.from({ length: 150 }, (_, i) => message(`s${i}`));
    expect(logBatches(small).map((batch) => batch.length)).toEqual([100, 50]);
  });

  it('leaves out a message that no frame could carry', () => {
    expect(logBatches([message('a'), message('huge', { text: 'x'.repeat(LIVE_MAX_FRAME_BYTES) }), message('b')]).flat().map((m) => m.type)).toEqual(['a', 'b']);
  });
});
