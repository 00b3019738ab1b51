import { clientAddressOf, isLoopbackHost, parseTrustedProxies, trustedForwardedValue } from './client-address';
import { securityHeaders } from './security-headers';

describe('real client address (trusted proxies)', () => {
  const loopback = parseTrustedProxies(undefined);
  const lan = parseTrustedProxies('127.0.0.1, ::1, 10.0.0.0/8');

  it('ignores forwarding headers from a peer that is not a trusted proxy', () => {
    expect(clientAddressOf('198.51.100.4', '127.0.0.1', loopback)).toBe('198.51.100.4');
    expect(clientAddressOf('::ffff:198.51.100.4', ['10.0.0.1'], lan)).toBe('198.51.100.4');
  });

  it('takes the right-most untrusted entry, never the client-written first one', () => {
    expect(clientAddressOf('127.0.0.1', '203.0.113.9, 198.51.100.7', loopback)).toBe('198.51.100.7');
    expect(clientAddressOf('10.1.2.3', '203.0.113.9, 198.51.100.7, 10.0.0.5', lan)).toBe('198.51.100.7');
    expect(clientAddressOf('10.1.2.3', ['203.0.113.9', '198.51.100.7, 10.0.0.5'], lan)).toBe('198.51.100.7');
  });

  it('ends a chain of trusted proxies at its left-most entry, and stops at a malformed entry', () => {
    expect(clientAddressOf('127.0.0.1', undefined, loopback)).toBe('127.0.0.1');
    expect(clientAddressOf('::1', '127.0.0.5', loopback)).toBe('127.0.0.5');
    expect(clientAddressOf('127.0.0.1', 'not-an-ip, 198.51.100.7', loopback)).toBe('198.51.100.7');
    expect(clientAddressOf('127.0.0.1', '198.51.100.7, 127.0.0.2, bogus', loopback)).toBe('127.0.0.1');
  });

  it('refuses a wrong TRUSTED_PROXIES entry by name', () => {
    expect(() => parseTrustedProxies('10.0.0.0/8, example.org')).toThrow('"example.org"');
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow('prefix');
    expect(parseTrustedProxies(' ').entries).toEqual(['127.0.0.0/8', '::1/128']);
  });

  it('believes X-Forwarded-Proto only from a trusted peer', () => {
    expect(trustedForwardedValue('127.0.0.1', 'HTTPS', loopback)).toBe('https');
    expect(trustedForwardedValue('198.51.100.4', 'https', loopback)).toBeNull();
  });

  it('knows loopback host names (DNS rebinding guard)', () => {
    for (const host of ['localhost', 'localhost:8080', '127.0.0.1', '127.0.0.1:80', '[::1]', '[::1]:8080']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of [undefined, '', 'evil.example', 'localhost.evil.example', '127.0.0.1.nip.io', '[::2]:80', 'a.localhost']) expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('security headers', () => {
  it('denies framing everywhere except the embed routes, and adds HSTS only over TLS', () => {
    const page = securityHeaders({ path: '/team/x', tls: false });
    expect(page).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' });
    expect(page['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page['content-security-policy']).toContain("script-src 'self'");
    expect(page['strict-transport-security']).toBeUndefined();
    const embed = securityHeaders({ path: '/embed/form/abc', tls: true });
    expect(embed['x-frame-options']).toBeUndefined();
    expect(embed['content-security-policy']).not.toContain('frame-ancestors');
    expect(embed['strict-transport-security']).toBe('max-age=31536000');
    expect(securityHeaders({ path: '/v5/team/x', tls: false })['content-security-policy']).toMatch(/^default-src 'none'/);
  });
});
