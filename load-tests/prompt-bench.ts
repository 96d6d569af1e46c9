// Benchmark of one full paid tool call through the gateway: Magic Enhance (POST /api/prompt/generate-text-prompt)
// at a fixed arrival rate. Each request is JWT-checked by the gateway and the prompt service, reserves a credit over
// NATS (credits' PostgreSQL transaction), runs the provider and publishes the commit to JetStream with an awaited ack.
// Run it against a prompt service with an instant provider (PROMPT_PROVIDER=local: rule-based enhance, or a fake
// OpenAI-compatible server that answers at once) so the figure measures our path, not a model.
import autocannon from 'autocannon';

export interface PromptBenchOptions {
  /** Arrival rate, requests per second (default 200, the target load). */
  rate?: number;
  /** Measured seconds (default BENCH_SECONDS or 10). */
  durationSeconds?: number;
  /** Open connections; enough that a slow response never throttles the arrival rate. */
  connections?: number;
  /** Unmeasured seconds first, so JIT, pools and JWKS caches are warm (default 2). */
  warmupSeconds?: number;
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

const BODY = JSON.stringify({ text: 'a lighthouse on a cliff at dusk', toolName: 'magic-enhance' });

/** The credits a run spends: the token's member needs at least this many (1 per call). */
export function creditsNeeded(options: PromptBenchOptions = {}): number {
  const rate = options.rate ?? 200;
  return Math.ceil(
    rate * ((options.durationSeconds ?? defaultSeconds()) + (options.warmupSeconds ?? 2)) * 1.05,
  );
}

function defaultSeconds(): number {
  return Number(process.env.BENCH_SECONDS ?? 10);
}

export async function benchPromptTool(
  gatewayUrl: string,
  token: string,
  options: PromptBenchOptions = {},
): Promise<PromptBenchResult> {
  const rate = options.rate ?? 200;
  const run = (duration: number) =>
    autocannon({
      url: `${gatewayUrl.replace(/\/$/, '')}/api/prompt/generate-text-prompt`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: BODY,
      connections: options.connections ?? 50,
      duration,
      overallRate: rate,
    });
  const warmup = options.warmupSeconds ?? 2;
  if (warmup > 0) await run(warmup);
  const result = await run(options.durationSeconds ?? defaultSeconds());
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
