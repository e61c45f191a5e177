// Per-IP connection counts and temporary bans. Both maps are bounded: counts vanish at zero, bans
// expire (swept) and the ban list has a ceiling (the oldest ban goes first).
import ipaddr from 'ipaddr.js';

/**
 * What limits and bans count by: an IPv4 address, or an IPv6 address's /64 (one subscriber's
 * network: a single host there can take a new address per connection, and would pass both).
 */
export function ipGroup(ip: string): string {
  if (!ipaddr.IPv6.isValid(ip) || ipaddr.IPv4.isValid(ip)) return ip;
  const v6 = ipaddr.IPv6.parse(ip);
  // An IPv4 client written in IPv6 form (a PROXY header may spell it so) is that IPv4 address.
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${ip}/64`).toString()}/64`;
}

export class IpGuard {
  private readonly counts = new Map<string, number>();
  private readonly bans = new Map<string, number>();

  constructor(
    private readonly maxPerIp: number,
    private readonly maxBans = 100_000,
  ) {}

  banned(address: string, now: number): boolean {
    const ip = ipGroup(address);
    const until = this.bans.get(ip);
    if (until === undefined) return false;
    if (until > now) return true;
    this.bans.delete(ip);
    return false;
  }

  ban(address: string, seconds: number, now: number): void {
    if (seconds <= 0) return;
    const ip = ipGroup(address);
    this.bans.delete(ip);
    this.bans.set(ip, now + seconds * 1000);
    if (this.bans.size > this.maxBans) this.bans.delete(this.bans.keys().next().value as string);
  }

  /** Takes a connection slot for ip; false when the IP already holds its maximum. */
  acquire(address: string): boolean {
    const ip = ipGroup(address);
    const n = this.counts.get(ip) ?? 0;
    if (n >= this.maxPerIp) return false;
    this.counts.set(ip, n + 1);
    return true;
  }

  release(address: string): void {
    const ip = ipGroup(address);
    const n = (this.counts.get(ip) ?? 1) - 1;
    if (n <= 0) this.counts.delete(ip);
    else this.counts.set(ip, n);
  }

  sweep(now: number): void {
    for (const [ip, until] of this.bans) if (until <= now) this.bans.delete(ip);
  }

  connections(address: string): number {
    return this.counts.get(ipGroup(address)) ?? 0;
  }
}

/** Invalid shares of one connection in a sliding window: at most `threshold` timestamps are kept. */
export class InvalidShareWindow {
  private readonly times: number[] = [];

  constructor(
    private readonly windowMs: number,
    private readonly threshold: number,
  ) {}

  /** Records one invalid share; true when the window now holds `threshold` of them. */
  record(now: number): boolean {
    while (this.times.length && this.times[0]! <= now - this.windowMs) this.times.shift();
    this.times.push(now);
    if (this.times.length > this.threshold) this.times.shift();
    return this.times.length >= this.threshold;
  }
}
