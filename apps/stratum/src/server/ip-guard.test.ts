// Limits and bans count an IPv6 subscriber's /64 as one address: a host there can take a new
// address per connection.
import { describe, expect, it } from 'vitest';
import { ipGroup, IpGuard } from './ip-guard.js';

describe('ip groups', () => {
  it('keeps IPv4 addresses and takes the /64 of IPv6 ones', () => {
    expect(ipGroup('203.0.113.9')).toBe('203.0.113.9');
    expect(ipGroup('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(ipGroup('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(ipGroup('2001:db8:1:3::9')).toBe('2001:db8:1:3::/64');
    expect(ipGroup('not an address')).toBe('not an address');
    expect(ipGroup('::FFFF:1.2.3.4')).toBe('1.2.3.4');
    expect(ipGroup('::ffff:102:304')).toBe('1.2.3.4');
  });

  it('counts connections and bans by group', () => {
    const guard = new IpGuard(2);
    expect(guard.acquire('2001:db8:1:2::1')).toBe(true);
    expect(guard.acquire('2001:db8:1:2::2')).toBe(true);
    expect(guard.acquire('2001:db8:1:2:ffff::3')).toBe(false);
    expect(guard.acquire('2001:db8:1:3::1')).toBe(true);
    guard.release('2001:db8:1:2::1');
    expect(guard.connections('2001:db8:1:2::7')).toBe(1);
    guard.ban('2001:db8:1:2::2', 60, 0);
    expect(guard.banned('2001:db8:1:2::abcd', 1000)).toBe(true);
    expect(guard.banned('2001:db8:1:3::1', 1000)).toBe(false);
    expect(guard.banned('2001:db8:1:2::abcd', 61_000)).toBe(false);
    guard.ban('203.0.113.9', 60, 0);
    expect(guard.banned('203.0.113.10', 1000)).toBe(false);
  });
});
