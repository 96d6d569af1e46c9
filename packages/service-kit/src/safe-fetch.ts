// Fetching a URL a stranger typed, without letting it reach anything private (SSRF): http and https only, on ports
// 80, 443 or 1024 and above; the host's addresses resolved by us and refused unless every one is public unicast
// (loopback, private, link-local with the cloud metadata address, unique-local, carrier-grade NAT, multicast,
// reserved... all refused, classified by ipaddr.js); the checked address pinned for the connection through the
// request's `lookup`, so a second DNS answer (rebinding) is never asked for; redirects followed by hand (at most 5),
// each hop checked again; the body capped while it streams (decompressed bytes counted) and the whole fetch timed.
// `allowLoopback` admits loopback addresses only, for tests and the e2e configuration; it is never on by default.
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { LIMITS } from '@act/contracts';

export type SafeFetchRefusal =
  /** Not http or https (file:, gopher:, data:, ...), or not a URL at all. */
  | 'scheme'
  /** A port below 1024 other than 80 and 443. */
  | 'port'
  /** The host is, or resolves to, an address that is not public. */
  | 'blocked'
  /** The name does not resolve. */
  | 'dns'
  | 'too-large'
  | 'timeout'
  | 'too-many-redirects'
  /** The content type is not one the caller reads. */
  | 'type'
  /** The server answered with an error status. */
  | 'status'
  /** The connection failed or broke. */
  | 'network';

export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchRefusal,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SafeFetchError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name (the default asks the system resolver, like a browser would). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Admits loopback addresses (127.0.0.0/8, ::1): tests and the e2e configuration only. */
  allowLoopback?: boolean;
  resolve?: HostResolver;
  /** Whether the caller reads this content type (checked on the headers, before the body is read). */
  acceptType?: (contentType: string) => boolean;
  /** Sent as Accept. */
  accept?: string;
  userAgent?: string;
  signal?: AbortSignal;
}

export interface FetchedResource {
  /** The address after redirects. */
  url: string;
  status: number;
  /** The media type, lower case, without parameters ('' when the server sent none). */
  contentType: string;
  /** The charset parameter of the content type, when sent. */
  charset?: string;
  body: Buffer;
}

const ALLOWED_PORTS = new Set([80, 443]);
const FIRST_UNPRIVILEGED_PORT = 1024;

const defaultResolve: HostResolver = async (hostname) => {
  const addresses = await dnsLookup(hostname, { all: true, verbatim: true });
  return addresses.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

/** The range ipaddr.js puts an address in ('unicast' for a public one); IPv4-mapped IPv6 counts as its IPv4. */
export function addressRange(address: string): string {
  return ipaddr.process(address).range();
}

/**
 * IPv6 ranges that ipaddr.js calls unicast although they carry an IPv4 address a stack or a translator may route to:
 * IPv4-compatible `::a.b.c.d` (deprecated by RFC 4291, `::7f00:1` is 127.0.0.1 on a stack that still routes it) and
 * the local-use NAT64 prefix of RFC 8215. The other embedded forms are already refused by their ranges:
 * IPv4-mapped `::ffff:a.b.c.d` is judged as the IPv4 address (ipaddr.process), and IPv4-translated, the well-known
 * NAT64 prefix, 6to4 and Teredo are special-purpose ranges, not unicast.
 */
const EMBEDDED_IPV4_RANGES = ['::/96', '64:ff9b:1::/48'].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

/** Whether a connection to this address is allowed: public unicast only, plus loopback when allowed. */
export function isPublicAddress(address: string, { allowLoopback = false } = {}): boolean {
  const dialled = dialledForm(address);
  if (dialled === undefined || !ipaddr.isValid(dialled)) return false;
  const literal = ipaddr.parse(dialled);
  if (literal instanceof ipaddr.IPv6 && EMBEDDED_IPV4_RANGES.some((cidr) => literal.match(cidr)))
    return false;
  const range = addressRange(dialled);
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

/**
 * The address as the socket will dial it. IPv6 goes through WHATWG URL's canonical form (hex groups), because
 * ipaddr.js reads the IPv4-compatible `::a.b.c.d` (as glibc prints ::/96) as the IPv4-mapped `::ffff:a.b.c.d`.
 * Undefined for what no URL can hold (a zone index): never a public address.
 */
function dialledForm(address: string): string | undefined {
  if (isIP(address) !== 6) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

/** The URL if it is one we may try (scheme, port); otherwise a refusal. */
function checkUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new SafeFetchError('scheme', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('scheme', `the ${url.protocol} scheme is not fetched`);
  }
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (!ALLOWED_PORTS.has(port) && port < FIRST_UNPRIVILEGED_PORT) {
    throw new SafeFetchError('port', `port ${port} is not fetched`);
  }
  return url;
}

/** The one address the connection will use, checked; a literal address is checked as it is. */
async function pinAddress(url: URL, options: SafeFetchOptions): Promise<ResolvedAddress> {
  // WHATWG URL has already turned 2130706433, 0x7f.1 and friends into dotted quads; IPv6 comes in brackets.
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const allow = { allowLoopback: options.allowLoopback ?? false };
  const literal = isIP(host);
  if (literal !== 0) {
    if (!isPublicAddress(host, allow)) throw new SafeFetchError('blocked', `${host} is not a public address`);
    return { address: host, family: literal === 6 ? 6 : 4 };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await (options.resolve ?? defaultResolve)(host);
  } catch (error) {
    throw new SafeFetchError('dns', `${host} does not resolve`, { cause: error });
  }
  if (addresses.length === 0) throw new SafeFetchError('dns', `${host} does not resolve`);
  // Every address must be public: a name with one private answer among public ones is refused whole.
  const blocked = addresses.find((entry) => !isPublicAddress(entry.address, allow));
  if (blocked)
    throw new SafeFetchError('blocked', `${host} resolves to ${blocked.address}, which is not public`);
  return addresses[0]!;
}

/** A lookup that answers with the checked address only (the connection cannot go anywhere else). */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
}

function request(url: URL, pinned: ResolvedAddress, options: SafeFetchOptions, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        // Credentials in the URL are never sent; no connection reuse (each hop is pinned on its own).
        auth: undefined,
        agent: false,
        lookup: pinnedLookup(pinned),
        signal,
        headers: {
          accept:
            options.accept ??
            'text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.1',
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': options.userAgent ?? 'Mozilla/5.0 (compatible; AICreativeToolbox/1.0; +page reader)',
        },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

function decoded(response: IncomingMessage): NodeJS.ReadableStream {
  const encoding = (response.headers['content-encoding'] ?? '').toString().trim().toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return response.pipe(createGunzip());
  if (encoding === 'deflate') return response.pipe(createInflate());
  if (encoding === 'br') return response.pipe(createBrotliDecompress());
  return response;
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new SafeFetchError('too-large', `the body is ${declared} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = decoded(response);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        throw new SafeFetchError('too-large', `the body passed ${maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    throw new SafeFetchError('network', 'the body could not be read', { cause: error });
  }
  return Buffer.concat(chunks);
}

function contentTypeOf(response: IncomingMessage): { contentType: string; charset?: string } {
  const header = (response.headers['content-type'] ?? '').toString();
  const [type = '', ...params] = header.split(';');
  const charset = params
    .map((param) => param.trim().split('='))
    .find(([name]) => name?.toLowerCase() === 'charset')?.[1]
    ?.replace(/"/g, '')
    .trim();
  return { contentType: type.trim().toLowerCase(), ...(charset ? { charset } : {}) };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GETs `target` under the rules above and returns the final body. Throws a SafeFetchError whose `reason` says why
 * a URL was refused or could not be read; a refused address is never connected to.
 */
export async function safeFetch(target: string, options: SafeFetchOptions = {}): Promise<FetchedResource> {
  const maxBytes = options.maxBytes ?? LIMITS.webPageBytes;
  const maxRedirects = options.maxRedirects ?? LIMITS.webPageRedirects;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? LIMITS.webPageTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const timedOut = () => new SafeFetchError('timeout', 'the page took too long');

  let url = checkUrl(target);
  for (let hop = 0; ; hop += 1) {
    if (signal.aborted) throw timedOut();
    const pinned = await pinAddress(url, options);
    if (signal.aborted) throw timedOut();
    let response: IncomingMessage;
    try {
      response = await request(url, pinned, options, signal);
    } catch (error) {
      if (timeout.aborted) throw timedOut();
      throw new SafeFetchError('network', `could not connect to ${url.host}`, { cause: error });
    }
    const status = response.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      response.resume();
      const location = response.headers.location;
      if (!location) throw new SafeFetchError('status', `a ${status} without a Location`);
      if (hop >= maxRedirects)
        throw new SafeFetchError('too-many-redirects', `more than ${maxRedirects} redirects`);
      // Checked again, scheme, port and address alike, before the next connection.
      url = checkUrl(location, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new SafeFetchError('status', `the server answered ${status}`);
    }
    const { contentType, charset } = contentTypeOf(response);
    if (options.acceptType && !options.acceptType(contentType)) {
      response.destroy();
      throw new SafeFetchError('type', `${contentType || 'no content type'} is not read`);
    }
    try {
      const body = await readCapped(response, maxBytes);
      return { url: url.href, status, contentType, ...(charset ? { charset } : {}), body };
    } catch (error) {
      if (timeout.aborted) throw timedOut();
      throw error;
    }
  }
}
