// Limits and bans count an IPv6 subscriber's /64 as one address: a host there can take a new
// address per connection.
import { describe, expect, it } from 'vitest';
import { InvalidSharesByIp, ipGroup, IpGuard } from './ip-guard.js';

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

describe('InvalidSharesByIp', () => {
  it('hands each closed connection’s count to one new connection, newest first, and forgets counts past the window', () => {
    const past = new InvalidSharesByIp(60_000);
    past.keep('203.0.113.9', [1000, 2000], 3000);
    past.keep('203.0.113.9', [2500], 3000);
    expect(past.take('203.0.113.9', 3000)).toEqual([2500]);
    expect(past.take('203.0.113.9', 3000)).toEqual([1000, 2000]);
    expect(past.take('203.0.113.9', 3000)).toEqual([]);
    past.keep('2001:db8::1', [1000], 3000);
    // The same /64, as limits and bans count it.
    expect(past.take('2001:db8::2', 3000)).toEqual([1000]);
    past.keep('198.51.100.1', [1000], 3000);
    past.sweep(61_001);
    expect(past.size()).toBe(0);
  });

  it('holds at most its budget of timestamps however many addresses send invalid shares', () => {
    const past = new InvalidSharesByIp(60_000, 256, 1000);
    for (let i = 0; i < 5000; i++) past.keep(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, Array.from({ length: 10 }, (_, k) => 1000 + k), 2000);
    expect(past.size()).toBeLessThanOrEqual(1000);
    // The newest addresses are kept, the first ones went.
    expect(past.take('10.0.19.135', 2000)).toHaveLength(10);
    expect(past.take('10.0.0.0', 2000)).toEqual([]);
    for (let i = 0; i < 300; i++) past.keep('192.0.2.1', [1500], 2000);
    expect(past.size()).toBeLessThanOrEqual(1000);
  });
});
