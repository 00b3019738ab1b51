import { z } from 'zod';
import { API_VERSION, CLIENT_VERSION, ENCRYPTION_VERSION } from '../constants/versions.constants';

// Version info of spec section 3: web, android, ios strings; social; conf; action list.
// The fields of social, conf and an action are "not shown" in the spec, so they are kept
// open records; a banner action carries the news banner fields (design, title, text, link,
// optional timer) because that is what clients show from the list.
const versionString = z.string().regex(/^\d+\.\d+\.\d+$/, 'expected three dot-separated numbers');

export const versionActionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('banner'),
    design: z.string().min(1),
    title: z.string(),
    text: z.string(),
    link: z.string().optional(),
    /** Seconds the banner stays up; absent = until dismissed. */
    timer: z.number().int().positive().optional(),
  }),
  z.object({
    type: z.literal('service'),
    /** One of the spec's service events (update, msg, popup, reload, ...). */
    event: z.string().min(1),
    data: z.record(z.string(), z.unknown()).default({}),
  }),
]);

export const versionInfoSchema = z.object({
  version: z.object({ web: versionString, android: versionString, ios: versionString }),
  social: z.record(z.string(), z.unknown()),
  conf: z.record(z.string(), z.unknown()),
  action: z.array(versionActionSchema),
});

export type VersionAction = z.infer<typeof versionActionSchema>;
export type VersionInfo = z.infer<typeof versionInfoSchema>;

/** The answer when nothing is configured: every platform on the client version 2025.4.0. */
export function defaultVersionInfo(): VersionInfo {
  return {
    version: { web: CLIENT_VERSION, android: CLIENT_VERSION, ios: CLIENT_VERSION },
    social: {},
    conf: { api: API_VERSION, encryption: ENCRYPTION_VERSION },
    action: [],
  };
}

export type VersionInfoOverrides = Partial<Omit<VersionInfo, 'version'>> & {
  version?: Partial<VersionInfo['version']>;
};

/** Overrides on top of the defaults, validated once at start (a bad version fails early). */
export function resolveVersionInfo(overrides: VersionInfoOverrides = {}): VersionInfo {
  const base = defaultVersionInfo();
  return versionInfoSchema.parse({
    ...base,
    ...overrides,
    version: { ...base.version, ...(overrides.version ?? {}) },
  });
}

const META_NAME = 'planwerk-version';

/** The page meta tag clients read before the first call (spec section 7: base64 JSON). */
export function versionMetaTag(info: VersionInfo = defaultVersionInfo()): string {
  const content = toBase64(JSON.stringify(info));
  // base64 has no characters that need escaping inside a double-quoted attribute.
  return `<meta name="${META_NAME}" content="${content}">`;
}

/** Reads the tag back (the gateway's tests and any client without a DOM use this). */
export function decodeVersionMetaTag(html: string): VersionInfo | null {
  const match = new RegExp(`<meta name="${META_NAME}" content="([A-Za-z0-9+/=]*)">`).exec(html);
  if (!match) return null;
  try {
    const parsed = versionInfoSchema.safeParse(JSON.parse(fromBase64(match[1])));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// UTF-8 aware base64 with the globals that browsers and Node share (no Buffer).
function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(encoded: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0)));
}
