import { describe, expect, it } from 'vitest';
import { createInFlight } from './in-flight';

describe('createInFlight', () => {
  it('passes each result through and drains only once everything tracked has settled', async () => {
    const inFlight = createInFlight();
    let finishSlow: (value: string) => void = () => undefined;
    const slow = inFlight.track(new Promise<string>((resolve) => (finishSlow = resolve)));
    const failed = inFlight.track(Promise.reject(new Error('provider failed')));
    await expect(failed).rejects.toThrow('provider failed');
    expect(inFlight.size).toBe(1);

    let drained = false;
    const draining = inFlight.drain().then(() => (drained = true));
    await Promise.resolve();
    expect(drained).toBe(false);
    finishSlow('image');
    await expect(slow).resolves.toBe('image');
    await draining;
    expect(inFlight.size).toBe(0);
  });
});
