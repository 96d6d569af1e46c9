// The /proc readings the memory tests and the bench go by, taken of this process, whose memory and CPU it controls.
import { describe, expect, it } from 'vitest';
import { processCpuMs, processMemoryKb } from './proc-stats';

describe('a process as /proc reports it', () => {
  it('holds what it allocates, and its high-water mark is never below it', async () => {
    const before = await processMemoryKb(process.pid);
    const held = Buffer.alloc(64 * 1024 * 1024, 1);
    const after = await processMemoryKb(process.pid);
    expect(after - before).toBeGreaterThan(60 * 1024);
    expect(await processMemoryKb(process.pid, 'VmHWM')).toBeGreaterThanOrEqual(after);
    expect(held[held.length - 1]).toBe(1);
  });

  it('counts the CPU it spends, in milliseconds, as the process itself counts it', async () => {
    const before = await processCpuMs(process.pid);
    const own = process.cpuUsage();
    // Spin until the process itself has counted 300 ms of CPU (wall time would read less on busy cores).
    while (process.cpuUsage(own).user < 300_000);
    const ownMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(own));
    const spent = (await processCpuMs(process.pid)) - before;
    // /proc counts in 10 ms ticks, and other threads (the collector, I/O) add a little.
    expect(spent).toBeGreaterThanOrEqual(ownMs - 20);
    expect(spent).toBeLessThan(ownMs + 200);
  });

  it('says so when there is no such process', async () => {
    await expect(processMemoryKb(2 ** 30)).rejects.toThrow();
    await expect(processCpuMs(2 ** 30)).rejects.toThrow();
  });
});
