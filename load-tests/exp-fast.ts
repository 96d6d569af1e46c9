import { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import Koa from 'koa';
import { API_ROUTES } from '@act/contracts';
import { Router, createHttpApp, createLogger, createMetrics } from '@act/service-kit';

function kitApp() {
  const router = new Router();
  const app = createHttpApp({ name: 'bench-hello', logger: createLogger({ name: 'h', level: 'warn' }), routers: [router], bodyLimit: false });
  const fast = new Function('o', 'return %HasFastProperties(o)');
  router.get(API_ROUTES.credits.plans, (ctx) => { ctx.body = { success: true, hello: 'world' }; (globalThis as any).seen = ctx; });
  router.get(API_ROUTES.credits.me, (ctx) => { ctx.body = { success: true, hello: 'member' }; });
  if (process.env.CTOR) {
    const a = app as any;
    function Ctx(this: any) {} Ctx.prototype = a.context;
    function Rq(this: any) {} Rq.prototype = a.request;
    function Rs(this: any) {} Rs.prototype = a.response;
    a.createContext = function (this: any, req: any, res: any) {
      const context = new (Ctx as any)();
      const request = (context.request = new (Rq as any)());
      const response = (context.response = new (Rs as any)());
      context.app = request.app = response.app = this;
      context.req = request.req = response.req = req;
      context.res = request.res = response.res = res;
      request.ctx = response.ctx = context;
      request.response = response;
      response.request = request;
      context.originalUrl = request.originalUrl = req.url;
      context.state = {};
      return context;
    };
  }
  return app.callback();
}
function floorApp() {
  const logger = createLogger({ name: 'bench-floor', level: 'warn' });
  const metrics = createMetrics('bench-floor');
  const prefix = randomBytes(9).toString('base64url');
  let counter = 0;
  const app = new Koa();
  app.silent = true;
  app.use((ctx) => {
    const started = performance.now();
    ctx.res.setHeader('x-request-id', `${prefix}-${(++counter).toString(36)}`);
    try { ctx.body = { success: true, hello: 'world' }; } catch { ctx.status = 500; }
    const seconds = (performance.now() - started) / 1000;
    metrics.observeRequest(ctx.req.method!, '/', ctx.res.statusCode, seconds);
    if (logger.isLevelEnabled('info')) logger.info({}, 'request');
  });
  return app.callback();
}
const handlers = { kit: [kitApp(), API_ROUTES.credits.plans], floor: [floorApp(), '/'] } as const;
async function once(h: (req: IncomingMessage, res: ServerResponse) => unknown, url: string) {
  const req = new IncomingMessage(null as never);
  req.method = 'GET'; req.url = url;
  req.httpVersionMajor = 1; req.httpVersionMinor = 1; req.httpVersion = '1.1';
  req.rawHeaders.push('Host', '127.0.0.1:1234', 'User-Agent', 'autocannon');
  req.complete = true;
  const res = new ServerResponse(req);
  await h(req, res);
}

const [h, url] = handlers.kit;
await once(h as never, url);
const fast = new Function('o', 'return %HasFastProperties(o)');
const ctx = (globalThis as any).seen;
console.log('ctx fast', fast(ctx), Object.keys(ctx).length, Object.keys(ctx));
console.log('request fast', fast(ctx.request), Object.keys(ctx.request));
console.log('req fast', fast(ctx.req), Object.keys(ctx.req).length);
