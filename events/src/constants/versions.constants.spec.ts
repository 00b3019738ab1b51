import fc from 'fast-check';
import {
  API_VERSION, CLIENT_VERSION, compareVersions, DEVICE_ID_PATTERN, ENCRYPTION_VERSION,
  parseVersion, SESSION_ID_PATTERN, VERSION_COMPARISON,
} from './versions.constants';

describe('versions', () => {
  it('are the spec values', () => {
    expect(CLIENT_VERSION).toBe('2025.4.0');
    expect(API_VERSION).toBe('5.0.1');
    expect(ENCRYPTION_VERSION).toBe('1.0');
  });

  it('parses three dot-separated numbers and nothing else', () => {
    expect(parseVersion('2025.4.0')).toEqual([2025, 4, 0]);
    expect(parseVersion(' 1.2.10 ')).toEqual([1, 2, 10]);
    for (const bad of ['', '2025.4', '2025.4.0.1', 'v2025.4.0', '2025.x.0', '-1.0.0']) {
      expect(parseVersion(bad)).toBeNull();
    }
  });
});

describe('compareVersions against client 2025.4.0', () => {
  const same = { web: '2025.4.0', android: '2025.4.0', ios: '2025.4.0' };

  it('answers 0 when the server has the same version', () => {
    expect(compareVersions(same, 'web')).toBe(VERSION_COMPARISON.current);
    expect(compareVersions(same, 'android')).toBe(0);
  });

  it('answers 0 when the client is newer than the server', () => {
    expect(compareVersions({ ...same, web: '2025.3.9' }, 'web')).toBe(0);
    expect(compareVersions({ ...same, web: '2024.12.12' }, 'web')).toBe(0);
  });

  it('answers 2 when the server is newer, comparing numerically not as text', () => {
    expect(compareVersions({ ...same, web: '2025.4.1' }, 'web')).toBe(VERSION_COMPARISON.serverNewer);
    expect(compareVersions({ ...same, web: '2025.10.0' }, 'web')).toBe(2);
    expect(compareVersions({ ...same, web: '2026.0.0' }, 'web')).toBe(2);
  });

  it('compares per platform', () => {
    const iosAhead = { ...same, ios: '2025.5.0' };
    expect(compareVersions(iosAhead, 'ios')).toBe(2);
    expect(compareVersions(iosAhead, 'android')).toBe(0);
    expect(compareVersions(iosAhead, 'web')).toBe(0);
  });

  it('answers 1 on an app whose build is current while the web version differs', () => {
    expect(compareVersions({ ...same, web: '2025.4.2' }, 'android')).toBe(VERSION_COMPARISON.webDiffers);
    expect(compareVersions({ ...same, web: '2025.3.0' }, 'ios')).toBe(1);
  });

  it('stays silent (0) on missing or malformed server versions', () => {
    expect(compareVersions({}, 'web')).toBe(0);
    expect(compareVersions({ web: 'latest' }, 'web')).toBe(0);
    expect(compareVersions({ android: '2025.4.0', web: 'broken' }, 'android')).toBe(0);
  });

  it('takes another client version when given', () => {
    expect(compareVersions({ web: '1.0.1' }, 'web', '1.0.0')).toBe(2);
    expect(compareVersions({ web: '1.0.0' }, 'web', '1.0.1')).toBe(0);
  });

  it('is antisymmetric on the web: never 2 both ways, 2 exactly when the server is greater', () => {
    const triple = fc.tuple(fc.nat(3000), fc.nat(20), fc.nat(20));
    fc.assert(fc.property(triple, triple, (a, b) => {
      const va = a.join('.');
      const vb = b.join('.');
      const ab = compareVersions({ web: va }, 'web', vb);
      const ba = compareVersions({ web: vb }, 'web', va);
      const greater = a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2];
      expect(ab).toBe(greater ? 2 : 0);
      if (va !== vb) expect(ab === 2 && ba === 2).toBe(false);
    }));
  });

  it('formats session and device ids as the spec says', () => {
    expect(SESSION_ID_PATTERN.test('0a1b2c3d-4e5f6071-8293a4b5-c6d7e8f9')).toBe(true);
    expect(SESSION_ID_PATTERN.test('0a1b2c3d-4e5f6071-8293a4b5')).toBe(false);
    expect(DEVICE_ID_PATTERN.test('aZ09bY18cX')).toBe(true);
    expect(DEVICE_ID_PATTERN.test('aZ09bY18c')).toBe(false);
  });
});
