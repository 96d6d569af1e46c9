// The floor of chat's design under its memory per open reply: the parts every Chat Reasoning reply is made of before
// any of chat's own logic. The kit's HTTP app (edge, routing), the reasoning send-message endpoint mounted by
// mountEndpoint (body parser, validation), respond's event stream, and the chat service's own provider
// (createOpenAiChatProvider: the openai SDK on node-http-fetch, eventsource-parser, the think splitter, the provider
// call's observer), whose text and reasoning go out as the stream's events. Nothing else: no JWT (the endpoint is
// mounted public here; verifying holds nothing once the stream is open), no charge, no stored question or reply, no
// generation a member can follow again, no columns or saved progress.
// Chat's figure minus this one is what chat's own logic holds per open reply; this one minus servers/node-proxy.ts
// (bare node:http + undici) is what Koa, the kit and the SDK hold (docs/performance.md).
import { CHAT_ENDPOINTS, ERROR_TEXTS } from '@act/contracts';
import { Router, createHttpApp, createLogger, mountEndpoint, startHttpServer } from '@act/service-kit';
import { createOpenAiChatProvider } from '@act/chat/bench';

const NO_SESSION = '00000000-0000-4000-8000-000000000000';
const logger = createLogger({ name: 'bench-chat-floor', level: 'warn' });
const provider = createOpenAiChatProvider({
  apiKey: 'bench-key',
  baseUrl: process.env.OPENAI_BASE_URL!,
  timeoutMs: 120_000,
});
const router = new Router();
// As every service mounts its routers (createServiceHttpApp).
const app = createHttpApp({ name: 'bench-chat-floor', logger, routers: [router] });
const endpoint = { ...CHAT_ENDPOINTS.reasoning.sendMessage, access: 'public' as const };
mountEndpoint(router, endpoint, {}, (input, { respond }) =>
  respond({
    run: async (emit, clientGone): Promise<string> => {
      let content = '';
      await provider.stream({
        model: 'bench/model',
        messages: [{ role: 'user', content: input.prompt }],
        signal: clientGone ?? new AbortController().signal,
        onText(text) {
          content += text;
          emit({ type: 'delta', text });
        },
        onReasoning(text) {
          emit({ type: 'reasoning', text });
        },
      });
      return content;
    },
    // Nothing is stored or charged: no session, and the balance is not read.
    reply: (content) => ({ sessionId: NO_SESSION, response: content, remainingCredits: 0 }),
    done: () => ({ status: 'completed', remainingCredits: 0 }),
    failed: ERROR_TEXTS.chat.sendMessage,
  }),
);
const running = await startHttpServer(app, { port: 0, host: '127.0.0.1', logger, handleSignals: true });
console.log(`READY ${running.port}`);
