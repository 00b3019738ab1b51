import { devModeOf, readConfig } from './config';

// Issue 12: embedded mode bound 0.0.0.0 and turned the dev mailbox (reset links inside) on
// whenever SMTP_URL was unset — for every machine that could reach the port.
describe('embedded configuration', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(readConfig({}).HOST).toBe('127.0.0.1');
    expect(readConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('turns developer tools on by default only without SMTP and on a loopback HOST', () => {
    expect(devModeOf(readConfig({}))).toBe(true);
    expect(devModeOf(readConfig({ HOST: 'localhost' }))).toBe(true);
    expect(devModeOf(readConfig({ HOST: '::1' }))).toBe(true);
    expect(devModeOf(readConfig({ HOST: '0.0.0.0' }))).toBe(false);
    expect(devModeOf(readConfig({ HOST: '192.168.1.20' }))).toBe(false);
    expect(devModeOf(readConfig({ SMTP_URL: 'smtp://mail.example.org:587' }))).toBe(false);
    expect(devModeOf(readConfig({ HOST: '0.0.0.0', PLANWERK_DEV_MODE: 'true' }))).toBe(true);
    expect(devModeOf(readConfig({ PLANWERK_DEV_MODE: 'false' }))).toBe(false);
  });

  it('refuses a TRUSTED_PROXIES entry that is not an address or CIDR range', () => {
    expect(() => readConfig({ TRUSTED_PROXIES: '10.0.0.0/8, proxy.example.org' })).toThrow('TRUSTED_PROXIES');
    expect(readConfig({ TRUSTED_PROXIES: '10.0.0.0/8, ::1' }).TRUSTED_PROXIES).toBe('10.0.0.0/8, ::1');
  });
});
