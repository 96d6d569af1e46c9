// JetStream set-up owned by credits: the USAGE and NOTICES streams, and the IDENTITY stream when identity has not
// created it yet (credits reads USAGE and IDENTITY with the kit's durable consumers).
import type { NatsNames } from '@act/contracts/server';
import {
  ensureStream,
  JetStreamApiCodes,
  jetStreamApiCode,
  jetstreamManager,
  type NatsConnection,
} from '@act/service-kit';

/** `replicas`: JETSTREAM_REPLICAS, the copies a clustered NATS keeps of each stream (1 on a single server). */
export async function ensureCreditsStreams(
  nc: NatsConnection,
  names: NatsNames,
  replicas = 1,
): Promise<void> {
  const jsm = await jetstreamManager(nc);
  await ensureStream(jsm, { name: names.usageStream, subjects: names.usageStreamSubjects, replicas });
  // Notice events carry their notice id as message id; identity queues each e-mail once whatever the window.
  await ensureStream(jsm, {
    name: names.noticesStream,
    subjects: names.noticesStreamSubjects,
    duplicateWindowMs: 10 * 60 * 1000,
    replicas,
  });
  // IDENTITY is identity's stream: create it only when missing, never rewrite the owner's settings.
  try {
    await jsm.streams.info(names.identityStream);
  } catch (error) {
    if (jetStreamApiCode(error) !== JetStreamApiCodes.StreamNotFound) throw error;
    await ensureStream(jsm, { name: names.identityStream, subjects: names.identityStreamSubjects, replicas });
  }
}
