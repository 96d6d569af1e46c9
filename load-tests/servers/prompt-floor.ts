// The floor of a Magic Enhance call on this design: the same processes and hops as gateway → prompt → credits, written
// raw, with none of our middleware (no Koa, no JWT, no schema validation, no logging, no metrics). The gateway is
// servers/node-proxy.ts; this script plays the other two (FLOOR_ROLE):
// - credits: a NATS responder that runs one raw conditional UPDATE per reserve (credits' hold is one transaction) on
//   the account row the reserve names (FLOOR_ACCOUNTS rows, as many as the bench's members, taken in turn), and a
//   JetStream consumer of the commits that applies each batch with one raw UPDATE of those rows, then acks them (our
//   credits settles every hold in its database the same way, batch by batch: without it the floor would skip half of
//   the design's writes);
// - service: node:http in, a NATS request/reply to credits, the same local rule-based enhance the bench's prompt
//   service runs, a JetStream publish with an awaited ack (the commit), then the JSON reply;
// Whatever our prompt path trims, its p99 cannot pass this one's (docs/architecture.md#performance).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AckPolicy, connect, StorageType, type JsMsg } from 'nats';
import postgres from 'postgres';
import { enhancePromptByRules } from '../../services/prompt/src/providers/magic-enhance-rules';

const role = process.env.FLOOR_ROLE;
const prefix = process.env.FLOOR_SUBJECT ?? 'bench.floor';
const accounts = Number(process.env.FLOOR_ACCOUNTS ?? 1);

function ready(server: ReturnType<typeof createServer>): void {
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => console.log(`READY ${(server.address() as AddressInfo).port}`));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

if (role === 'credits') {
  const sql = postgres(process.env.DATABASE_URL!, { max: 10 });
  const table = `bench_floor_${process.pid}`;
  await sql.unsafe(
    `CREATE TABLE IF NOT EXISTS ${table} (id int PRIMARY KEY, balance bigint NOT NULL, committed bigint NOT NULL DEFAULT 0)`,
  );
  await sql.unsafe(
    `INSERT INTO ${table} SELECT id, 1000000000000 FROM generate_series(1, ${accounts}) AS id ON CONFLICT (id) DO NOTHING`,
  );
  const nc = await connect({ servers: process.env.NATS_URL! });
  const sub = nc.subscribe(`${prefix}.reserve`, { queue: 'floor' });
  void (async () => {
    for await (const message of sub) {
      const { account } = message.json<{ account: number }>();
      void sql
        .unsafe(
          `UPDATE ${table} SET balance = balance - 1 WHERE id = $1 AND balance >= 1 RETURNING balance`,
          [account],
        )
        .then((rows) => message.respond(JSON.stringify({ ok: true, balance: Number(rows[0]!.balance) })));
    }
  })();
  // The commits: a stream of their own, one durable consumer, the messages that arrived together applied as one batch.
  const stream = `BENCH_FLOOR_${process.pid}`;
  const jsm = await nc.jetstreamManager();
  await jsm.streams.add({ name: stream, subjects: [`${prefix}.usage.>`], storage: StorageType.File });
  await jsm.consumers.add(stream, { durable_name: 'floor', ack_policy: AckPolicy.Explicit });
  const commits = await (await nc.jetstream().consumers.get(stream, 'floor')).consume({ max_messages: 400 });
  const queue: JsMsg[] = [];
  let scheduled = false;
  const apply = () => {
    scheduled = false;
    const batch = queue.splice(0);
    const ids = batch.map((message) => message.json<{ account: number }>().account);
    void sql
      .unsafe(
        `UPDATE ${table} SET committed = committed + c.n
         FROM (SELECT id, count(*) AS n FROM unnest($1::int[]) AS id GROUP BY id) AS c WHERE ${table}.id = c.id`,
        [ids],
      )
      .then(
        () => batch.forEach((message) => message.ack()),
        // Delivered again, as credits' consumer would have it.
        () => batch.forEach((message) => message.nak()),
      );
  };
  void (async () => {
    for await (const message of commits) {
      queue.push(message);
      if (!scheduled) {
        scheduled = true;
        setImmediate(apply);
      }
    }
  })();
  const stop = async () => {
    await jsm.streams.delete(stream).catch(() => undefined);
    await nc.drain();
    await sql.unsafe(`DROP TABLE IF EXISTS ${table}`);
    await sql.end();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  // Not an HTTP server: port 0 says it is listening on NATS.
  console.log('READY 0');
} else if (role === 'service') {
  const nc = await connect({ servers: process.env.NATS_URL! });
  // The commits' stream is credits' (started first).
  const js = nc.jetstream();
  let calls = 0;
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const { text } = JSON.parse(await readBody(req)) as { text: string };
        const requestId = randomUUID();
        const account = 1 + (calls++ % accounts);
        const reply = await nc.request(
          `${prefix}.reserve`,
          JSON.stringify({ requestId, account, amount: 1 }),
          {
            timeout: 5_000,
          },
        );
        const { balance } = reply.json<{ balance: number }>();
        const enhanced = enhancePromptByRules(text);
        await js.publish(`${prefix}.usage.committed`, JSON.stringify({ requestId, account, amount: 1 }), {
          msgID: `${requestId}:committed`,
        });
        const body = JSON.stringify({ text: enhanced, remainingCredits: balance });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      } catch {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      }
    })();
  });
  process.once('SIGTERM', () => {
    void nc.drain().then(() => process.exit(0));
  });
  ready(server);
} else {
  throw new Error(`FLOOR_ROLE is credits or service, not ${role}`);
}
