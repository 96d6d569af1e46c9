// Streaming chat: VUS (default 10) members each send AI Chat Playground messages (5 credits each, a provider key
// must be configured) with `Accept: text/event-stream` for DURATION (default 5m). k6 reads a streamed reply whole,
// so the checks look at the events it held: `start` first (session and message ids), `done` last with the balance.
// Trends: the time to the whole reply. Thresholds: at least 95 % of replies complete, p95 under a minute.
import { check, sleep } from 'k6';
import http from 'k6/http';
import { Rate, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import { accountOf, accountsForRun, authed, dropToken } from './api.ts';
import { baseUrl, numberFromEnv, type Account } from './config.ts';
import { PATHS } from './paths.ts';

const completed = new Rate('chat_stream_completed');
const replyTime = new Trend('chat_stream_reply_ms', true);

export const options: Options = {
  scenarios: {
    chat: { executor: 'constant-vus', vus: numberFromEnv('VUS', 10), duration: __ENV.DURATION ?? '5m' },
  },
  thresholds: {
    chat_stream_completed: ['rate>0.95'],
    chat_stream_reply_ms: ['p(95)<60000'],
    http_req_failed: ['rate<0.05'],
  },
};

interface StreamEvent {
  type: string;
  sessionId?: string;
  remainingCredits?: number | null;
}

/** The `data:` payloads of a Server-Sent Events body (comments such as `: ping` skipped). */
function eventsOf(body: string): StreamEvent[] {
  return body
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n'),
    )
    .filter(Boolean)
    .map((data) => JSON.parse(data) as StreamEvent);
}

export function setup(): Account[] {
  return accountsForRun();
}

export default function chatStream(accounts: Account[]): void {
  const account = accountOf(accounts);
  const params = authed(
    account,
    { name: 'chat stream', kind: 'stream' },
    { headers: { accept: 'text/event-stream' }, timeout: '200s' },
  );
  const started = Date.now();
  const reply = http.post(
    `${baseUrl()}${PATHS.chatSend}`,
    JSON.stringify({ prompt: 'In two sentences, why is the sky blue?', toolName: 'ai-chat-playground' }),
    { ...params, responseCallback: http.expectedStatuses({ min: 200, max: 299 }, 402) },
  );
  if (reply.status === 401) dropToken();
  const events = reply.status === 200 ? eventsOf(String(reply.body)) : [];
  const done = events[events.length - 1];
  const ok = check(reply, {
    'stream opened': (r) =>
      r.status === 200 && String(r.headers['Content-Type']).startsWith('text/event-stream'),
    'start first': () => events[0]?.type === 'start' && typeof events[0].sessionId === 'string',
    'done last with the balance': () => done?.type === 'done' && typeof done.remainingCredits === 'number',
  });
  if (reply.status !== 402) {
    completed.add(ok);
    replyTime.add(Date.now() - started);
  }
  sleep(3);
}
