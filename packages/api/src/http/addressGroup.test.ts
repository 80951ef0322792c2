import { describe, expect, it } from '@jest/globals';
import { addressGroup } from './addressGroup';

describe('addressGroup', () => {
  it('keeps an IPv4 address, and the IPv4 of a mapped IPv6 one', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client, and two /64s as two', () => {
    const a = addressGroup('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8:1:2::1')).toBe(a);
    expect(addressGroup('2001:0db8:0001:0002:ffff::')).toBe(a);
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(a);
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  });
});
