// WebAuthn in the browser: the server sends PublicKeyCredential*OptionsJSON (base64url), the
// browser needs ArrayBuffers, and the answers go back as base64url again.

export function passkeysAvailable(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && !!navigator.credentials;
}

export function toBase64Url(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(value: string): ArrayBuffer {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

type Json = Record<string, unknown>;

function asRecord(value: unknown): Json {
  return typeof value === 'object' && value !== null ? (value as Json) : {};
}

function credentialList(value: unknown): PublicKeyCredentialDescriptor[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map((entry) => {
    const item = asRecord(entry);
    return {
      type: 'public-key',
      id: fromBase64Url(String(item.id)),
      ...(Array.isArray(item.transports) ? { transports: item.transports as AuthenticatorTransport[] } : {}),
    };
  });
}

export function requestOptionsFromJson(json: Json): PublicKeyCredentialRequestOptions {
  return {
    ...(json as unknown as PublicKeyCredentialRequestOptions),
    challenge: fromBase64Url(String(json.challenge)),
    allowCredentials: credentialList(json.allowCredentials),
  };
}

export function creationOptionsFromJson(json: Json): PublicKeyCredentialCreationOptions {
  const user = asRecord(json.user);
  return {
    ...(json as unknown as PublicKeyCredentialCreationOptions),
    challenge: fromBase64Url(String(json.challenge)),
    user: { ...(user as unknown as PublicKeyCredentialUserEntity), id: fromBase64Url(String(user.id)) },
    excludeCredentials: credentialList(json.excludeCredentials),
  };
}
