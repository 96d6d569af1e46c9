// One request/reply subject answered in credits' queue group: NATS hands each request to exactly one replica. Every
// request gets the reply its handler returns (handlers never throw), and stop() drains: no new requests, and the ones
// already delivered finish and reply. The handler gets the id of the HTTP request the message was sent for (the
// REQUEST_ID_HEADER the credits client sets), for its logs.
import { REQUEST_ID_HEADER } from '@act/contracts/server';
import type { Logger, NatsConnection } from '@act/service-kit';
import type { Subscription } from 'nats';

export interface QueueResponder {
  stop(): Promise<void>;
}

export interface QueueResponderOptions {
  nc: NatsConnection;
  subject: string;
  queue: string;
  logger: Logger;
  /** Turns one request's bytes into its reply; must not throw. */
  answer(data: Uint8Array, meta: MessageMeta): Promise<unknown>;
}

export interface MessageMeta {
  /** The id of the HTTP request this message was sent for (gateway → service → here), when it says. */
  requestId?: string;
}

/** The request id a message carries in its REQUEST_ID_HEADER, if any. */
export function messageMeta(headers: { get(name: string): string } | undefined): MessageMeta {
  const requestId = headers?.get(REQUEST_ID_HEADER);
  return requestId ? { requestId } : {};
}

export function startQueueResponder({
  nc,
  subject,
  queue,
  logger,
  answer,
}: QueueResponderOptions): QueueResponder {
  const inFlight = new Set<Promise<void>>();
  const subscription: Subscription = nc.subscribe(subject, {
    queue,
    callback: (error, message) => {
      if (error) {
        logger.error({ err: error, subject }, 'responder subscription error');
        return;
      }
      const task = answer(message.data, messageMeta(message.headers))
        .then((reply) => {
          message.respond(JSON.stringify(reply));
        })
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    },
  });

  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= subscription.drain().then(() => Promise.all(inFlight).then(() => undefined));
      return stopping;
    },
  };
}
