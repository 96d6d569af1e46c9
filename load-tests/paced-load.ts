// Open-loop load at a constant arrival rate: request i leaves at start + i/rate whether or not earlier ones have
// answered, and its latency counts from that scheduled moment, so a stall shows up in the percentiles instead of
// silently lowering the rate (coordinated omission). autocannon's `overallRate` instead lets each connection send
// its share of a second back to back when the second starts, which measures bursts of the whole second's load.
import http from 'node:http';

export interface PacedLoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Requests per second. */
  rate: number;
  durationSeconds: number;
  /** Keep-alive sockets the client may open (default 64); more in flight than this wait for a socket. */
  maxSockets?: number;
  /** Bearer tokens taken in turn, one per request (see takingTurns in bench-kit.ts). */
  tokens?: readonly string[];
}

export interface PacedLoadResult {
  /** Answers per second over the run (completed / elapsed). */
  rps: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Socket errors. */
  errors: number;
  non2xx: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export async function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 64 });
  const headers: Record<string, string | number> = { ...options.headers };
  if (options.body !== undefined) headers['content-length'] = Buffer.byteLength(options.body);
  const total = Math.round(options.rate * options.durationSeconds);
  const intervalMs = 1000 / options.rate;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;

  const send = (scheduledAt: number, index: number) =>
    new Promise<void>((resolve) => {
      const tokens = options.tokens;
      const sentHeaders = tokens
        ? { ...headers, authorization: `Bearer ${tokens[index % tokens.length]}` }
        : headers;
      const request = http.request(
        url,
        { method: options.method ?? 'GET', headers: sentHeaders, agent },
        (response) => {
          response.resume();
          response.once('end', () => {
            latencies.push(performance.now() - scheduledAt);
            if (response.statusCode === undefined || response.statusCode >= 300) non2xx++;
            resolve();
          });
        },
      );
      request.once('error', () => {
        errors++;
        resolve();
      });
      request.end(options.body);
    });

  const start = performance.now();
  const inFlight: Array<Promise<void>> = [];
  let sent = 0;
  while (sent < total) {
    // Sends everything that is due (a late timer sends the backlog at once, each timed from its own slot).
    const now = performance.now();
    while (sent < total && start + sent * intervalMs <= now) {
      inFlight.push(send(start + sent * intervalMs, sent));
      sent++;
    }
    const next = start + sent * intervalMs - performance.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next)));
  }
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - start) / 1000;
  agent.destroy();

  const sorted = latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(latencies.length / elapsedSeconds),
    p50Ms: round(percentile(sorted, 50)),
    p90Ms: round(percentile(sorted, 90)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? Number.NaN),
    errors,
    non2xx,
  };
}
