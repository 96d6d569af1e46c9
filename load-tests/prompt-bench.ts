// Benchmark of one full paid tool call through the gateway: Magic Enhance (POST /api/prompt/generate-text-prompt)
// at a fixed arrival rate. Each request is JWT-checked by the gateway and the prompt service, reserves a credit over
// NATS (credits' PostgreSQL transaction), runs the provider and publishes the commit to JetStream with an awaited ack.
// Run it against a prompt service with an instant provider (PROMPT_PROVIDER=local: rule-based enhance, or a fake
// OpenAI-compatible server that answers at once) so the figure measures our path, not a model.
import autocannon from 'autocannon';
import { startServer, takingTurns } from './bench-kit';

export interface PromptBenchOptions {
  /** Arrival rate, requests per second (default 200, the target load). */
  rate?: number;
  /** Measured seconds (default BENCH_SECONDS or 10). */
  durationSeconds?: number;
  /**
   * Open connections (default 10). autocannon paces a rate per connection per one-second window, sending each
   * connection's share back to back at the start of the window; with many connections that is a burst of the whole
   * second's load at once, which measures queueing of the burst rather than latency at 200 req/s. Ten connections
   * (20 req/s each) keep the bursts small while still leaving headroom if responses slow down.
   */
  connections?: number;
  /**
   * Unmeasured calls first, so JIT, connection pools and JWKS caches are warm (default 200). They are sent by
   * fetch and awaited, so the warm-up never ends with requests cut off mid-flight.
   */
  warmupRequests?: number;
}

export interface PromptBenchResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Replies other than 2xx (a 402 means the token's member ran out of credits). */
  non2xx: number;
}

/** The Magic Enhance route; the floor's gateway answers any path the same way. */
export const PATH = '/api/prompt/generate-text-prompt';

const BODY = JSON.stringify({ text: 'a lighthouse on a cliff at dusk', toolName: 'magic-enhance' });

/** The credits a run spends (1 per call), all members together. */
export function creditsNeeded(options: PromptBenchOptions = {}): number {
  const measured = (options.rate ?? 200) * (options.durationSeconds ?? defaultSeconds());
  return Math.ceil((measured + (options.warmupRequests ?? 200)) * 1.05);
}

function defaultSeconds(): number {
  return Number(process.env.BENCH_SECONDS ?? 10);
}

/** Calls by the members whose tokens are given, in turn (see takingTurns in bench-kit.ts). */
export async function benchPromptTool(
  gatewayUrl: string,
  tokens: readonly string[],
  options: PromptBenchOptions = {},
): Promise<PromptBenchResult> {
  const url = `${gatewayUrl.replace(/\/$/, '')}${PATH}`;
  const headers = { 'content-type': 'application/json' };
  await warmUp(url, tokens, options.warmupRequests ?? 200);
  const result = await autocannon({
    url,
    headers,
    requests: takingTurns(tokens, 'POST', BODY),
    connections: options.connections ?? 10,
    duration: options.durationSeconds ?? defaultSeconds(),
    overallRate: options.rate ?? 200,
  });
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Sends `count` calls, four at a time; fails fast when the stack is not answering 2xx (wrong token, no credits). */
async function warmUp(url: string, tokens: readonly string[], count: number): Promise<void> {
  const WIDTH = 4;
  for (let sent = 0; sent < count; sent += WIDTH) {
    const replies = await Promise.all(
      Array.from({ length: Math.min(WIDTH, count - sent) }, (_, i) =>
        fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[(sent + i) % tokens.length]}`,
          },
          body: BODY,
        }),
      ),
    );
    for (const reply of replies) {
      const text = await reply.text();
      if (!reply.ok) throw new Error(`warm-up call answered ${reply.status}: ${text}`);
    }
  }
}

/** What a prompt floor's statements write (servers/prompt-floor.ts FLOOR_WRITES). */
export type FloorWrites = 'bare' | 'design';

export interface PromptFloor {
  /** The floor's gateway: POST any path with the Magic Enhance body. */
  url: string;
  /** Its gateway, service and credits processes, in that order (the CPU each spends per call). */
  pids: [number, number, number];
  /** Throws when one of its processes has exited: its figures would then be a dead process's, not a floor's. */
  assertRunning(): void;
  stop(): Promise<void>;
}

/**
 * Starts a floor of the same call (servers/prompt-floor.ts): a raw gateway, service and credits responder, the same
 * three processes and hops (HTTP, HTTP, NATS request/reply with one PostgreSQL statement, JetStream publish with an
 * awaited ack, commits applied in batches) with none of our middleware. `writes`: `bare` updates one account row per
 * reserve and per batch; `design` writes the rows credits keeps for a member's use (hold, ledger, usage, event id).
 * Its p99 under the same load is what this machine and design can reach.
 */
export async function startPromptFloor(infra: {
  databaseUrl: string;
  natsUrl: string;
  /** Account rows its reserves take in turn: as many as the members whose calls it stands beside. */
  accounts: number;
  writes: FloorWrites;
}): Promise<PromptFloor> {
  const env = {
    DATABASE_URL: infra.databaseUrl,
    NATS_URL: infra.natsUrl,
    // Its own subjects, so two floors can run beside each other.
    FLOOR_SUBJECT: `bench.floor.${process.pid}.${infra.writes}`,
    FLOOR_ACCOUNTS: String(infra.accounts),
    FLOOR_WRITES: infra.writes,
  };
  const script = 'load-tests/servers/prompt-floor.ts';
  const credits = await startServer(script, { ...env, FLOOR_ROLE: 'credits' });
  const service = await startServer(script, { ...env, FLOOR_ROLE: 'service' });
  const gateway = await startServer('load-tests/servers/node-proxy.ts', { UPSTREAM_URL: service.url });
  return {
    url: gateway.url,
    pids: [gateway.process.pid!, service.process.pid!, credits.process.pid!],
    assertRunning: () => {
      for (const [role, server] of Object.entries({ gateway, service, credits })) {
        if (server.process.exitCode !== null || server.process.signalCode !== null)
          throw new Error(`the ${infra.writes} prompt floor's ${role} exited (its error is above)`);
      }
    },
    stop: async () => {
      await Promise.all([gateway.stop(), service.stop()]);
      await credits.stop();
    },
  };
}
