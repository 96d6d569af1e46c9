// Reads a service's /metrics (Prometheus text format) from its ops listener, for tests that check what an operator's
// Prometheus would see: which series exist, with which labels, and their values.
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface ScrapedMetrics {
  samples: MetricSample[];
  /** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
  value(name: string, labels?: Record<string, string>): number;
  /** The label names (sorted) each sample named `name` carries, deduplicated. */
  labelNames(name: string): string[][];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseMetrics(text: string): ScrapedMetrics {
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.trim()) continue;
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = raw!.replace(/\\(.)/g, '$1');
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  const matching = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return {
    samples,
    value: (name, labels) => matching(name, labels).reduce((sum, s) => sum + s.value, 0),
    labelNames(name) {
      const seen = new Map<string, string[]>();
      for (const s of matching(name)) {
        const keys = Object.keys(s.labels).sort();
        seen.set(keys.join(','), keys);
      }
      return [...seen.values()];
    },
  };
}

/** GET `${opsUrl}/metrics`, parsed. */
export async function scrapeMetrics(opsUrl: string): Promise<ScrapedMetrics> {
  const response = await fetch(`${opsUrl}/metrics`);
  if (!response.ok) throw new Error(`GET ${opsUrl}/metrics answered ${response.status}`);
  return parseMetrics(await response.text());
}

/** The label names every service's shared families carry (`service` is each registry's default label). */
export const SHARED_METRIC_LABELS = {
  provider_calls_total: ['operation', 'outcome', 'provider', 'service'],
  provider_call_duration_seconds_count: ['operation', 'outcome', 'provider', 'service'],
  credits_charges_total: ['outcome', 'service', 'tool'],
  http_request_duration_seconds_count: ['method', 'route', 'service', 'status'],
} as const;
