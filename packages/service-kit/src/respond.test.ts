// respond() over real HTTP, through mountEndpoint: the JSON reply by default, an event stream of progress events then
// `done` when asked for one, a refusal before the stream as a plain JSON error, a failure once it is open as the one
// error-event shape (an AppError's words and refunded balance, or the tool's text for a bug), and a client that
// leaves: the handler stops following at once, the work is told by the signal and nothing more is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_TEXTS, ErrorCode, ErrorCodeSchema, endpoint, successReply } from '@act/contracts';
import { AppError } from './errors';
import { createHttpApp } from './http-app';
import { Router } from './index';
import { mountEndpoint } from './mount-endpoint';
import type { RunningServer } from './server';
import { captureLogger, startTestService } from './testing';

const WORK = endpoint({
  method: 'POST',
  path: '/work',
  access: 'public',
  request: z.object({ mode: z.enum(['ok', 'refuse', 'fail', 'bug', 'slow']) }),
  reply: successReply({ value: z.string(), remainingCredits: z.number() }),
  events: z.discriminatedUnion('type', [
    z.object({ type: z.literal('progress'), step: z.number() }),
    z.object({ type: z.literal('done'), value: z.string(), remainingCredits: z.number(), steps: z.number() }),
    z.object({
      type: z.literal('error'),
      error: z.string(),
      code: ErrorCodeSchema,
      remainingCredits: z.number().nullable().optional(),
    }),
  ]),
});

const FAILED = 'Could not do the work. Please try again.';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const captured = captureLogger('respond-test');
let server: RunningServer;
/** What the slow work and its handler saw after the client left. */
let slow: {
  aborted: Promise<void>;
  handlerReturned: boolean;
  workEnded: Promise<void>;
};

beforeAll(async () => {
  const app = createHttpApp({ name: 'respond-test', logger: captured.logger });
  const router = new Router();
  mountEndpoint(router, WORK, {}, async ({ mode }, { signal, respond }) => {
    if (mode === 'refuse') {
      throw new AppError(ErrorCode.INSUFFICIENT_CREDITS, ERROR_TEXTS.toolUse.insufficientCredits);
    }
    let markAborted!: () => void;
    let markEnded!: () => void;
    if (mode === 'slow') {
      slow = {
        aborted: new Promise((resolve) => (markAborted = resolve)),
        handlerReturned: false,
        workEnded: new Promise((resolve) => (markEnded = resolve)),
      };
    }
    const reply = await respond({
      run: async (emit) => {
        emit({ type: 'progress', step: 1 });
        if (mode === 'fail') {
          throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.chat.sendMessage, {
            details: { remainingCredits: 7 },
          });
        }
        if (mode === 'bug') throw new Error('a bug with private words');
        if (mode === 'slow') {
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
          markAborted();
          // The work carries on a little after the client left, then fails: nobody hears of it.
          await sleep(50);
          emit({ type: 'progress', step: 2 });
          markEnded();
          throw new Error('gave up for nobody');
        }
        emit({ type: 'progress', step: 2 });
        return { value: 'made', credits: 9 };
      },
      reply: (result) => ({ value: result.value, remainingCredits: result.credits }),
      done: (result) => ({ value: result.value, remainingCredits: result.credits, steps: 2 }),
      failed: FAILED,
    });
    if (mode === 'slow') slow.handlerReturned = true;
    return reply;
  });
  app.use(router.routes());
  server = await startTestService(app);
});

afterAll(() => server?.close());

function post(mode: string, stream: boolean, signal?: AbortSignal) {
  return fetch(`${server.url}/work`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(stream ? { accept: 'text/event-stream' } : {}) },
    body: JSON.stringify({ mode }),
    ...(signal ? { signal } : {}),
  });
}

async function eventsOf(response: Response): Promise<unknown[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as unknown);
}

describe('respond', () => {
  it('answers JSON by default: the reply, progress events dropped', async () => {
    const response = await post('ok', false);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ success: true, value: 'made', remainingCredits: 9 });
  });

  it('streams when asked: the progress events, then done with its fields', async () => {
    const response = await post('ok', true);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await eventsOf(response);
    expect(events).toEqual([
      { type: 'progress', step: 1 },
      { type: 'progress', step: 2 },
      { type: 'done', value: 'made', remainingCredits: 9, steps: 2 },
    ]);
    for (const event of events) expect(WORK.events.safeParse(event).success).toBe(true);
  });

  it('a refusal before respond is a plain JSON error, also when a stream was asked for', async () => {
    for (const stream of [false, true]) {
      const response = await post('refuse', stream);
      expect(response.status).toBe(402);
      expect(await response.json()).toMatchObject({
        success: false,
        error: ERROR_TEXTS.toolUse.insufficientCredits,
        code: 'INSUFFICIENT_CREDITS',
      });
    }
  });

  it('a failure once the stream is open is its last event: the AppError speaks, with its refunded balance', async () => {
    expect(await eventsOf(await post('fail', true))).toEqual([
      { type: 'progress', step: 1 },
      { type: 'error', error: ERROR_TEXTS.chat.sendMessage, code: 'PROVIDER_FAILED', remainingCredits: 7 },
    ]);
    // The same failure on the JSON path is the usual error reply.
    const json = await post('fail', false);
    expect(json.status).toBe(502);
    expect(await json.json()).toMatchObject({ code: 'PROVIDER_FAILED', remainingCredits: 7 });
  });

  it("a bug says the tool's text with INTERNAL (never its own words) and is logged", async () => {
    const events = await eventsOf(await post('bug', true));
    expect(events.at(-1)).toEqual({ type: 'error', error: FAILED, code: 'INTERNAL' });
    expect(JSON.stringify(events)).not.toContain('private words');
    expect(captured.text()).toContain('a bug with private words');
  });

  it('a client that leaves: the handler stops following at once, the work is told and nothing more is sent', async () => {
    const client = new AbortController();
    const response = await post('slow', true, client.signal);
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"step":1');
    const logged = captured.lines.length;
    client.abort();
    await slow.aborted;
    // The handler returned while the work was still going (a chat reply carries on and is saved).
    await sleep(10);
    expect(slow.handlerReturned).toBe(true);
    await slow.workEnded;
    await sleep(20);
    // Its late failure reached no one and is not an error in the logs.
    expect(captured.lines.slice(logged).join('\n')).not.toContain('gave up for nobody');
  });
});
