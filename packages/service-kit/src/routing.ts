// A service's routers as one middleware: each router's `routes()` then its `allowedMethods()`, in order, as every
// service mounts them. A request whose method and path are exactly those of a route without path parameters goes
// straight to that route by one Map lookup; every other request (a `:param` route, a trailing slash, other letter
// case, a method the path does not take, OPTIONS, an unknown path) walks the routers as before, so 404, 405 and
// `Allow` stay @koa/router's. @koa/router tests every route's regular expression on every request, in every router
// before the one that answers: about 13 % of a hello's CPU time (docs/architecture.md#performance).
//
// The lookup takes a path only where the walk could not end elsewhere: no other route or `use` layer of that router
// or of the routers before it matches the path (whatever its method), so the walk would have passed the routers
// before it by and chosen this route alone. It then sets on the context what the walk sets and runs the same chain
// with the same `next`.
import type Router from '@koa/router';
import type { Layer } from '@koa/router';
import compose from 'koa-compose';
import type { Context, Middleware, Next } from 'koa';

type Routed = Context & {
  matched?: Layer[];
  router?: Router;
  routeMatched?: boolean;
  newRouterPath?: string;
  captures?: string[];
  params?: Record<string, string>;
  routerPath?: string | RegExp;
  routerName?: string;
  _matchedRoute?: string | RegExp;
  _matchedRouteName?: string;
};

interface StaticRoute {
  router: Router;
  layer: Layer;
  /** The route's own chain (what the walk composes for it): its one handler itself, no compose, when it has one. */
  chain: Middleware;
  /** What the route's `next` continues with: its router's allowedMethods, then the routers after it. */
  rest: compose.ComposedMiddleware<Routed>;
}

/**
 * A Koa middleware that also takes the request's path when its caller has read it already (the edge has, for the ops
 * paths): read once per request, not once per step.
 */
export type RoutingMiddleware = (ctx: Context, next: Next, path?: string) => ReturnType<Middleware>;

/** The routers in order, each as `router.routes()` followed by `router.allowedMethods()`. */
export function routeRequests(routers: readonly Router[]): RoutingMiddleware {
  const layers = routers.flatMap((router) => [
    router.routes() as unknown as Middleware,
    router.allowedMethods() as unknown as Middleware,
  ]);
  const walk = compose(layers);
  // Routes may be added after the app is built: the table follows the routers' stacks.
  let sizes: number[] = [];
  let table = new Map<string, Map<string, StaticRoute>>();
  const current = () => {
    for (let i = 0; i < routers.length; i++) {
      if (routers[i]!.stack.length === sizes[i]) continue;
      sizes = routers.map((router) => router.stack.length);
      table = staticRoutes(routers, layers);
      break;
    }
    return table;
  };

  return (ctx: Routed, next: Next, path = requestPath(ctx)) => {
    const route = ctx.newRouterPath ? undefined : current().get(path)?.get(ctx.req.method!);
    if (!route) return walk(ctx, next);
    const { router, layer } = route;
    // What the walk leaves on the context: the routers before passed by (matching nothing), this one matched.
    if (ctx.matched) ctx.matched.push(layer);
    else ctx.matched = [layer];
    ctx.router = router;
    ctx.routeMatched = true;
    enterRoute(ctx, layer);
    return route.chain(ctx, (() => route.rest(ctx, next)) as Next);
  };
}

/**
 * The request's path, as Koa's `ctx.path` says it, read straight from the URL when it is a plain one (it starts with
 * a slash and has no whitespace or fragment, parseurl's own fast case): `ctx.path` builds a Url object and adds it to
 * node's request, on every request, to give the same string. Any other URL is left to `ctx.path`.
 */
export function requestPath(ctx: Context): string {
  const url = ctx.req.url!;
  if (url.charCodeAt(0) !== 0x2f) return ctx.path;
  for (let i = 1; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code === 0x3f) return url.slice(0, i);
    if (code <= 0x20 || code === 0x23 || code === 0xa0 || code === 0xfeff) return ctx.path;
  }
  return url;
}

/** Path, then method, to the one route the walk would choose. */
function staticRoutes(
  routers: readonly Router[],
  layers: Middleware[],
): Map<string, Map<string, StaticRoute>> {
  const table = new Map<string, Map<string, StaticRoute>>();
  routers.forEach((router, index) => {
    const before = routers.slice(0, index + 1);
    // The walk of these routers may pass a path by unchanged only when none has a host, a fixed routing path or a
    // not-found handler of its own.
    if (before.some((r) => r.host !== undefined || r.opts.routerPath !== undefined)) return;
    if (before.slice(0, -1).some(hasNotFoundHandler)) return;
    const rest = compose(layers.slice(2 * index + 1));
    for (const layer of router.stack) {
      const path = layer.path;
      if (typeof path !== 'string' || layer.methods.length === 0 || layer.paramNames.length > 0) continue;
      if (!layer.match(path) || layer.captures(path).length > 0) continue;
      const alone = before.every((r) => r.stack.every((other) => other === layer || !other.match(path)));
      if (!alone) continue;
      const route: StaticRoute = {
        router,
        layer,
        chain: (layer.stack.length === 1 ? layer.stack[0]! : compose(layer.stack)) as Middleware,
        rest,
      };
      const methods = new Map<string, StaticRoute>();
      for (const method of layer.methods) {
        // OPTIONS is allowedMethods' to answer; a method a router before does not implement it answers with 501.
        if (method === 'OPTIONS' || !before.every((r) => r.methods.includes(method))) continue;
        methods.set(method, route);
      }
      if (methods.size > 0) table.set(path, methods);
    }
  });
  return table;
}

/** What the walk's first step for a matched layer sets, for a path with no captures (no step of its own here). */
function enterRoute(ctx: Routed, layer: Layer): void {
  ctx.captures = [];
  // What layer.params gives for no captures: a copy of the params a router before set, without its iterator.
  const params = { ...ctx.params };
  (ctx.request as { params?: Record<string, string> }).params = params;
  ctx.params = params;
  ctx.routerPath = layer.path;
  ctx.routerName = layer.name || undefined;
  ctx._matchedRoute = layer.path;
  if (layer.name) ctx._matchedRouteName = layer.name;
}

function hasNotFoundHandler(router: Router): boolean {
  const events = (router as unknown as { _events?: { _handlers?: Map<string, unknown[]> } })._events;
  return (events?._handlers?.get('not-found')?.length ?? 0) > 0;
}
