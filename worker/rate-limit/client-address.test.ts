import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.ts';

describe('who a visitor is counted as', () => {
  it('is their IPv4 address', () => {
    expect(clientAddressKey('198.51.100.7')).toBe('address:198.51.100.7');
    expect(clientAddressKey(' 198.51.100.7 ')).toBe('address:198.51.100.7');
  });

  it('is their IPv6 /64, however the address is written', () => {
    const network = 'network:2001:0db8:0077:0001::/64';
    for (const address of [
      '2001:db8:77:1::1',
      '2001:DB8:77:1:FFFF:0:0:1',
      '2001:0db8:0077:0001:0000:0000:0000:0042',
      '2001:db8:77:1::',
      '2001:db8:77:1::9%eth0',
    ])
      expect(clientAddressKey(address)).toBe(network);
    expect(clientAddressKey('2001:db8:77:2::1')).not.toBe(network);
    expect(clientAddressKey('2001:db8::1')).toBe('network:2001:0db8:0000:0000::/64');
    expect(clientAddressKey('::ffff:192.0.2.1')).toBe('network:0000:0000:0000:0000::/64');
  });

  it('puts every missing or unreadable address in one shared counter, never a fresh one each', () => {
    expect(clientAddressKey(undefined)).toBe('address:none');
    expect(clientAddressKey('')).toBe('address:none');
    for (const hostile of [
      'not an address',
      '1.2.3',
      '1::2::3',
      '2001:db8:77:1:2:3:4:5:6',
      'zzzz::1',
      '::1:2:3:4:5:6:7:8',
      ':::',
    ])
      expect(clientAddressKey(hostile)).toBe('address:unreadable');
  });
});
