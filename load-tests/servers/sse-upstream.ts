// A streaming stand-in for the chat service in the benchmark: the real send-message path answering with service-kit's
// openEventStream, so the gateway applies its real route table (member-only, JWT checked). `?holdMs=` keeps the
// stream open that long (a delta every second meanwhile); without it the stream sends `start` and ends at once.
// GET /bench/memory (called directly, never through the gateway) reports this process's memory.
import { API_ROUTES } from '@act/contracts';
import { Router, createHttpApp, createLogger, openEventStream, startHttpServer } from '@act/service-kit';

const jwks = JSON.parse(process.env.BENCH_JWKS ?? '{"keys":[]}') as unknown;
const logger = createLogger({ name: 'bench-sse', level: 'warn' });
const app = createHttpApp({ name: 'bench-sse', logger });
const router = new Router();
const START = {
  type: 'start',
  sessionId: '6c1f2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  messageId: '7d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
};

router.post(API_ROUTES.chat.playground.sendMessage, async (ctx) => {
  const holdMs = Number(ctx.query.holdMs ?? 0);
  const stream = openEventStream(ctx);
  stream.send(START);
  const until = Date.now() + holdMs;
  while (Date.now() < until && !stream.closed) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, until - Date.now())));
    stream.send({ type: 'delta', text: 'Lorem ipsum dolor sit amet. ' });
  }
  stream.send({ type: 'done', status: 'completed', remainingCredits: 45 });
  stream.end();
});
router.get('/jwks.json', (ctx) => {
  ctx.body = jwks;
});
router.get('/bench/memory', (ctx) => {
  ctx.body = process.memoryUsage();
});
app.use(router.routes());
const running = await startHttpServer(app, { port: 0, host: '127.0.0.1', logger, handleSignals: true });
console.log(`READY ${running.port}`);
