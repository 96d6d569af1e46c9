// A service-kit app with one public and one protected hello route, plus the JWKS the gateway verifies against.
// It mounts them under credits paths so the gateway's real route table (public plans, member-only me) applies.
import { API_ROUTES } from '@act/contracts';
import { Router, createHttpApp, createLogger, startHttpServer } from '@act/service-kit';

const jwks = JSON.parse(process.env.BENCH_JWKS ?? '{"keys":[]}') as unknown;
const router = new Router();
// As every service builds its app (createServiceHttpApp): its routers, and no body parser of the app's own (each
// endpoint parses its body).
const app = createHttpApp({
  name: 'bench-hello',
  logger: createLogger({ name: 'bench-hello', level: 'warn' }),
  routers: [router],
  bodyLimit: false,
});
router.get(API_ROUTES.credits.plans, (ctx) => {
  ctx.body = { success: true, hello: 'world' };
});
router.get(API_ROUTES.credits.me, (ctx) => {
  ctx.body = { success: true, hello: 'member' };
});
router.get('/jwks.json', (ctx) => {
  ctx.body = jwks;
});
const running = await startHttpServer(app, {
  port: 0,
  host: '127.0.0.1',
  logger: createLogger({ name: 'bench-hello', level: 'warn' }),
  handleSignals: true,
});
console.log(`READY ${running.port}`);
