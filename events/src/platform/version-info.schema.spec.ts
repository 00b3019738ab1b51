import { decodeVersionMetaTag, defaultVersionInfo, resolveVersionInfo, versionMetaTag } from './version-info.schema';

describe('version info', () => {
  it('defaults every platform to the client version 2025.4.0 with an empty action list', () => {
    const info = defaultVersionInfo();
    expect(info.version).toEqual({ web: '2025.4.0', android: '2025.4.0', ios: '2025.4.0' });
    expect(info.action).toEqual([]);
    expect(info.conf).toMatchObject({ api: '5.0.1' });
  });

  it('merges per-platform overrides and rejects a malformed version', () => {
    expect(resolveVersionInfo({ version: { web: '2025.5.1' } }).version)
      .toEqual({ web: '2025.5.1', android: '2025.4.0', ios: '2025.4.0' });
    expect(() => resolveVersionInfo({ version: { web: 'latest', android: '1.0.0', ios: '1.0.0' } }))
      .toThrow(/three dot-separated numbers/);
  });

  it('round-trips through the base64 meta tag, including non-ASCII text', () => {
    const info = resolveVersionInfo({
      action: [{ type: 'banner', design: 'info', title: 'Hinweis', text: 'Wartung übermorgen', timer: 30 }],
    });
    const tag = versionMetaTag(info);
    expect(tag).toMatch(/^<meta name="planwerk-version" content="[A-Za-z0-9+/=]+">$/);
    expect(decodeVersionMetaTag(`<head>${tag}</head>`)).toEqual(info);
  });

  it('answers null for a missing or corrupt tag instead of throwing', () => {
    expect(decodeVersionMetaTag('<head></head>')).toBeNull();
    expect(decodeVersionMetaTag('<meta name="planwerk-version" content="bm90IGpzb24=">')).toBeNull();
  });
});
