import { describe, expect, it } from 'vitest';
import { addressBucket } from './address.ts';

describe('addressBucket', () => {
  it('IPv4 as it is; IPv4-mapped IPv6 unwrapped; IPv6 cut to its /64 whatever its spelling', () => {
    expect(addressBucket('198.51.100.7')).toBe('198.51.100.7');
    expect(addressBucket('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressBucket('::FFFF:198.51.100.7')).toBe('198.51.100.7');
    const a = addressBucket('2001:db8:1:2::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0DB8:0001:0002:ffff:0:0:9')).toBe(a);
    expect(addressBucket('2001:db8:1:2:aaaa:bbbb:cccc:dddd%eth0')).toBe(a);
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(a);
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('unknown')).toBe('unknown');
  });
});
