import { iosFlagsFor } from './client-platform.endpoints';
import { deriveWrapperKey, exportPublicKey, fromBase64Url, generateCryptoKeyPair, importPublicKey, open, seal, toBase64Url, wrapCryptoRequest } from './crypto-wrapper';
import { defaultVersionInfo } from './version-info.schema';

describe('iosFlagsFor', () => {
  it('keeps setup and ads off and the app on its own build when it is the published one', () => {
    expect(iosFlagsFor('2025.4.0', defaultVersionInfo())).toEqual({ ios: true, setup: false, web: false, ads: false });
  });

  it('sends an older or newer build to the web version and follows the configuration for setup and ads', () => {
    const info = { ...defaultVersionInfo(), conf: { iosSetup: true, iosAds: true } };
    expect(iosFlagsFor('2024.9.9', info)).toEqual({ ios: true, setup: true, web: true, ads: true });
    expect(iosFlagsFor('2026.1.0', defaultVersionInfo()).web).toBe(true);
  });
});

describe('crypto wrapper 1.0', () => {
  it('round-trips base64url', () => {
    const bytes = Uint8Array.from([0, 250, 251, 255, 62, 63]);
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    expect(fromBase64Url('no+base64/')).toBeNull();
  });

  it('lets the server open what the client sealed, and the client open the answer', async () => {
    const server = await generateCryptoKeyPair();
    const { wrapper, key } = await wrapCryptoRequest(await exportPublicKey(server.publicKey), { method: 'POST', path: '/v5/feedback/vote', body: { vote: 1 } });
    expect(wrapper.version).toBe('1.0');
    const client = await importPublicKey(wrapper.key);
    const serverKey = await deriveWrapperKey(server.privateKey, client!, wrapper.key);
    expect(await open(serverKey, wrapper)).toEqual({ method: 'POST', path: '/v5/feedback/vote', body: { vote: 1 } });
    expect(await open(key, await seal(serverKey, { status: 200 }))).toEqual({ status: 200 });
  });

  it('opens nothing under another key or with a changed byte', async () => {
    const server = await generateCryptoKeyPair();
    const other = await generateCryptoKeyPair();
    const { wrapper } = await wrapCryptoRequest(await exportPublicKey(server.publicKey), { method: 'POST', path: '/v5/x' });
    const client = await importPublicKey(wrapper.key);
    const wrong = await deriveWrapperKey(other.privateKey, client!, wrapper.key);
    expect(await open(wrong, wrapper)).toBeUndefined();
    const right = await deriveWrapperKey(server.privateKey, client!, wrapper.key);
    const bytes = fromBase64Url(wrapper.data)!;
    bytes[0] ^= 1;
    expect(await open(right, { iv: wrapper.iv, data: toBase64Url(bytes) })).toBeUndefined();
    expect(await importPublicKey('AAAA')).toBeNull();
  });
});
