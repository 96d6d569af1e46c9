// The one observing wrapper: each named method of a provider counted as one call with its provider, operation and
// outcome (ok, error, aborted by the caller's signal), the rest passed through.
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../metrics';
import { observeProvider } from './observe';

interface Speaker {
  readonly name: string;
  speak(input: { text: string; signal?: AbortSignal }): Promise<string>;
  edit(input: { tool: string }, options: { signal: AbortSignal }): Promise<string>;
  close(): Promise<void>;
}

async function count(metrics: ReturnType<typeof createMetrics>, labels: Record<string, string>) {
  const family = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === 'provider_calls_total');
  const values = (family?.values ?? []) as Array<{ labels: Record<string, unknown>; value: number }>;
  return values
    .filter((v) => Object.entries(labels).every(([key, value]) => v.labels[key] === value))
    .reduce((sum, v) => sum + v.value, 0);
}

describe('observeProvider', () => {
  it('counts each call with its operation and outcome, and passes results, errors and other members through', async () => {
    const metrics = createMetrics('observe-test');
    let closed = false;
    const speaker: Speaker = {
      name: 'fake',
      speak: async ({ text, signal }) => {
        if (text === 'fail') throw new Error('provider failed');
        if (signal) {
          await new Promise((_, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason as Error)),
          );
        }
        return text.toUpperCase();
      },
      edit: async ({ tool }) => `edited ${tool}`,
      close: async () => {
        closed = true;
      },
    };
    const observed = observeProvider(speaker, {
      metrics,
      provider: 'fake',
      operations: { speak: 'text-to-speech', edit: (input) => input.tool },
    });

    expect(observed.name).toBe('fake');
    expect(await observed.speak({ text: 'hi' })).toBe('HI');
    await expect(observed.speak({ text: 'fail' })).rejects.toThrow('provider failed');
    const stop = new AbortController();
    const stopped = observed.speak({ text: 'long', signal: stop.signal });
    stop.abort(new DOMException('gone', 'AbortError'));
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
    expect(await observed.edit({ tool: 'cartoonify' }, { signal: new AbortController().signal })).toBe(
      'edited cartoonify',
    );
    await observed.close();
    expect(closed).toBe(true);

    const speak = { provider: 'fake', operation: 'text-to-speech' };
    expect(await count(metrics, { ...speak, outcome: 'ok' })).toBe(1);
    expect(await count(metrics, { ...speak, outcome: 'error' })).toBe(1);
    expect(await count(metrics, { ...speak, outcome: 'aborted' })).toBe(1);
    expect(await count(metrics, { provider: 'fake', operation: 'cartoonify', outcome: 'ok' })).toBe(1);
    expect(await count(metrics, { operation: 'close' })).toBe(0);
  });
});
