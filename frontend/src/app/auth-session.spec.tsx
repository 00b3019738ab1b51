import { describe, expect, it, jest } from '@jest/globals';
import { answer, answerError, fetchCalls } from '../shared/testing/fetch-stub';
import { startAuth } from './auth-session';
import { hasSessionToken, storeSessionToken } from './session';
import { createStore } from './store';

const me = {
  uid: '0b9a4c1e-dddd-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};
const TOKEN = 'a-stored-session-token-of-this-device';
const MAINTENANCE = { status: 503, intern: 6950, text: 'Planwerk wird gerade gewartet.' };

describe('startAuth under maintenance (ADR 0014)', () => {
  it('keeps the stored token through 6950, shows maintenance, and signs in once the API answers again', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
    try {
      storeSessionToken(TOKEN);
      answerError('PUT', '/v5/auth/token', MAINTENANCE);
      answer('GET', `/v5/user/${me.uid}/ui`, { theme: 'default', sidebar: 1, viewOpt: 'grid', shortcut: [] });
      const store = createStore();
      const started = startAuth(store.dispatch);
      await jest.advanceTimersByTimeAsync(100);
      expect(store.getState().ui.maintenance).toBe(true);
      expect(store.getState().auth.status).toBe('restoring');
      expect(hasSessionToken()).toBe(true);

      await jest.advanceTimersByTimeAsync(5_000);
      expect(fetchCalls('PUT', '/v5/auth/token').length).toBeGreaterThanOrEqual(2);
      expect(store.getState().auth.status).toBe('restoring');

      answer('PUT', '/v5/auth/token', { token: TOKEN, user: me });
      await jest.advanceTimersByTimeAsync(5_000);
      await started;
      expect(store.getState().auth.status).toBe('signedIn');
      expect(hasSessionToken()).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('still drops a token the server refuses', async () => {
    storeSessionToken(TOKEN);
    answerError('PUT', '/v5/auth/token', { status: 401, intern: 6011, text: 'Sitzung abgelaufen' });
    const store = createStore();
    await startAuth(store.dispatch);
    expect(store.getState().auth.status).toBe('signedOut');
    expect(hasSessionToken()).toBe(false);
  });
});
