// routeRequests against the routers' own walk (`routes()` then `allowedMethods()` for each, in order): the same
// routers served both ways answer every request alike (status, Allow, which handler, params, the matched route), and
// the exact lookup is taken only where the walk could have chosen nothing else.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Router } from './index';
import { requestPath, routeRequests } from './routing';

type Walked = { routers: Router[]; walks: () => number };

/** Three routers whose static paths sit beside parametrised ones, `use` layers and each other. */
function buildRouters(): Walked {
  const answer = (name: string) => (ctx: Koa.Context) => {
    ctx.body = { handler: name, params: (ctx as { params?: unknown }).params };
  };
  const a = new Router();
  a.get('/items/new', answer('items-new'));
  a.get('/items/:id', answer('items-id'));
  // A parametrised route registered before a static one of the same shape wins the walk.
  a.get('/things/:id', answer('things-id'));
  a.get('/things/new', answer('things-new'));
  a.post('/orders', answer('orders-post'));
  a.get('/orders/:id', answer('orders-id'));
  a.get('/plain', answer('plain'));
  a.delete('/plain/remove', answer('plain-remove'));
  const b = new Router();
  b.use('/b/used', async (ctx, next) => {
    ctx.set('x-used', 'yes');
    await next();
  });
  b.get('/b/used', answer('b-used'));
  b.get('/b/only', answer('b-only'));
  // Another router's path and method: the first router answers.
  b.post('/orders', answer('orders-post-b'));
  b.get('/pass', async (ctx, next) => {
    ctx.set('x-passed', 'b');
    await next();
  });
  const c = new Router();
  c.get('/pass', answer('pass-c'));
  c.put('/plain', answer('plain-put-c'));
  const routers = [a, b, c];
  let walks = 0;
  for (const router of routers) {
    const match = router.match.bind(router);
    router.match = (path, method) => {
      walks += 1;
      return match(path, method);
    };
  }
  return { routers, walks: () => walks };
}

/** The fields the routers leave on the context, as a header the test can compare. */
const reportRoute: Koa.Middleware = async (ctx, next) => {
  await next();
  const routed = ctx as Koa.Context & Record<string, unknown>;
  ctx.set(
    'x-route',
    JSON.stringify({
      matchedRoute: routed._matchedRoute,
      matchedRouteName: routed._matchedRouteName,
      routerPath: routed.routerPath,
      params: routed.params,
      captures: routed.captures,
      matched: (routed.matched as Array<{ path: string }> | undefined)?.map((layer) => layer.path),
      routeMatched: routed.routeMatched,
    }),
  );
};

async function serve(app: Koa): Promise<{ url: string; server: Server }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let walked: { url: string; server: Server };
let routed: { url: string; server: Server };
let fast: Walked;

beforeAll(async () => {
  const reference = new Koa();
  reference.use(reportRoute);
  for (const router of buildRouters().routers) reference.use(router.routes()).use(router.allowedMethods());
  walked = await serve(reference);
  fast = buildRouters();
  const app = new Koa();
  app.use(reportRoute);
  app.use(routeRequests(fast.routers));
  routed = await serve(app);
});
afterAll(() => {
  walked.server.close();
  routed.server.close();
});

async function call(base: string, method: string, path: string) {
  const response = await fetch(`${base}${path}`, { method });
  return {
    status: response.status,
    allow: response.headers.get('allow'),
    used: response.headers.get('x-used'),
    passed: response.headers.get('x-passed'),
    route: response.headers.get('x-route'),
    body: await response.text(),
  };
}

/** Answers from the walk and from routeRequests, and how many router walks routeRequests made. */
async function both(method: string, path: string) {
  const before = fast.walks();
  const viaRouting = await call(routed.url, method, path);
  const walksTaken = fast.walks() - before;
  return { viaWalk: await call(walked.url, method, path), viaRouting, walksTaken };
}

describe('routeRequests', () => {
  it.each([
    ['GET', '/plain'],
    ['HEAD', '/plain'],
    ['GET', '/b/only'],
    // Also in a later router: the first router's, as in the walk.
    ['POST', '/orders'],
    // A query is no part of the path.
    ['GET', '/plain?page=2'],
  ])('takes %s %s by the exact lookup, with what the walk leaves on the context', async (method, path) => {
    const { viaWalk, viaRouting, walksTaken } = await both(method, path);
    expect(viaRouting).toEqual(viaWalk);
    expect(viaRouting.status).toBe(200);
    expect(walksTaken).toBe(0);
  });

  it('continues past a static route whose handler calls next, into the routers after it', async () => {
    const { viaWalk, viaRouting, walksTaken } = await both('GET', '/pass');
    expect(viaRouting).toEqual(viaWalk);
    expect(viaRouting.passed).toBe('b');
    expect(JSON.parse(viaRouting.body)).toMatchObject({ handler: 'pass-c' });
    // Router b by the lookup, router c by its walk.
    expect(walksTaken).toBe(1);
  });

  it.each([
    // A static path beside a parametrised one that also matches it.
    ['GET', '/items/new', 'items-new'],
    ['GET', '/items/42', 'items-id'],
    // The parametrised route registered first answers the static path, as the walk decides.
    ['GET', '/things/new', 'things-id'],
    // A `use` layer on the path runs before the route.
    ['GET', '/b/used', 'b-used'],
    // Trailing slash and letter case: matched by the routes' patterns as before.
    ['GET', '/plain/', 'plain'],
    ['GET', '/PLAIN', 'plain'],
    ['PUT', '/plain', 'plain-put-c'],
  ])('leaves %s %s to the walk (%s answers)', async (method, path, handler) => {
    const { viaWalk, viaRouting, walksTaken } = await both(method, path);
    expect(viaRouting).toEqual(viaWalk);
    expect(JSON.parse(viaRouting.body)).toMatchObject({ handler });
    expect(walksTaken).toBeGreaterThan(0);
  });

  it.each([
    // A method the path does not take: 405 with the same Allow, whichever router has the path.
    ['DELETE', '/plain', 405],
    ['GET', '/orders', 405],
    ['PATCH', '/b/only', 405],
    ['POST', '/items/new', 405],
    ['OPTIONS', '/plain', 200],
    ['GET', '/nowhere', 404],
    ['GET', '/plain/remove', 405],
  ])('answers %s %s as the walk does (%i)', async (method, path, status) => {
    const { viaWalk, viaRouting } = await both(method, path);
    expect(viaRouting).toEqual(viaWalk);
    expect(viaRouting.status).toBe(status);
  });

  it('follows routes added after the app was built', async () => {
    fast.routers[2]!.get('/late', (ctx) => {
      ctx.body = { handler: 'late' };
    });
    const before = fast.walks();
    const reply = await call(routed.url, 'GET', '/late');
    expect(JSON.parse(reply.body)).toEqual({ handler: 'late' });
    expect(fast.walks() - before).toBe(0);
  });
});

describe('requestPath', () => {
  const app = new Koa();
  // Koa's own ctx.path for a request to `url`, and requestPath's.
  const pathsOf = (url: string) => {
    const ctx = app.createContext({ url, headers: {}, socket: {} } as never, {} as never);
    return { koa: ctx.path, ours: requestPath(ctx) };
  };

  it.each([
    '/plain',
    '/plain?page=2&x=/y',
    '/',
    '/?',
    '/a//b/',
    '/a%20b',
    '/a b',
    '/a\tb',
    '/a#frag',
    '/a?x#frag',
    'http://example.com/healthz',
    '//example.com/x',
    '*',
    '/\u00a0x',
  ])('says what ctx.path says for %j', (url) => {
    const { koa, ours } = pathsOf(url);
    expect(ours).toBe(koa);
  });
});
