import { z } from 'zod';
import { compareVersions, ENCRYPTION_VERSION, VERSION_COMPARISON } from '../constants/versions.constants';
import { defineEndpoint } from '../http/endpoint';

// The app platform calls of spec section 7: the encrypted wrapper (crypto, ADR 0014) and the
// iOS app's start-up flags (ios).

const base64Url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/, 'expected base64url');

export const getCryptoKeyEndpoint = defineEndpoint({
  operationId: 'getCryptoKey',
  method: 'GET',
  path: '/v5/crypto',
  service: 'command',
  tag: 'platform',
  summary: 'The server\u2019s public P-256 key for the encrypted wrapper and the encryption version it speaks (1.0)',
  response: z.object({ version: z.literal(ENCRYPTION_VERSION), key: z.string(), keyId: z.string() }),
});

export const cryptoBody = z.strictObject({
  // Any text: a version this server does not speak answers 9000, not a validation error.
  version: z.string().min(1).max(20),
  /** The caller's P-256 public key of this call, raw, base64url (65 bytes). */
  key: base64Url(100),
  /** The key id of GET /v5/crypto the call was sealed for; another one answers 9000. */
  keyId: z.string().min(1).max(100).optional(),
  iv: base64Url(32),
  /** AES-256-GCM ciphertext of `{ method, path, body? }`. */
  data: base64Url(350_000),
});

export const cryptoInnerRequestSchema = z.strictObject({
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  path: z.string().min(1).max(2000).startsWith('/v5/'),
  body: z.unknown().optional(),
});

export const sendCryptoEndpoint = defineEndpoint({
  operationId: 'sendCrypto',
  method: 'POST',
  path: '/v5/crypto',
  service: 'command',
  tag: 'platform',
  summary: 'Run one command call sealed in the encrypted wrapper (version 1.0); the answer is sealed under the same key. Another version answers 9000',
  body: cryptoBody,
  // The sealed answer may hold session tokens: never stored in plaintext for idempotency.
  idempotencyKey: 'ignored',
  response: z.object({ version: z.literal(ENCRYPTION_VERSION), iv: z.string(), data: z.string() }),
});

export const iosBody = z.strictObject({
  version: z.string().min(1).max(20).regex(/^\d+\.\d+\.\d+$/, 'expected three dot-separated numbers'),
});

export const iosFlagsSchema = z.object({
  /** The iOS app's rules apply: no purchase, language toggle as configured. */
  ios: z.boolean(),
  /** Team setup (plans and purchase) may open inside the app. */
  setup: z.boolean(),
  /** The app should open the web version instead (its build is older than the published one). */
  web: z.boolean(),
  /** Ads may be shown. */
  ads: z.boolean(),
});

export const sendIosEndpoint = defineEndpoint({
  operationId: 'sendIos',
  method: 'POST',
  path: '/v5/ios',
  service: 'query',
  tag: 'platform',
  summary: 'The iOS app\u2019s flags for its version: ios, setup, web and ads',
  body: iosBody,
  response: iosFlagsSchema,
});

export type IosFlags = z.infer<typeof iosFlagsSchema>;

export const clientPlatformEndpoints = [getCryptoKeyEndpoint, sendCryptoEndpoint, sendIosEndpoint] as const;

/**
 * The flags for an iOS app of `version` (pure). `web`: the published web version is not the
 * app's build (compareVersions ≠ 0), so the app loads the web version. `setup` and `ads` are
 * off unless the configuration (`conf.iosSetup`, `conf.iosAds`) turns them on: purchases and
 * ads inside an iOS app follow the store's rules, so the safe default is off.
 */
export function iosFlagsFor(version: string, info: { version: { web: string; android: string; ios: string }; conf: Record<string, unknown> }): IosFlags {
  return {
    ios: true,
    setup: info.conf.iosSetup === true,
    web: compareVersions(info.version, 'ios', version) !== VERSION_COMPARISON.current,
    ads: info.conf.iosAds === true,
  };
}
