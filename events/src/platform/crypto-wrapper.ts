import { ENCRYPTION_VERSION } from '../constants/versions.constants';

// The encrypted wrapper of spec section 7 ("Responses may be wrapped in an encrypted form
// (version 1.0)"), ADR 0014. Version 1.0: the client makes a P-256 key pair per call, agrees a
// secret with the server's published key (ECDH), derives one AES-256-GCM key with HKDF-SHA-256
// (salt = the client's public key, info = "planwerk-crypto/1.0") and encrypts the inner
// request; the server answers the inner answer under the same key with a fresh IV. Only the
// Web Crypto API (browsers and Node alike), so the console, the server and the tests share it.

export const CRYPTO_INFO = `planwerk-crypto/${ENCRYPTION_VERSION}`;
const CURVE = { name: 'ECDH', namedCurve: 'P-256' } as const;

/** The inner request a wrapper carries: one call of the command service. */
export interface CryptoInnerRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

/** The inner answer: the call's HTTP status and its `{ body, error, status }` wrapper. */
export interface CryptoInnerAnswer {
  status: number;
  answer: unknown;
}

export interface SealedPayload {
  iv: string;
  data: string;
}

// Types from the global itself: the contract compiles without the DOM library.
type Subtle = typeof globalThis.crypto.subtle;
export type WrapperKey = Awaited<ReturnType<Subtle['importKey']>>;
export interface WrapperKeyPair { publicKey: WrapperKey; privateKey: WrapperKey }

const subtle = (): Subtle => globalThis.crypto.subtle;

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Bytes of a base64url text, or null when it is none. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

export async function generateCryptoKeyPair(): Promise<WrapperKeyPair> {
  return subtle().generateKey(CURVE, true, ['deriveBits']) as Promise<WrapperKeyPair>;
}

export async function exportPublicKey(key: WrapperKey): Promise<string> {
  return toBase64Url(new Uint8Array(await subtle().exportKey('raw', key)));
}

/** A P-256 public key in raw form, or null when the bytes are no point on the curve. */
export async function importPublicKey(raw: string): Promise<WrapperKey | null> {
  const bytes = fromBase64Url(raw);
  if (!bytes || bytes.length !== 65) return null;
  try {
    return await subtle().importKey('raw', bytes, CURVE, true, []);
  } catch {
    return null;
  }
}

/** The AES key both sides derive; `clientPublicKey` is the raw base64url key of the call. */
export async function deriveWrapperKey(ownPrivate: WrapperKey, peerPublic: WrapperKey, clientPublicKey: string): Promise<WrapperKey> {
  const secret = await subtle().deriveBits({ name: 'ECDH', public: peerPublic }, ownPrivate, 256);
  const hkdf = await subtle().importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: fromBase64Url(clientPublicKey) ?? new Uint8Array(), info: new TextEncoder().encode(CRYPTO_INFO) },
    hkdf, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'],
  );
}

export async function seal(key: WrapperKey, value: unknown): Promise<SealedPayload> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const data = await subtle().encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(value)));
  return { iv: toBase64Url(iv), data: toBase64Url(new Uint8Array(data)) };
}

/** The value sealed under `key`, or undefined when the IV, the data or the tag do not fit. */
export async function open(key: WrapperKey, sealed: SealedPayload): Promise<unknown> {
  const iv = fromBase64Url(sealed.iv);
  const data = fromBase64Url(sealed.data);
  if (!iv || iv.length !== 12 || !data) return undefined;
  try {
    const plain = await subtle().decrypt({ name: 'AES-GCM', iv }, key, data);
    return JSON.parse(new TextDecoder().decode(plain));
  } catch {
    return undefined;
  }
}

/** The client's side of one call: the wrapper to send and the key to open the answer with. */
export async function wrapCryptoRequest(serverPublicKey: string, inner: CryptoInnerRequest): Promise<{ wrapper: { version: string; key: string } & SealedPayload; key: WrapperKey }> {
  const server = await importPublicKey(serverPublicKey);
  if (!server) throw new Error('The server key is no P-256 public key');
  const pair = await generateCryptoKeyPair();
  const clientKey = await exportPublicKey(pair.publicKey);
  const key = await deriveWrapperKey(pair.privateKey, server, clientKey);
  return { wrapper: { version: ENCRYPTION_VERSION, key: clientKey, ...(await seal(key, inner)) }, key };
}
