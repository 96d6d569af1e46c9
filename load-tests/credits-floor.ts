// The floor of the credits cycle (docs/performance.md): the reserve+commit cycle's irreducible I/O
// written raw, with no service logic, so the bench can say what the cycle / raw UPDATE ratio can reach on this
// design. Per cycle: one NATS request/reply whose responder runs the reserve's SQL statement, then one JetStream
// publish (with its message id, acked by the server) whose durable consumer runs the commit's SQL (commitHolds, one
// statement, with its processed-event id) and acks. What arrives in one turn of the event loop shares a statement
// (chargeMembers; one commit transaction), as in the service: one statement per message is slower than the service
// itself (measured 145 against 439 cycles/s), so it would be no floor. Left out: validation, the reserver's
// queueing and fallbacks, the worker's retries, logging, leases, deadlines.
import { randomUUID } from 'node:crypto';
import { type ToolId } from '@act/contracts';
import {
  ensureDurableConsumer,
  ensureStream,
  jetstream,
  jetstreamManager,
  type JsMsg,
  type NatsConnection,
  type Sql,
} from '@act/service-kit';
import { chargeMembers, commitHolds, PLAN_ALLOWANCES } from '@act/credits/bench';

export interface CreditsFloor {
  /** One reserve then commit; resolves once the commit is in the stream (like the real client's commit). */
  cycle(userId: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startCreditsFloor(options: {
  sql: Sql;
  nc: NatsConnection;
  namespace: string;
  tool: ToolId;
  cost: number;
}): Promise<CreditsFloor> {
  const { sql, nc, namespace, tool, cost } = options;
  const reserveSubject = `${namespace}.floor.reserve`;
  const commitSubject = `${namespace}.floor.committed`;
  // The notices the floor's spending raises are recorded as credits records them, in the outbox that the credits
  // service beside it relays; the floor's stream takes them too, so that relay's publishes are acked instead of
  // retried with a warning each.
  const noticeSubject = `${namespace}.floor.notice`;
  const stream = `${namespace}_FLOOR`;
  const jsm = await jetstreamManager(nc);
  await ensureStream(jsm, { name: stream, subjects: [commitSubject, noticeSubject] });
  await ensureDurableConsumer(jsm, {
    stream,
    name: 'floor',
    filterSubject: commitSubject,
    maxDeliver: 5,
    ackWaitMs: 30_000,
  });

  type Request = { requestId: string; userId: string };
  let reserves: Array<{ request: Request; respond(data: string): void }> = [];
  const flushReserves = () => {
    // One charge per member per statement (chargeMembers' rule); a member's second waits for the next turn.
    const users = new Set<string>();
    const batch = reserves.filter(({ request }) => !users.has(request.userId) && users.add(request.userId));
    reserves = reserves.filter((reserve) => !batch.includes(reserve));
    if (reserves.length > 0) setImmediate(flushReserves);
    void chargeMembers(
      sql,
      batch.map(({ request }) => ({ ...request, tool, cost })),
      new Date(),
    ).then((remaining) =>
      batch.forEach(({ respond }, i) =>
        respond(JSON.stringify({ ok: remaining[i] !== undefined, remainingCredits: remaining[i] })),
      ),
    );
  };
  const responder = nc.subscribe(reserveSubject, {
    callback: (error, message) => {
      if (error) return;
      const request = JSON.parse(new TextDecoder().decode(message.data)) as Request;
      if (reserves.length === 0) setImmediate(flushReserves);
      reserves.push({ request, respond: (data) => message.respond(data) });
    },
  });

  const js = jetstream(nc);
  const consumer = await js.consumers.get(stream, 'floor');
  const messages = await consumer.consume({ max_messages: 400 });
  let commits: JsMsg[] = [];
  const flushCommits = () => {
    const batch = commits;
    commits = [];
    const events = batch.map((message) => {
      const { requestId } = JSON.parse(new TextDecoder().decode(message.data)) as { requestId: string };
      return { eventId: `${requestId}:committed`, requestId };
    });
    void commitHolds(sql, events, { allowances: PLAN_ALLOWANCES, subject: noticeSubject }, new Date()).then(
      () => batch.forEach((message) => message.ack()),
    );
  };
  const consuming = (async () => {
    for await (const message of messages) {
      if (commits.length === 0) setImmediate(flushCommits);
      commits.push(message);
    }
  })();

  return {
    async cycle(userId) {
      const requestId = randomUUID();
      const reply = await nc.request(reserveSubject, JSON.stringify({ requestId, userId }), {
        timeout: 30_000,
      });
      const { ok } = JSON.parse(new TextDecoder().decode(reply.data)) as { ok: boolean };
      if (!ok) throw new Error('floor reserve refused');
      await js.publish(commitSubject, JSON.stringify({ requestId, userId, tool }), {
        msgID: `${requestId}:committed`,
      });
    },
    async stop() {
      await responder.drain();
      await messages.close();
      await consuming;
      await jsm.streams.delete(stream).catch(() => false);
    },
  };
}
