import { describe, expect, it } from 'vitest';
import { searcherOf } from '../../src/server/services/search/hot.ts';

describe('who counts as one searcher of a hot word', () => {
  it('is the network: an IPv4 address, or an IPv6 /64 however it is written', () => {
    expect(searcherOf('10.1.2.3')).toBe('ip10.1.2.3');
    expect(searcherOf('::ffff:10.1.2.3', 7)).toBe('ip10.1.2.3');
    const net = searcherOf('2001:db8:0:12::1');
    expect(net).toBe('ip2001:db8:0:12::/64');
    expect(searcherOf('2001:0db8:0000:0012:abcd:1:2:3')).toBe(net);
  });

  it('is the account only where no address is known, and nobody otherwise', () => {
    expect(searcherOf('10.1.2.3', 7)).toBe('ip10.1.2.3');
    expect(searcherOf('unknown', 7)).toBe('u7');
    expect(searcherOf('unknown')).toBeNull();
  });
});
