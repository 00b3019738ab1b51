import { createHash, randomUUID } from 'node:crypto';

// Fixed namespace of Planwerk's name-based ids (RFC 9562, UUID version 5).
const PLANWERK_NAMESPACE = 'b7c2f0f4-5d0e-4c47-9a53-2a0f3c1e9d61';

function uuidBytes(uuid: string): Buffer {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex');
}

function formatUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** UUID v5: SHA-1 of namespace and name, with the version and variant bits set. */
export function uuidV5(name: string, namespace: string = PLANWERK_NAMESPACE): string {
  const hash = createHash('sha1').update(uuidBytes(namespace)).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  return formatUuid(bytes);
}

/**
 * Where a command gets its ids (command id, new object ids, event ids). Under an
 * Idempotency-Key they are derived from the key, so a retry after a crash between append
 * and storing the answer produces the same event ids and the store appends nothing twice.
 */
export interface IdSource {
  readonly deterministic: boolean;
  next(label: string): string;
}

export function deterministicIds(seed: string): IdSource {
  return { deterministic: true, next: (label) => uuidV5(`${seed}\n${label}`) };
}

export function randomIds(): IdSource {
  return { deterministic: false, next: () => randomUUID() };
}
