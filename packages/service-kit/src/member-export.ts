// The member's data export over NATS (docs/architecture.md#data-export), both ends in one place: each service that
// holds member data answers `member.export.<service>` with answerMemberExport (one replica of its queue group), and
// identity's exporter asks with requestMemberExport. A part is JSON text sent in chunks under NATS's payload limit and
// ended by an empty message, so a long chat history never hits the 1 MB message limit; stored files travel as
// object-store keys only (the exporter streams their bytes from the object store into the zip).
import {
  MemberExportPartSchema,
  MemberExportRequestSchema,
  type MemberExportPart,
  type MemberExportRequest,
  type MemberExportService,
  type NatsNames,
} from '@act/contracts/server';
import type { Logger } from './logger';
import { answerWhenDone, natsHeaders, type NatsConnection } from './nats';

/** Set on the one message a responder sends instead of its part when it could not collect it. */
const FAILED_HEADER = 'Member-Export-Failed';
/** NATS's default max_payload; the server's own figure is used when the connection knows it. */
const DEFAULT_MAX_PAYLOAD = 1024 * 1024;

export interface MemberExportResponderOptions {
  nc: NatsConnection;
  names: NatsNames;
  service: MemberExportService;
  logger: Logger;
  /** Everything the service keeps for this member, and nobody else's (a query filtered by user id). */
  collect(userId: string): Promise<MemberExportPart>;
}

export interface MemberExportResponder {
  stop(): Promise<void>;
}

/** Answers identity's export requests for this service's part. */
export function answerMemberExport(options: MemberExportResponderOptions): MemberExportResponder {
  const { nc, names, service, logger } = options;
  const subscription = nc.subscribe(`${names.memberExportPrefix}.${service}`, {
    queue: names.memberExportQueue,
    callback: (error, msg) => {
      if (error) return logger.error({ err: error }, 'member export requests stopped');
      if (!msg.reply) return;
      const reply = msg.reply;
      let request: MemberExportRequest;
      try {
        request = MemberExportRequestSchema.parse(msg.json());
      } catch {
        return void msg.respond('', { headers: failedHeaders() });
      }
      answerWhenDone(
        logger,
        options.collect(request.userId),
        (part) => {
          // Each chunk is a publish to the same reply subject on one connection: they arrive in order.
          for (const chunk of chunksOf(JSON.stringify(part), chunkBytes(nc))) nc.publish(reply, chunk);
          nc.publish(reply, new Uint8Array());
        },
        (err: unknown) => {
          logger.error({ err, exportId: request.exportId }, 'could not collect a member export part');
          nc.publish(reply, '', { headers: failedHeaders() });
        },
      );
    },
  });
  return { stop: async () => subscription.unsubscribe() };
}

export class MemberExportFailed extends Error {
  constructor(
    readonly service: MemberExportService,
    reason: string,
  ) {
    super(`the ${service} part of the export failed: ${reason}`);
    this.name = 'MemberExportFailed';
  }
}

/**
 * Asks one service for its part and reassembles it. Throws MemberExportFailed when the service does not answer
 * completely within `timeoutMs`, says it failed, or answers something that is not a part: never a partial part.
 */
export async function requestMemberExport(
  nc: NatsConnection,
  names: NatsNames,
  service: MemberExportService,
  request: MemberExportRequest,
  timeoutMs: number,
): Promise<MemberExportPart> {
  const chunks: Uint8Array[] = [];
  let ended: boolean;
  try {
    const replies = await nc.requestMany(`${names.memberExportPrefix}.${service}`, JSON.stringify(request), {
      strategy: 'sentinel',
      maxWait: timeoutMs,
    });
    for await (const msg of replies) {
      if (msg.headers?.get(FAILED_HEADER))
        throw new MemberExportFailed(service, 'the service could not collect it');
      if (msg.headers?.hasError) throw new MemberExportFailed(service, `no answer (${msg.headers.code})`);
      chunks.push(msg.data);
    }
    // The sentinel (an empty message) is the last one yielded; running out of time ends the iteration without it.
    ended = chunks.at(-1)?.length === 0;
  } catch (error) {
    if (error instanceof MemberExportFailed) throw error;
    throw new MemberExportFailed(service, error instanceof Error ? error.message : String(error));
  }
  if (!ended) throw new MemberExportFailed(service, 'no complete answer in time');
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return MemberExportPartSchema.parse(JSON.parse(text));
  } catch {
    throw new MemberExportFailed(service, 'the answer was incomplete or malformed');
  }
}

function failedHeaders() {
  const headers = natsHeaders();
  headers.set(FAILED_HEADER, '1');
  return headers;
}

/** Room left for the subject and headers of each message. */
function chunkBytes(nc: NatsConnection): number {
  return Math.floor((nc.info?.max_payload ?? DEFAULT_MAX_PAYLOAD) / 2);
}

function* chunksOf(text: string, size: number): Generator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

/** Database rows as the export's JSON: column names in camelCase (top level only; a JSON column's content is kept). */
export function exportRows<T extends object>(rows: readonly T[]): Array<Record<string, unknown>> {
  return rows.map((row) => exportRow(row));
}

export function exportRow<T extends object>(row: T): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()),
      value,
    ]),
  );
}
