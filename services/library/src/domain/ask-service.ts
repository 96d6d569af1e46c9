// One NATS question from the library to a service that owns results (delete one, read one chat answer), its answer
// checked against the contract's schema. Nothing answering in time, a bad reply or no NATS at all is one failure
// the caller turns into a 503: the library never guesses what the owning service would have said.
import type { z } from 'zod';
import { isNatsConnected, type NatsConnection } from '@act/service-kit';

export class NoAnswerError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'NoAnswerError';
  }
}

export async function askService<T>(
  nc: NatsConnection,
  subject: string,
  request: unknown,
  schema: z.ZodType<T>,
  timeoutMs: number,
): Promise<T> {
  if (!isNatsConnected(nc)) throw new NoAnswerError('NATS is not connected');
  let data: Uint8Array;
  try {
    data = (await nc.request(subject, JSON.stringify(request), { timeout: timeoutMs })).data;
  } catch (error) {
    throw new NoAnswerError('no answer in time', { cause: error });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(data));
  } catch {
    raw = undefined;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new NoAnswerError('a reply that is not the contract’s');
  return parsed.data;
}
