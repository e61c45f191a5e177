// A public address page shows an IP's network only: IPv4 to its /24, IPv6 to its /48.
import { describe, expect, it } from 'vitest';
import { publicIp } from './public-ip';

describe('publicIp', () => {
  it('keeps an IPv4 address\'s /24 (an IPv4-mapped one too)', () => {
    expect(publicIp('198.51.100.7')).toBe('198.51.100.0/24');
    expect(publicIp('10.0.0.255')).toBe('10.0.0.0/24');
    expect(publicIp('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
  });

  it('keeps an IPv6 address\'s /48, whatever its spelling', () => {
    expect(publicIp('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1::/48');
    expect(publicIp('2001:0DB8:0001:0002::7')).toBe('2001:db8:1::/48');
    expect(publicIp('2001:db8::7')).toBe('2001:db8:0::/48');
    expect(publicIp('fe80::1%eth0')).toBe('fe80:0:0::/48');
    expect(publicIp('::1')).toBe('0:0:0::/48');
    expect(publicIp('::')).toBe('0:0:0::/48');
    expect(publicIp('64:ff9b::192.0.2.33')).toBe('64:ff9b:0::/48');
  });

  it('shows nothing of text that is no IP', () => {
    expect(publicIp('not an ip')).toBeNull();
    expect(publicIp('')).toBeNull();
  });
});
