// The fastest gateway Node can be on this design: node:http in, undici's keep-alive Agent out (the gateway's own
// client, the same call), no framework, no middleware, no checks. `gateway/nginx` is bounded by `node proxy/nginx`:
// whatever the gateway trims, it cannot pass this process (docs/performance.md). The floors use it as
// their gateway too (the prompt floor) and as the bare holder of a provider stream (the chat service's floor): the
// request's method, path and body go to UPSTREAM_URL's origin, and the reply streams back.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Agent, type Dispatcher } from 'undici';

const origin = new URL(process.env.UPSTREAM_URL!).origin;
// As many connections per upstream as the gateway allows (gateway/src/proxy.ts): one per open stream.
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 4_096 });

const server = createServer((req, res) => {
  void (async () => {
    try {
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const upstream = await agent.request({
        origin,
        path: req.url ?? '/',
        method: req.method as Dispatcher.HttpMethod,
        headers: {
          accept: req.headers.accept ?? '*/*',
          'x-forwarded-for': req.socket.remoteAddress ?? '',
          ...(hasBody ? { 'content-type': req.headers['content-type'] ?? 'application/json' } : {}),
        },
        ...(hasBody ? { body: req } : {}),
      });
      res.writeHead(upstream.statusCode, {
        'content-type': String(upstream.headers['content-type'] ?? 'application/octet-stream'),
        ...(upstream.headers['content-length']
          ? { 'content-length': String(upstream.headers['content-length']) }
          : {}),
      });
      await pipeline(upstream.body, res);
    } catch {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    }
  })();
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`READY ${(server.address() as AddressInfo).port}`);
});
