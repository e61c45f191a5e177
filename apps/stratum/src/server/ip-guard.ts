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

/** An IP address, or a network in CIDR form (`10.0.0.0/24`, `2001:db8::/64`). */
export function isAddressOrNetwork(text: string): boolean {
  return ipaddr.isValid(text) || ipaddr.isValidCIDR(text);
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
 * The invalid shares of closed connections by IP group, handed to the IP's next connection: a
 * count does not start afresh with each connection, or a peer could send threshold - 1 invalid
 * shares (each a hash to check) per connection, reconnecting without end. Bounded: an entry goes
 * when its window has passed or the next connection takes it, and at most `maxIps` are kept (the
 * oldest first). Per process: in a process group, a peer spread over N processes gets N counts.
 */
export class InvalidSharesByIp {
  private readonly byIp = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly threshold: number,
    private readonly maxIps = 100_000,
  ) {}

  keep(address: string, times: readonly number[], now: number): void {
    const ip = ipGroup(address);
    const merged = [...(this.byIp.get(ip) ?? []), ...times].filter((t) => t > now - this.windowMs).sort((a, b) => a - b).slice(-this.threshold);
    this.byIp.delete(ip);
    if (!merged.length) return;
    this.byIp.set(ip, merged);
    if (this.byIp.size > this.maxIps) this.byIp.delete(this.byIp.keys().next().value as string);
  }

  take(address: string, now: number): number[] {
    const ip = ipGroup(address);
    const times = this.byIp.get(ip) ?? [];
    this.byIp.delete(ip);
    return times.filter((t) => t > now - this.windowMs);
  }

  sweep(now: number): void {
    for (const [ip, times] of this.byIp) if (times.at(-1)! <= now - this.windowMs) this.byIp.delete(ip);
  }
}
