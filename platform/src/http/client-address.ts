import { BlockList, isIP } from 'node:net';

// The real client address (issue 12): taken from a forwarding header only when the peer that
// sent it is a trusted proxy, and then the right-most address that is not itself a trusted
// proxy — every entry left of it was written by the client and proves nothing.
// `TRUSTED_PROXIES` is a comma-separated list of addresses and CIDR ranges; without it only
// loopback is trusted (the embedded gateway and a reverse proxy on the same machine).

export const DEFAULT_TRUSTED_PROXIES = ['127.0.0.0/8', '::1/128'] as const;

export interface TrustedProxies {
  /** The configured entries, as given. */
  readonly entries: readonly string[];
  isTrusted(address: string): boolean;
}

/** `::ffff:127.0.0.1` → `127.0.0.1`; brackets and zone ids dropped. */
export function normaliseAddress(address: string): string {
  let value = address.trim();
  if (value.startsWith('[') && value.includes(']')) value = value.slice(1, value.indexOf(']'));
  const zone = value.indexOf('%');
  if (zone >= 0) value = value.slice(0, zone);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  return mapped ? mapped[1]! : value;
}

function addEntry(list: BlockList, entry: string): void {
  const [address, prefix, ...rest] = entry.split('/');
  const normalised = normaliseAddress(address ?? '');
  const family = isIP(normalised);
  if (family === 0 || rest.length > 0) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) {
    list.addAddress(normalised, type);
    return;
  }
  const bits = Number(prefix);
  if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) throw new Error(`TRUSTED_PROXIES: "${entry}" has an invalid prefix length`);
  list.addSubnet(normalised, bits, type);
}

/** Parses `TRUSTED_PROXIES`; unset or empty means loopback only. Throws with the wrong entry named. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const given = (value ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const entries = given.length > 0 ? given : [...DEFAULT_TRUSTED_PROXIES];
  const list = new BlockList();
  for (const entry of entries) addEntry(list, entry);
  return {
    entries,
    isTrusted(address: string): boolean {
      const normalised = normaliseAddress(address);
      const family = isIP(normalised);
      return family !== 0 && list.check(normalised, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

export const LOOPBACK_ONLY: TrustedProxies = parseTrustedProxies(undefined);

function headerValues(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  const joined = Array.isArray(value) ? value.join(',') : value;
  return joined.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
}

/**
 * The client's address: the peer, unless the peer is a trusted proxy; then, walking the
 * forwarding chain from the right, the first address that is not a trusted proxy. A chain of
 * trusted proxies only ends at its left-most entry. A malformed entry stops the walk there:
 * the hop that wrote it is taken as the client.
 */
export function clientAddressOf(peer: string | undefined, forwardedFor: string | string[] | undefined, trusted: TrustedProxies): string {
  let client = normaliseAddress(peer ?? '');
  if (!trusted.isTrusted(client)) return client;
  const chain = headerValues(forwardedFor);
  for (let index = chain.length - 1; index >= 0; index -= 1) {
    const hop = normaliseAddress(chain[index]!);
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!trusted.isTrusted(hop)) return hop;
  }
  return client;
}

/** A forwarded header's value, believed only when the peer is a trusted proxy. */
export function trustedForwardedValue(peer: string | undefined, value: string | string[] | undefined, trusted: TrustedProxies): string | null {
  if (!trusted.isTrusted(normaliseAddress(peer ?? ''))) return null;
  const first = headerValues(value)[0];
  return first === undefined ? null : first.toLowerCase();
}

/** Fastify's `trustProxy` as a function: the same walk as `clientAddressOf`. */
export function fastifyTrustProxy(trusted: TrustedProxies): (address: string, hop: number) => boolean {
  return (address) => trusted.isTrusted(address);
}

const LOOPBACK = parseTrustedProxies(DEFAULT_TRUSTED_PROXIES.join(','));

export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && LOOPBACK.isTrusted(address);
}

/** A Host header that names this machine (localhost, 127.0.0.1, [::1], with or without a port). */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  const value = host.trim().toLowerCase();
  const name = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.replace(/:\d+$/, '');
  return name === 'localhost' || name === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}
