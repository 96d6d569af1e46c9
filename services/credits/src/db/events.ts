// processed_events: ids of events already applied (usage outcomes, billing webhooks), so a redelivery is a no-op.
import type { Db } from '@act/service-kit';

/** Records the event id; false when it was recorded before (the caller must then change nothing). */
export async function recordProcessedEvent(
  db: Db,
  eventId: string,
  source: string,
  now: Date,
): Promise<boolean> {
  const rows = await db`
    insert into processed_events (event_id, source, processed_at)
    values (${eventId}, ${source}, ${now})
    on conflict (event_id) do nothing
    returning event_id`;
  return rows.length > 0;
}
