// The creation events on a run's CREATIONS stream, for the tests of the services that own results (issue 37): every
// message in the stream, oldest first, parsed with the contracts' schema, so a test asserts what the library receives.
import { CreationEventSchema, type CreationEvent, type NatsNames } from '@act/contracts/server';
import { jetstreamManager, type NatsConnection } from '../nats';

/** Every creation event on the stream; `id` keeps those of one result. */
export async function creationEvents(
  nc: NatsConnection,
  names: NatsNames,
  id?: string,
): Promise<CreationEvent[]> {
  const jsm = await jetstreamManager(nc);
  const { state } = await jsm.streams.info(names.creationsStream);
  const events: CreationEvent[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
    const message = await jsm.streams.getMessage(names.creationsStream, { seq }).catch(() => null);
    if (!message) continue;
    const event = CreationEventSchema.parse(message.json());
    if (!id || event.id === id) events.push(event);
  }
  return events;
}
