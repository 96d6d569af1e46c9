import { describe, expect, it } from 'vitest';
import { createGenerationRegistry } from './generations';

/** A reply that runs until it is stopped, and says why it ended. */
function untilStopped(signal: AbortSignal): Promise<string> {
  return new Promise((resolve) =>
    signal.addEventListener('abort', () => resolve(`stopped: ${String(signal.reason)}`), { once: true }),
  );
}

describe('generation registry', () => {
  it('replays the events so far to a late subscriber, then follows, and forgets a reply once it ends', async () => {
    const registry = createGenerationRegistry();
    let finish!: () => void;
    const generation = registry.start(
      'r1',
      'u1',
      async (g) => {
        g.emit({ type: 'delta', text: 'a' });
        await new Promise<void>((resolve) => (finish = resolve));
        g.emit({ type: 'delta', text: 'b' });
        return 'done';
      },
      () => 'crashed',
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    const seen: string[] = [];
    generation.subscribe((event) => seen.push(event.type === 'delta' ? event.text : event.type));
    expect(registry.get('r1')).toBe(generation);
    finish();
    expect(await generation.finished).toBe('done');
    expect(seen).toEqual(['a', 'b']);
    expect(registry.get('r1')).toBeUndefined();
    expect(registry.size).toBe(0);
  });

  it('turns a crash into an outcome, so waiters are never left hanging', async () => {
    const registry = createGenerationRegistry();
    const generation = registry.start(
      'r2',
      'u1',
      async () => {
        throw new Error('bug');
      },
      (error) => `crashed: ${(error as Error).message}`,
    );
    expect(await generation.finished).toBe('crashed: bug');
  });

  it('drains: takes no new reply, lets running ones finish, and stops those left when the grace is over', async () => {
    const registry = createGenerationRegistry();
    const quick = registry.start(
      'q',
      'u',
      async () => 'finished',
      () => 'crashed',
    );
    const slow = registry.start(
      's',
      'u',
      (g) => untilStopped(g.signal),
      () => 'crashed',
    );
    const started = Date.now();
    await registry.drain(200);
    expect(registry.accepting).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(await quick.finished).toBe('finished');
    expect(await slow.finished).toBe('stopped: shutdown');
  });

  it('drains at once when nothing runs', async () => {
    const registry = createGenerationRegistry();
    const started = Date.now();
    await registry.drain(10_000);
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('keeps a bounded replay: past the cap a late subscriber gets only the first event, then what follows', async () => {
    const registry = createGenerationRegistry();
    let finish!: () => void;
    const generation = registry.start(
      'r3',
      'u1',
      async (g) => {
        g.emit({ type: 'start', sessionId: crypto.randomUUID(), messageId: crypto.randomUUID() });
        for (let i = 0; i < 500; i += 1) g.emit({ type: 'delta', text: String(i) });
        await new Promise<void>((resolve) => (finish = resolve));
        g.emit({ type: 'delta', text: 'last' });
        return 'done';
      },
      () => 'crashed',
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    const seen: string[] = [];
    generation.subscribe((event) => seen.push(event.type === 'delta' ? event.text : event.type));
    finish();
    await generation.finished;
    expect(seen).toEqual(['start', 'last']);
  });
});
