// A scripted stand-in for the credits service on a real NATS server: answers reserve requests with the reply a test
// sets, records them, and reads back the usage events published on JetStream. For unit tests of charging code; the
// real credits service runs in the integration tests.
import {
  REQUEST_ID_HEADER,
  natsNames,
  type ReserveReply,
  type ReserveRequest,
  type UsageEvent,
} from '@act/contracts/server';
import {
  AckPolicy,
  ensureStream,
  jetstream,
  jetstreamManager,
  type JsMsg,
  type NatsConnection,
} from '../nats';

export interface PublishedUsage {
  event: UsageEvent;
  msgId: string | undefined;
  /** The HTTP request id it was sent for (its REQUEST_ID_HEADER), if any. */
  requestIdHeader: string | undefined;
}

export interface ScriptedCredits {
  /** Reserve requests received, oldest first. */
  requests: ReserveRequest[];
  /** The REQUEST_ID_HEADER of each reserve request (same order as requests; undefined when none). */
  requestIdHeaders: Array<string | undefined>;
  /** The reply to send to the next reserve requests. */
  replyWith(reply: ReserveReply): void;
  /** Usage events published so far on one outcome's subject. */
  published(outcome: 'committed' | 'released'): Promise<PublishedUsage[]>;
  stop(): Promise<void>;
}

export async function startScriptedCredits(nc: NatsConnection, namespace: string): Promise<ScriptedCredits> {
  const names = natsNames(namespace);
  const jsm = await jetstreamManager(nc);
  await ensureStream(jsm, { name: names.usageStream, subjects: names.usageStreamSubjects });
  const requests: ReserveRequest[] = [];
  const requestIdHeaders: Array<string | undefined> = [];
  let reply: ReserveReply = { ok: true, cost: 2, remainingCredits: 48 };
  const responder = nc.subscribe(names.reserve, {
    queue: names.reserveQueue,
    callback: (_error, message) => {
      requests.push(JSON.parse(new TextDecoder().decode(message.data)) as ReserveRequest);
      requestIdHeaders.push(message.headers?.get(REQUEST_ID_HEADER) || undefined);
      message.respond(JSON.stringify(reply));
    },
  });

  return {
    requests,
    requestIdHeaders,
    replyWith(next) {
      reply = next;
    },
    async published(outcome) {
      const durable = `read-${Math.random().toString(36).slice(2)}`;
      await jsm.consumers.add(names.usageStream, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        filter_subject: outcome === 'committed' ? names.usageCommitted : names.usageReleased,
      });
      const consumer = await jetstream(nc).consumers.get(names.usageStream, durable);
      // Ask for exactly what is stored, so the fetch returns at once instead of waiting out its expiry.
      const pending = (await consumer.info()).num_pending;
      const out: PublishedUsage[] = [];
      const batch = pending > 0 ? await consumer.fetch({ max_messages: pending, expires: 2_000 }) : [];
      for await (const message of batch as AsyncIterable<JsMsg>) {
        out.push({
          event: JSON.parse(new TextDecoder().decode(message.data)) as UsageEvent,
          msgId: message.headers?.get('Nats-Msg-Id'),
          requestIdHeader: message.headers?.get(REQUEST_ID_HEADER) || undefined,
        });
        message.ack();
      }
      await jsm.consumers.delete(names.usageStream, durable);
      return out;
    },
    async stop() {
      responder.unsubscribe();
      await jsm.streams.delete(names.usageStream).catch(() => undefined);
    },
  };
}
