// The SSRF-safe fetcher against real servers on 127.0.0.1 that count the connections they receive, and a resolver
// the test controls: every refused target must never see a connection.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, safeFetch, SafeFetchError, type SafeFetchOptions } from './safe-fetch';

interface CountingServer {
  server: Server;
  port: number;
  connections: number;
  hits: string[];
}

async function countingServer(
  handler: Parameters<typeof createServer>[1],
  host = '127.0.0.1',
): Promise<CountingServer> {
  const server = createServer((req, res) => {
    counting.hits.push(req.url ?? '');
    handler!(req, res);
  });
  const counting: CountingServer = { server, port: 0, connections: 0, hits: [] };
  server.on('connection', () => (counting.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  counting.port = (server.address() as AddressInfo).port;
  return counting;
}

let page: CountingServer;
let secret: CountingServer;
let secretV6: CountingServer | undefined;

const resolver: SafeFetchOptions['resolve'] = async (hostname) => {
  const table: Record<string, string> = {
    'public-looking.example': '127.0.0.1',
    'metadata.example': '169.254.169.254',
    'mixed.example': '93.184.215.14',
    'inner.example': '10.0.0.1',
  };
  const address = table[hostname];
  if (!address) throw new Error('ENOTFOUND');
  const extra = hostname === 'mixed.example' ? [{ address: '192.168.1.10', family: 4 as const }] : [];
  return [{ address, family: 4 }, ...extra];
};

async function refusal(url: string, options: SafeFetchOptions = {}) {
  try {
    await safeFetch(url, { resolve: resolver, timeoutMs: 5_000, ...options });
  } catch (error) {
    if (error instanceof SafeFetchError) return error.reason;
    throw error;
  }
  throw new Error(`${url} was fetched`);
}

beforeAll(async () => {
  secret = await countingServer((_req, res) => res.end('internal secret'));
  try {
    secretV6 = await countingServer((_req, res) => res.end('internal secret'), '::1');
  } catch {
    secretV6 = undefined; // no IPv6 loopback on this machine
  }
  page = await countingServer((req, res) => {
    const [path, query] = (req.url ?? '/').split('?');
    const to = new URLSearchParams(query).get('to');
    if (path === '/redirect' && to) {
      res.writeHead(302, { location: to });
      return res.end();
    }
    if (path === '/loop') {
      res.writeHead(301, { location: '/loop' });
      return res.end();
    }
    if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const block = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      const write = () => {
        while (sent < 50) {
          sent += 1;
          if (!res.write(block)) return void res.once('drain', write);
        }
        res.end();
      };
      res.on('close', () => (sent = 50));
      return write();
    }
    if (path === '/gzip-bomb') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      return res.end(gzipSync(Buffer.alloc(8 * 1024 * 1024, 'b')));
    }
    if (path === '/slow') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>start');
      return; // never ends
    }
    if (path === '/image') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(Buffer.alloc(10));
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><body><p>hello page</p></body></html>');
  });
});

afterAll(async () => {
  for (const s of [page, secret, secretV6]) {
    if (!s) continue;
    s.server.closeAllConnections();
    await new Promise((resolve) => s.server.close(resolve));
  }
});

describe('safeFetch refuses private targets without connecting to them', () => {
  it('refuses loopback, link-local metadata, private and IPv6 loopback literals', async () => {
    expect(await refusal(`http://127.0.0.1:${secret.port}/`)).toBe('blocked');
    expect(await refusal(`http://2130706433:${secret.port}/`)).toBe('blocked');
    expect(await refusal(`http://0x7f.1:${secret.port}/`)).toBe('blocked');
    expect(await refusal(`http://[::ffff:127.0.0.1]:${secret.port}/`)).toBe('blocked');
    expect(await refusal(`http://localhost:${secret.port}/`, { resolve: undefined })).toBe('blocked');
    expect(await refusal('http://169.254.169.254/latest/meta-data/')).toBe('blocked');
    expect(await refusal('http://10.0.0.1/')).toBe('blocked');
    expect(await refusal('http://[fd00::1]/')).toBe('blocked');
    expect(await refusal('http://100.64.0.1/')).toBe('blocked');
    expect(await refusal('http://0.0.0.0/')).toBe('blocked');
    expect(await refusal('http://224.0.0.1/')).toBe('blocked');
    if (secretV6) expect(await refusal(`http://[::1]:${secretV6.port}/`)).toBe('blocked');
    else expect(await refusal('http://[::1]:8080/')).toBe('blocked');
    expect(secret.connections).toBe(0);
    expect(secretV6?.connections ?? 0).toBe(0);
  });

  it('refuses a public-looking name that resolves to a private address, or has one among its answers', async () => {
    expect(await refusal(`http://public-looking.example:${secret.port}/`)).toBe('blocked');
    expect(await refusal('http://metadata.example/')).toBe('blocked');
    expect(await refusal('http://mixed.example/')).toBe('blocked');
    expect(await refusal('http://nowhere.example/')).toBe('dns');
    expect(secret.connections).toBe(0);
  });

  it('refuses other schemes and privileged ports', async () => {
    expect(await refusal('file:///etc/passwd')).toBe('scheme');
    expect(await refusal('gopher://127.0.0.1:70/_')).toBe('scheme');
    expect(await refusal('ftp://example.com/')).toBe('scheme');
    expect(await refusal('data:text/html,hi')).toBe('scheme');
    expect(await refusal('http://mixed.example:22/')).toBe('port');
    expect(await refusal('not a url')).toBe('scheme');
  });

  it('checks every redirect again: a local page sending the fetcher to a private address is refused', async () => {
    // The page itself is on loopback, so this fetch runs with loopback allowed (as the e2e configuration does);
    // private, link-local and other schemes stay refused on every hop.
    const allow = { allowLoopback: true };
    const via = (to: string) => `http://127.0.0.1:${page.port}/redirect?to=${encodeURIComponent(to)}`;
    expect(await refusal(via('http://10.0.0.1/'), allow)).toBe('blocked');
    expect(await refusal(via('http://169.254.169.254/latest/meta-data/'), allow)).toBe('blocked');
    expect(await refusal(via('http://inner.example/'), allow)).toBe('blocked');
    expect(await refusal(via('file:///etc/passwd'), allow)).toBe('scheme');
    expect(secret.connections).toBe(0);
  });

  it('caps redirects, size (declared, streamed and decompressed), time and content type', async () => {
    const allow = { allowLoopback: true };
    expect(await refusal(`http://127.0.0.1:${page.port}/loop`, allow)).toBe('too-many-redirects');
    expect(page.hits.filter((hit) => hit === '/loop')).toHaveLength(6);
    expect(await refusal(`http://127.0.0.1:${page.port}/huge`, allow)).toBe('too-large');
    expect(
      await refusal(`http://127.0.0.1:${page.port}/gzip-bomb`, { ...allow, maxBytes: 1024 * 1024 }),
    ).toBe('too-large');
    expect(await refusal(`http://127.0.0.1:${page.port}/slow`, { ...allow, timeoutMs: 300 })).toBe('timeout');
    expect(
      await refusal(`http://127.0.0.1:${page.port}/image`, {
        ...allow,
        acceptType: (type) => type === 'text/html',
      }),
    ).toBe('type');
  });
});

describe('safeFetch reads what it may', () => {
  it('reads a loopback page only when loopback is allowed, following a redirect to it', async () => {
    const url = `http://127.0.0.1:${page.port}/article`;
    expect(await refusal(url)).toBe('blocked');
    const fetched = await safeFetch(
      `http://127.0.0.1:${page.port}/redirect?to=${encodeURIComponent('/article?x=1')}`,
      { allowLoopback: true },
    );
    expect(fetched).toMatchObject({
      url: `http://127.0.0.1:${page.port}/article?x=1`,
      status: 200,
      contentType: 'text/html',
      charset: 'utf-8',
    });
    expect(fetched.body.toString()).toContain('hello page');
  });

  it('connects to the address it checked, whatever the name would resolve to later', async () => {
    let calls = 0;
    const rebinding: SafeFetchOptions['resolve'] = async () => {
      calls += 1;
      // The first answer is the one checked and pinned; a second one (never asked for) would point elsewhere.
      return [{ address: calls === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
    };
    const fetched = await safeFetch(`http://rebind.example:${page.port}/pinned`, {
      allowLoopback: true,
      resolve: rebinding,
    });
    expect(fetched.body.toString()).toContain('hello page');
    expect(calls).toBe(1);
  });

  it('classifies public and private addresses', () => {
    expect(isPublicAddress('93.184.215.14')).toBe(true);
    expect(isPublicAddress('2606:4700::1')).toBe(true);
    expect(isPublicAddress('127.0.0.1')).toBe(false);
    expect(isPublicAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isPublicAddress('10.0.0.1', { allowLoopback: true })).toBe(false);
    expect(isPublicAddress('::ffff:10.0.0.1')).toBe(false);
    expect(isPublicAddress('fe80::1')).toBe(false);
    expect(isPublicAddress('fd00:ec2::254')).toBe(false);
  });

  it('refuses every IPv6 form that carries an IPv4 address, whatever that address is', () => {
    const embedded = [
      // IPv4-compatible (::/96), as written and in hex: ipaddr.js alone calls these public unicast.
      '::127.0.0.1',
      '::7f00:1',
      '::10.0.0.1',
      '::169.254.169.254',
      '::93.184.215.14',
      // IPv4-mapped, judged as the IPv4 address: private ones refused, and loopback even where loopback is allowed.
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      // IPv4-translated (RFC 6145), NAT64 well-known (RFC 6052) and local-use (RFC 8215), 6to4, Teredo.
      '::ffff:0:127.0.0.1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    ];
    for (const address of embedded) expect(isPublicAddress(address), address).toBe(false);
    for (const address of embedded.slice(0, 5))
      expect(isPublicAddress(address, { allowLoopback: true }), address).toBe(false);
    // A public IPv4 address written as IPv4-mapped is that public address.
    expect(isPublicAddress('::ffff:93.184.215.14')).toBe(true);
  });

  it('never connects to an IPv4-compatible IPv6 literal', async () => {
    const before = secret.connections;
    // The red team's probe: http://[::127.0.0.1]:port/ (that is ::7f00:1) passed and a connection was attempted.
    for (const host of ['[::127.0.0.1]', '[::7f00:1]', '[::ffff:7f00:1]', '[64:ff9b:1::7f00:1]'])
      expect(await refusal(`http://${host}:${secret.port}/`), host).toBe('blocked');
    expect(secret.connections).toBe(before);
  });
});
