import { LOOPBACK_ONLY, parseTrustedProxies } from '@planwerk/platform';
import { bindingKeys, sessionBoundKey, socketClientAddress, socketKey } from './hub-socket';

const upgrade = (peer: string, forwarded?: string) => ({
  socket: { remoteAddress: peer },
  headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
}) as unknown as Parameters<typeof socketClientAddress>[0];

describe('socketClientAddress', () => {
  it('takes the peer when it is no trusted proxy, whatever X-Forwarded-For says', () => {
    expect(socketClientAddress(upgrade('203.0.113.7', '198.51.100.1'), LOOPBACK_ONLY)).toBe('203.0.113.7');
  });

  it('behind a trusted proxy takes the entry the proxy appended, not one the client wrote', () => {
    expect(socketClientAddress(upgrade('127.0.0.1', '198.51.100.1, 203.0.113.7'), LOOPBACK_ONLY)).toBe('203.0.113.7');
    expect(socketClientAddress(upgrade('::ffff:10.0.0.2', '198.51.100.1, 203.0.113.7'), parseTrustedProxies('10.0.0.0/8'))).toBe('203.0.113.7');
    expect(socketClientAddress(upgrade('127.0.0.1'), LOOPBACK_ONLY)).toBe('127.0.0.1');
  });
});

describe('the stored keys a socket applies', () => {
  it('are its pages\' own, and with a verified login session those bound to that session only', () => {
    const anonymous = bindingKeys({ pageIds: ['page-1', 'Device001'], authSessionId: null });
    expect(anonymous).toEqual([socketKey('page-1'), socketKey('Device001')]);
    const signedIn = bindingKeys({ pageIds: ['page-1'], authSessionId: 'session-a' });
    expect(signedIn).toEqual([socketKey('page-1'), sessionBoundKey('page-1', 'session-a')]);
    // Another session of the same page, or the page alone, never reaches a session's rows.
    expect(sessionBoundKey('page-1', 'session-a')).not.toEqual(sessionBoundKey('page-1', 'session-b'));
    expect(anonymous).not.toContain(sessionBoundKey('page-1', 'session-a'));
  });
});
