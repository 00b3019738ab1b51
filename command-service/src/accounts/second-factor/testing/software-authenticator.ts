import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// A passkey authenticator in software (WebAuthn Level 2, §6): a P-256 key pair, attestation
// "none" for registration and ES256 assertions, so the server verifies real signatures.

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65_536) return Buffer.from([(major << 5) | 25, length >> 8, length & 255]);
  throw new Error('CBOR item too long for this encoder');
}

/** Just enough CBOR (RFC 8949) for COSE keys and attestation objects. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value, 'utf8')]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries: Array<[Cbor, Cbor]> = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

export interface CeremonyOptions {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
  /** Send this signature counter instead of the next one (a cloned authenticator). */
  counter?: number;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  userHandle: Uint8Array | null = null;

  constructor(private readonly rpId: string, private readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** navigator.credentials.create() → RegistrationResponseJSON. */
  register(options: { challenge: string; userId: string }, ceremony: CeremonyOptions = {}) {
    this.userHandle = Buffer.from(options.userId, 'base64url');
    const jwk = this.publicKey.export({ format: 'jwk' });
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    const coseKey = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x ?? '', 'base64url')], [-3, Buffer.from(jwk.y ?? '', 'base64url')]]));
    const idLength = Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 255]);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, coseKey]);
    const authData = this.authData(ceremony, FLAG_ATTESTED_CREDENTIAL, this.counter, attested);
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, ceremony);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() as the flat body of PUT /v5/webauthn/login (spec section 7). */
  assert(challengeId: string, challenge: string, ceremony: CeremonyOptions = {}) {
    if (!this.userHandle) throw new Error('register first');
    this.counter += 1;
    const authData = this.authData(ceremony, 0, ceremony.counter ?? this.counter);
    const clientDataJSON = this.clientData('webauthn.get', challenge, ceremony);
    // ES256 over authenticatorData ‖ SHA-256(clientDataJSON), DER-encoded as WebAuthn sends it.
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      rawId: this.id,
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: b64url(this.userHandle),
      id: challengeId,
    };
  }

  private authData(ceremony: CeremonyOptions, extraFlags: number, counter: number, attested = Buffer.alloc(0)): Buffer {
    const flags = FLAG_USER_PRESENT | (ceremony.userVerified === false ? 0 : FLAG_USER_VERIFIED) | extraFlags;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(ceremony.rpId ?? this.rpId), Buffer.from([flags]), count, attested]);
  }

  private clientData(type: string, challenge: string, ceremony: CeremonyOptions): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: ceremony.origin ?? this.origin, crossOrigin: false }), 'utf8');
  }
}
