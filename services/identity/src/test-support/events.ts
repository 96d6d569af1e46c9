// Reads what identity published on its JetStream stream, the way a consumer (credits) would see it.
import { natsNames, UserCreatedEventSchema, type UserCreatedEvent } from '@act/contracts/server';
import { jetstreamManager, type NatsConnection } from '@act/service-kit';

export interface PublishedUserCreated {
  event: UserCreatedEvent;
  subject: string;
  messageId: string | undefined;
}

export async function readUserCreatedEvents(
  nc: NatsConnection,
  namespace: string,
): Promise<PublishedUserCreated[]> {
  const names = natsNames(namespace);
  const jsm = await jetstreamManager(nc);
  const info = await jsm.streams.info(names.identityStream);
  const events: PublishedUserCreated[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq += 1) {
    const message = await jsm.streams.getMessage(names.identityStream, { seq });
    if (!message || message.subject !== names.userCreated) continue;
    events.push({
      event: UserCreatedEventSchema.parse(message.json()),
      subject: message.subject,
      messageId: message.header?.get('Nats-Msg-Id') || undefined,
    });
  }
  return events;
}

/** Waits until the user's event is on the stream (publishing happens right after the sign-up commits). */
export async function waitForUserCreated(
  nc: NatsConnection,
  namespace: string,
  userId: string,
  timeoutMs = 5_000,
): Promise<PublishedUserCreated> {
  const names = natsNames(namespace);
  // Subscribed before the stream is read, so an event published in between is seen live instead of missed.
  const live = nc.subscribe(names.userCreated);
  const timer = setTimeout(() => live.unsubscribe(), timeoutMs);
  try {
    const stored = (await readUserCreatedEvents(nc, namespace)).find(
      (entry) => entry.event.userId === userId,
    );
    if (stored) return stored;
    for await (const message of live) {
      const event = UserCreatedEventSchema.parse(message.json());
      if (event.userId !== userId) continue;
      return { event, subject: message.subject, messageId: message.headers?.get('Nats-Msg-Id') || undefined };
    }
  } finally {
    clearTimeout(timer);
    live.unsubscribe();
  }
  throw new Error(`no identity.user.created event for ${userId} within ${timeoutMs} ms`);
}
