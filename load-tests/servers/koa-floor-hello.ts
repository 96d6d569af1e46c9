// The floor of a service on Koa: the bare Koa hello plus only what every service must do per request (a request id
// header, the error-mapping try/catch, one observation of the kit's request histogram, one access-log line through
// the kit's logger), written as cheaply as possible in one middleware with no router. `floor/bare Koa` is the most
// any service on this design can reach and `service-kit/floor` what the kit adds on top of it
// (docs/performance.md).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { createLogger, createMetrics } from '@act/service-kit';

// The kit hello's logger (level warn, as in the bench), so the access line is gated the same way.
const logger = createLogger({ name: 'bench-floor', level: 'warn' });
const metrics = createMetrics('bench-floor');
const prefix = randomBytes(9).toString('base64url');
let counter = 0;

const app = new Koa();
app.silent = true;
app.use((ctx) => {
  const started = performance.now();
  ctx.res.setHeader('x-request-id', `${prefix}-${(++counter).toString(36)}`);
  try {
    ctx.body = { success: true, hello: 'world' };
  } catch {
    ctx.status = 500;
    ctx.body = { success: false, error: 'unexpected', code: 'INTERNAL' };
  }
  const seconds = (performance.now() - started) / 1000;
  const status = ctx.res.statusCode;
  metrics.observeRequest(ctx.req.method!, '/', status, seconds);
  if (logger.isLevelEnabled('info')) {
    logger.info(
      { method: ctx.req.method, path: ctx.path, status, ms: Math.round(seconds * 1000) },
      'request',
    );
  }
});
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`READY ${(server.address() as AddressInfo).port}`);
});
// Exit on SIGTERM rather than die of it, so `node --cpu-prof` writes its profile (load-tests/profile.ts).
process.once('SIGTERM', () => process.exit(0));
