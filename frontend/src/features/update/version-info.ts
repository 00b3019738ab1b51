import type { PlatformVersions } from '@planwerk/events/constants';

// GET /v5/update/version body and the page meta tag (spec sections 3 and 7).
export interface VersionInfo {
  version: PlatformVersions;
  social: unknown;
  conf: unknown;
  action: unknown[];
}

export const VERSION_META_NAME = 'planwerk-version';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseVersionInfo(value: unknown): VersionInfo | null {
  if (!isRecord(value) || !isRecord(value.version)) return null;
  const { web, android, ios } = value.version;
  if (typeof web !== 'string' || typeof android !== 'string' || typeof ios !== 'string') return null;
  return {
    version: { web, android, ios },
    social: value.social ?? null,
    conf: value.conf ?? null,
    action: Array.isArray(value.action) ? value.action : [],
  };
}

// base64 of UTF-8 JSON; atob alone would garble non-ASCII text.
export function decodeVersionMeta(content: string): VersionInfo | null {
  try {
    const bytes = Uint8Array.from(atob(content.trim()), (char) => char.charCodeAt(0));
    return parseVersionInfo(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return null;
  }
}

// The server injects the meta tag into index.html, so the version is known before any call.
export function readVersionMeta(doc: Document = document): VersionInfo | null {
  const content = doc.querySelector(`meta[name="${VERSION_META_NAME}"]`)?.getAttribute('content');
  return content ? decodeVersionMeta(content) : null;
}
