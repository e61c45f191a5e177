// The IP a public address page shows for a worker (docs/rules.md, The API; docs/security.md): only
// its network, an IPv4 address's /24 and an IPv6 address's /48. An ALEO address is public on the
// chain, and the pages need no login: full IPs would tell anyone where every farm of an address is.
// The logged-in sub-account pages (the mining module) show the full IP to their owner.
import { isIPv4, isIPv6 } from 'node:net';

/**
 * "198.51.100.0/24" for 198.51.100.7, "2001:db8:1::/48" for 2001:db8:1:2::7 (an IPv4-mapped IPv6
 * address as its IPv4 one); null for text that is no IP (ingestion keeps only IPs).
 */
export function publicIp(ip: string): string | null {
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return publicIp(mapped);
  if (!isIPv6(ip)) return null;
  // The first three groups of eight, "::" standing for the zero groups it leaves out (a trailing
  // IPv4 part counts as two groups).
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const groups = head ? head.split(':') : [];
  if (tail !== undefined) {
    const after = tail ? tail.split(':') : [];
    const width = after.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
    groups.push(...Array<string>(8 - groups.length - width).fill('0'), ...after);
  }
  return `${groups.slice(0, 3).map((g) => parseInt(g, 16).toString(16)).join(':')}::/48`;
}
