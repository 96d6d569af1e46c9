// One request/reply subject answered in credits' queue group: NATS hands each request to exactly one replica. Every
// request gets the reply its handler returns (handlers never throw), and stop() drains: no new requests, and the ones
// already delivered finish and reply.
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
  answer(data: Uint8Array): Promise<unknown>;
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
      const task = answer(message.data)
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
