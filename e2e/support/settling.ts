// What the whole-system fault tests wait for before they check the money: usage events still in credits' stream,
// and how a condition is polled until it holds (the system settles asynchronously after a kill or a restart).
import { natsNames } from '@act/contracts/server';
import { connectNats, jetstreamManager } from '@act/service-kit';

/** Usage events credits has not yet applied (pending or awaiting their ack) in the namespace's usage stream. */
export async function pendingUsageEvents(natsUrl: string, namespace: string): Promise<number> {
  const nc = await connectNats({ url: natsUrl, name: `settling-check-${namespace}` });
  try {
    const jsm = await jetstreamManager(nc);
    const consumers = await jsm.consumers.list(natsNames(namespace).usageStream).next();
    return consumers.reduce((sum, info) => sum + info.num_pending + info.num_ack_pending, 0);
  } finally {
    await nc.close();
  }
}

/** How the whole-system tests poll with the kit's waitUntil: a read that throws counts as not yet (the system may be
 * restarting), and every half second is often enough. */
export const SETTLING = { intervalMs: 500, retryErrors: true } as const;
