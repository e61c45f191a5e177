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

/**
 * An IP address, or a network in CIDR form (`10.0.0.0/24`, `2001:db8::/64`), written plainly: IPv4
 * in four decimal parts (ipaddr.js also reads `010.0.0.5` as octal, 8.0.0.5, and `10.5` or `1`),
 * and IPv4 as IPv4, not mapped into IPv6 (a peer's mapped address is compared as IPv4).
 */
export function isAddressOrNetwork(text: string): boolean {
  const [address = '', bits, extra] = text.split('/');
  if (extra !== undefined || (bits !== undefined && !ipaddr.isValidCIDR(text))) return false;
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return true;
  return ipaddr.IPv6.isValid(address) && !ipaddr.IPv4.isValid(address) && !ipaddr.IPv6.parse(address).isIPv4MappedAddress();
}

/** Whether an address is one of `list` (isAddressOrNetwork entries); IPv4-mapped IPv6 counts as IPv4. */
export function addressMatcher(list: readonly string[]): (address: string) => boolean {
  const networks = list.map((entry) => (ipaddr.isValidCIDR(entry) ? ipaddr.parseCIDR(entry) : ([ipaddr.parse(entry), ipaddr.parse(entry).kind() === 'ipv4' ? 32 : 128] as [ipaddr.IPv4 | ipaddr.IPv6, number])));
  return (address) => {
    if (!ipaddr.isValid(address)) return false;
    const ip = ipaddr.process(address);
    return networks.some(([net, bits]) => net.kind() === ip.kind() && ip.match([net, bits] as never));
  };
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
    this.expire(now);
    this.times.push(now);
    if (this.times.length > this.threshold) this.times.shift();
    return this.times.length >= this.threshold;
  }

  /** Starts from the invalid shares of the IP's closed connections (InvalidSharesByIp). */
  seed(times: readonly number[]): void {
    this.times.unshift(...times);
    this.times.sort((a, b) => a - b);
    this.times.splice(0, Math.max(0, this.times.length - this.threshold));
  }

  /** The invalid shares still in the window, oldest first. */
  recent(now: number): readonly number[] {
    this.expire(now);
    return this.times;
  }

  private expire(now: number): void {
    while (this.times.length && this.times[0]! <= now - this.windowMs) this.times.shift();
  }
}

/**
 * The invalid shares of closed connections by IP group, each connection's apart, handed to the IP's
 * next connections one each: a count does not start afresh with a new connection, or a peer could
 * send threshold - 1 invalid shares (each a hash to check, or a name for the pool to look up) per
 * connection, reconnecting without end. Kept apart, not added up, so that the rigs of a farm behind
 * one address, each with a few refusals, do not get the address banned together. Bounded: an entry
 * goes when its window has passed or a connection takes it, at most `maxPerIp` per address (the
 * oldest first), and at most `maxTimes` timestamps in all (about 8 bytes each; the address stored
 * longest ago goes first). Per process: in a process group, each process counts its own.
 */
export class InvalidSharesByIp {
  private readonly byIp = new Map<string, number[][]>();
  /** Timestamps held over all addresses. */
  private stored = 0;

  constructor(
    private readonly windowMs: number,
    private readonly maxPerIp = 256,
    private readonly maxTimes = 1_000_000,
  ) {}

  keep(address: string, times: readonly number[], now: number): void {
    const recent = times.filter((t) => t > now - this.windowMs);
    if (!recent.length) return;
    const ip = ipGroup(address);
    const entries = this.byIp.get(ip) ?? [];
    entries.push(recent);
    this.stored += recent.length;
    if (entries.length > this.maxPerIp) this.stored -= entries.shift()!.length;
    // Last in the map's order: the eviction below takes the address stored longest ago.
    this.byIp.delete(ip);
    this.byIp.set(ip, entries);
    while (this.stored > this.maxTimes) this.drop(this.byIp.keys().next().value as string);
  }

  /** The newest closed connection's invalid shares still in the window (a reconnecting peer gets its own back). */
  take(address: string, now: number): number[] {
    const ip = ipGroup(address);
    const entries = this.byIp.get(ip);
    const times = entries?.pop() ?? [];
    this.stored -= times.length;
    if (entries && !entries.length) this.byIp.delete(ip);
    return times.filter((t) => t > now - this.windowMs);
  }

  sweep(now: number): void {
    for (const [ip, entries] of this.byIp) {
      const live = entries.filter((times) => times.at(-1)! > now - this.windowMs);
      if (live.length === entries.length) continue;
      for (const times of entries) if (!live.includes(times)) this.stored -= times.length;
      if (live.length) this.byIp.set(ip, live);
      else this.byIp.delete(ip);
    }
  }

  /** Timestamps held in all (for the bound's test). */
  size(): number {
    return this.stored;
  }

  private drop(ip: string): void {
    for (const times of this.byIp.get(ip) ?? []) this.stored -= times.length;
    this.byIp.delete(ip);
  }
}
