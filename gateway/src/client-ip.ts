// Which address is the client? The socket's peer, unless that peer is a proxy we trust, in which case we walk
// X-Forwarded-For from the right past trusted hops. A client can never choose its own IP (guest limits depend on it).
import { BlockList, isIP } from 'node:net';

export interface TrustedProxies {
  has(address: string): boolean;
}

export function parseTrustedProxies(list: string[]): TrustedProxies {
  // No proxies configured (the usual local set-up): nothing to check, and BlockList.check is not free per request.
  if (list.length === 0) return { has: () => false };
  const blocks = new BlockList();
  for (const entry of list) {
    const [address, bits] = entry.split('/');
    if (!address) continue;
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) blocks.addAddress(address, family);
    else blocks.addSubnet(address, Number(bits), family);
  }
  return {
    has(address) {
      const normalized = normalizeAddress(address);
      const family = isIP(normalized);
      if (family === 0) return false;
      return blocks.check(normalized, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

/** IPv4 clients on a dual-stack socket show up as ::ffff:1.2.3.4; guests are counted by the plain IPv4 form. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

export function resolveClientIp(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): string | undefined {
  if (!socketAddress) return undefined;
  const peer = normalizeAddress(socketAddress);
  if (!trusted.has(peer) || !forwardedFor) return peer;
  const hops = forwardedFor
    .split(',')
    .map((hop) => normalizeAddress(hop))
    .filter((hop) => hop !== '');
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index]!;
    if (isIP(hop) === 0) return peer; // garbage in the header: fall back to what we can prove
    if (!trusted.has(hop)) return hop;
  }
  return hops[0] ?? peer;
}
