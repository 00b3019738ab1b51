// Versions and the version comparison of spec sections 4 and 9.
export const CLIENT_VERSION = '2025.4.0';
export const API_VERSION = '5.0.1';
export const ENCRYPTION_VERSION = '1.0';
export const API_BASE_PATH = '/v5';

// Request headers every call carries (spec section 7), lower-case as HTTP/2 sends them.
export const API_HEADERS = {
  authorization: 'authorization',
  sessionId: 'x-session-id',
  deviceId: 'x-device-id',
  apiVersion: 'x-api-version',
} as const;

// Session id: 4 groups of 2 hex blocks (a block = 4 hex digits); device id: 10 alphanumerics.
export const SESSION_ID_PATTERN = /^[0-9a-f]{8}(?:-[0-9a-f]{8}){3}$/;
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9]{10}$/;

export const VERSION_PLATFORMS = ['web', 'android', 'ios'] as const;
export type VersionPlatform = (typeof VERSION_PLATFORMS)[number];
export type PlatformVersions = Record<VersionPlatform, string>;

export const VERSION_COMPARISON = { current: 0, webDiffers: 1, serverNewer: 2 } as const;
export type VersionComparison = (typeof VERSION_COMPARISON)[keyof typeof VERSION_COMPARISON];

type VersionTriple = readonly [number, number, number];

// Three dot-separated non-negative integers; anything else is no version at all.
export function parseVersion(value: string): VersionTriple | null {
  const match = /^\s*(\d+)\.(\d+)\.(\d+)\s*$/.exec(value);
  if (!match) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function order(a: VersionTriple, b: VersionTriple): number {
  for (let i = 0; i < 3; i += 1) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

/**
 * 2 when the server's version for this platform is newer than the client (update dialog);
 * 1 when an app build is current but the web bundle differs (sync hint; never on the web,
 * where the web version is the platform version); 0 otherwise. A missing or malformed
 * server version answers 0: version errors stay silent (spec section 7).
 */
export function compareVersions(
  server: Partial<PlatformVersions>,
  platform: VersionPlatform,
  client: string = CLIENT_VERSION,
): VersionComparison {
  const own = parseVersion(client);
  const published = parseVersion(server[platform] ?? '');
  if (!own || !published) return VERSION_COMPARISON.current;
  if (order(published, own) > 0) return VERSION_COMPARISON.serverNewer;
  if (platform !== 'web') {
    const web = parseVersion(server.web ?? '');
    if (web && order(web, own) !== 0) return VERSION_COMPARISON.webDiffers;
  }
  return VERSION_COMPARISON.current;
}
