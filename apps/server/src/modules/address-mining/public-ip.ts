// The IP a public address page shows for a worker (docs/rules.md, The API; docs/security.md): only
// its network, an IPv4 address's /24 and an IPv6 address's /48. An ALEO address is public on the
// chain, and the pages need no login: full IPs would tell anyone where every farm of an address is.
// A sub-account's worker pages (the mining module) show the full IP to its owner and those it chose.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * "198.51.100.0/24" for 198.51.100.7, "2001:db8:1::/48" for 2001:db8:1:2::7 (an IPv4-mapped IPv6
 * address as its IPv4 one); null for text that is no IP (ingestion keeps only IPs). Node's check
 * first: ipaddr.js alone would also read "10.5" or octal parts as IPv4.
 */
export function publicIp(ip: string): string | null {
  if (isIP(ip) === 0) return null;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return `${(address as ipaddr.IPv4).octets.slice(0, 3).join('.')}.0/24`;
  return `${(address as ipaddr.IPv6).parts.slice(0, 3).map((part) => part.toString(16)).join(':')}::/48`;
}
