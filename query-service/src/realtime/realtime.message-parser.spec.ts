import { INVALID_MESSAGE_EVENT, LOG_MESSAGE_EVENT, parseRealtimeMessage } from './realtime.message-parser';

describe('parseRealtimeMessage', () => {
  it('routes subscribe and unsubscribe by action, text or binary', () => {
    const subscribe = { action: 'subscribe', projection: 'activity-log', since: 'x' };
    expect(parseRealtimeMessage(JSON.stringify(subscribe))).toEqual({ event: 'subscribe', data: subscribe });
    expect(parseRealtimeMessage(Buffer.from('{"action":"unsubscribe","projection":"p"}')))
      .toEqual({ event: 'unsubscribe', data: { action: 'unsubscribe', projection: 'p' } });
  });

  it('routes login and logout by action, and log messages (one or a batch) without one', () => {
    expect(parseRealtimeMessage('{"action":"login","token":"abc.def"}').event).toBe('login');
    expect(parseRealtimeMessage('{"action":"logout"}').event).toBe('logout');
    const log = { token: 'planwerk-console', type: 'error', meta: {}, date: '2025-01-01T00:00:00.000Z' };
    expect(parseRealtimeMessage(JSON.stringify(log))).toEqual({ event: LOG_MESSAGE_EVENT, data: log });
    expect(parseRealtimeMessage(JSON.stringify([log, log]))).toEqual({ event: LOG_MESSAGE_EVENT, data: [log, log] });
  });

  it('sends everything else to the invalid handler instead of dropping it', () => {
    expect(parseRealtimeMessage('not json')).toEqual({ event: INVALID_MESSAGE_EVENT, data: null });
    expect(parseRealtimeMessage('42')).toEqual({ event: INVALID_MESSAGE_EVENT, data: null });
    expect(parseRealtimeMessage('{"action":"__proto__"}').event).toBe(INVALID_MESSAGE_EVENT);
    expect(parseRealtimeMessage('{"action":"log","token":"x"}').event).toBe(INVALID_MESSAGE_EVENT);
    expect(parseRealtimeMessage(`{"action":"subscribe","pad":"${'x'.repeat(70_000)}"}`).event).toBe(INVALID_MESSAGE_EVENT);
  });

  it('refuses NUL and lone surrogates anywhere in a message, as the HTTP edge does', () => {
    expect(parseRealtimeMessage('{"action":"subscribe","project":"p\\u0000"}')).toEqual({ event: INVALID_MESSAGE_EVENT, data: null });
    expect(parseRealtimeMessage('{"action":"subscribe","link":"\\ud800"}')).toEqual({ event: INVALID_MESSAGE_EVENT, data: null });
    expect(parseRealtimeMessage('[{"token":"planwerk-console","meta":{"\\udfff":1}}]')).toEqual({ event: INVALID_MESSAGE_EVENT, data: null });
    // A surrogate pair is text like any other.
    expect(parseRealtimeMessage('{"action":"subscribe","link":"\\ud83d\\ude00"}').event).toBe('subscribe');
  });
});
