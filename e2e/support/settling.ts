// What the whole-system fault tests wait for before they check the money: usage events still in credits' stream,
// and a condition polled until it holds (the system settles asynchronously after a kill or a restart).
import { natsNames } from '@act/contracts/server';
import { connectNats } from '@act/service-kit';

/** Usage events credits has not yet applied (pending or awaiting their ack) in the namespace's usage stream. */
export async function pendingUsageEvents(natsUrl: string, namespace: string): Promise<number> {
  const nc = await connectNats({ url: natsUrl, name: `settling-check-${namespace}` });
  try {
    const jsm = await nc.jetstreamManager();
    const consumers = await jsm.consumers.list(natsNames(namespace).usageStream).next();
    return consumers.reduce((sum, info) => sum + info.num_pending + info.num_ack_pending, 0);
  } finally {
    await nc.close();
  }
}

/** Polls `read` until `done` accepts its value; a read that throws counts as not yet (the system may be restarting). */
export async function waitUntil<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  intervalMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
