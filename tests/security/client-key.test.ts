import { describe, expect, it } from 'vitest';
import { UNKNOWN_CLIENT, clientKey } from '../../src/security/guards';

describe('clientKey', () => {
  it('keys IPv4 by the whole address', () => {
    expect(clientKey('203.0.113.7')).toBe('v4:203.0.113.7');
    expect(clientKey('203.0.113.8')).not.toBe(clientKey('203.0.113.7'));
  });

  it('keys IPv6 by its /64, however the address is written', () => {
    const key = 'v6:2001:db8:1:2';
    for (const ip of ['2001:db8:1:2::7', '2001:0DB8:0001:0002:ffff:0:0:1', '2001:db8:1:2:a:b:c:d', '2001:db8:1:2::']) {
      expect(clientKey(ip), ip).toBe(key);
    }
    expect(clientKey('2001:db8:1:3::7')).toBe('v6:2001:db8:1:3');
    expect(clientKey('::1')).toBe('v6:0:0:0:0');
    expect(clientKey('::ffff:203.0.113.7')).toBe('v6:0:0:0:0');
    expect(clientKey('fe80::1%eth0')).toBe('v6:fe80:0:0:0');
  });

  it('puts a missing or malformed address in the one shared bucket', () => {
    for (const ip of [undefined, null, '', 'unknown', '1.2.3', '2001:db8::1::2', '2001:db8:1:2:3:4:5:6:7', 'g::1']) {
      expect(clientKey(ip), String(ip)).toBe(UNKNOWN_CLIENT);
    }
  });
});
