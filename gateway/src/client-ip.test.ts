import { describe, expect, it } from 'vitest';
import { parseTrustedProxies, resolveClientIp } from './client-ip';

const trusted = parseTrustedProxies(['10.0.0.0/8', '192.168.1.5', 'fd00::/8']);

describe('resolveClientIp', () => {
  it('uses the socket peer and ignores X-Forwarded-For from an untrusted peer', () => {
    expect(resolveClientIp('203.0.113.9', '1.2.3.4', trusted)).toBe('203.0.113.9');
  });

  it('unwraps IPv4-mapped IPv6 peers', () => {
    expect(resolveClientIp('::ffff:203.0.113.9', undefined, trusted)).toBe('203.0.113.9');
  });

  it('takes the right-most untrusted hop behind trusted proxies', () => {
    // The client forged "6.6.6.6"; the proxy appended the address it really saw.
    expect(resolveClientIp('10.1.2.3', '6.6.6.6, 198.51.100.7, 192.168.1.5', trusted)).toBe('198.51.100.7');
  });

  it('falls back to the peer when the forwarded header is garbage', () => {
    expect(resolveClientIp('10.1.2.3', 'not-an-ip', trusted)).toBe('10.1.2.3');
  });

  it('accepts IPv6 subnets', () => {
    expect(resolveClientIp('fd12::1', '2001:db8::5', trusted)).toBe('2001:db8::5');
  });
});
