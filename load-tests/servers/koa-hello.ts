// Bare Koa hello (one middleware, no router): the ceiling any Koa service can reach on this machine, printed next
// to the service-kit figure so a miss against the raw reference can be told apart from overhead of our own.
import type { AddressInfo } from 'node:net';
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = { success: true, hello: 'world' };
});
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`READY ${(server.address() as AddressInfo).port}`);
});
// Exit on SIGTERM rather than die of it, so `node --cpu-prof` writes its profile (load-tests/profile.ts).
process.once('SIGTERM', () => process.exit(0));
