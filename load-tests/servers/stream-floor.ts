// The floor under the chat service's memory per open reply: node:http in, undici out, each request (its body too)
// passed to UPSTREAM_URL and its event stream piped back, with no logic at all. What one open request costs here is
// what Node costs any service that holds a provider stream open (docs/architecture.md#performance).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Agent, type Dispatcher } from 'undici';

const upstreamUrl = new URL(process.env.UPSTREAM_URL!);
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 1024 });

const server = createServer((req, res) => {
  void (async () => {
    try {
      const upstream = await agent.request({
        origin: upstreamUrl.origin,
        path: upstreamUrl.pathname,
        method: req.method as Dispatcher.HttpMethod,
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        body: req,
      });
      res.writeHead(upstream.statusCode, {
        'content-type': String(upstream.headers['content-type'] ?? 'application/octet-stream'),
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
