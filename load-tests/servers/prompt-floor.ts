// The floor of a Magic Enhance call on this design: the same processes and hops as gateway → prompt → credits, written
// raw, with none of our middleware (no Koa, no JWT, no schema validation, no logging, no metrics). The gateway is
// servers/node-proxy.ts; this script plays the other two (FLOOR_ROLE):
// - credits: a NATS responder that reserves with one raw statement per call on the account row the reserve names
//   (FLOOR_ACCOUNTS rows, as many as the bench's members, taken in turn), and a JetStream consumer of the commits that
//   applies each batch with one raw statement, then acks them (naks on failure), as credits settles every hold;
// - service: node:http in, a NATS request/reply to credits, the same local rule-based enhance the bench's prompt
//   service runs, a JetStream publish with an awaited ack (the commit), then the JSON reply.
// FLOOR_WRITES says what those statements write. `bare`: one conditional UPDATE of the account per reserve and one per
// commit batch, the hops and nothing else. `design`: what the design requires every charged call to keep. In credits,
// the rows it keeps for every member's use, with the indexes that read them (docs/architecture.md#credits): the
// reserve takes the credit, writes the hold and its ledger row; a commit batch records each event id, moves each hold
// to committed, writes its usage row and counts the spend on the account. In the service, since issue 37 (a member's
// result is stored and announced to the library), its own tables shaped as prompt_results and the kit's
// jetstream_outbox: one statement (its own transaction) stores the result and records the charge's commit and the
// result's `creation.created` as outbox rows, the reply goes out, then the service publishes both with awaited acks
// and marks them published, the rows published together in one UPDATE. No relay query, no schema check: the
// least an outbox can cost. Whatever our prompt path trims, its CPU and p99 cannot pass the design floor's
// (docs/performance.md).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AckPolicy, jetstream, jetstreamManager, StorageType, type JsMsg } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import postgres from 'postgres';
import { enhancePromptByRules } from '@act/prompt/bench';

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

const writes = process.env.FLOOR_WRITES ?? 'bare';
if (writes !== 'bare' && writes !== 'design')
  throw new Error(`FLOOR_WRITES is bare or design, not ${writes}`);

if (role === 'credits') {
  const sql = postgres(process.env.DATABASE_URL!, { max: 10 });
  const table = `bench_floor_${process.pid}`;
  const [holds, ledger, usage, processed] = ['holds', 'ledger', 'usage', 'processed'].map(
    (name) => `${table}_${name}`,
  );
  await sql.unsafe(
    `CREATE TABLE IF NOT EXISTS ${table} (id int PRIMARY KEY, balance bigint NOT NULL, committed bigint NOT NULL DEFAULT 0)`,
  );
  await sql.unsafe(
    `INSERT INTO ${table} SELECT id, 1000000000000 FROM generate_series(1, ${accounts}) AS id ON CONFLICT (id) DO NOTHING`,
  );
  if (writes === 'design') {
    // credits' holds, ledger, tool_usage and processed_events, with the indexes a member's rows update.
    await sql.unsafe(`
      CREATE TABLE ${holds} (request_id uuid PRIMARY KEY, account int NOT NULL, cost int NOT NULL, status text NOT NULL,
        created_at timestamptz NOT NULL, settled_at timestamptz);
      CREATE INDEX ON ${holds} (created_at) WHERE status = 'held';
      CREATE TABLE ${ledger} (id bigserial PRIMARY KEY, account int NOT NULL, delta int NOT NULL, request_id uuid,
        idempotency_key text UNIQUE, at timestamptz NOT NULL);
      CREATE INDEX ON ${ledger} (account, id DESC);
      CREATE TABLE ${usage} (id bigserial PRIMARY KEY, request_id uuid UNIQUE, account int NOT NULL, cost int NOT NULL,
        at timestamptz NOT NULL);
      CREATE INDEX ON ${usage} (account, at DESC, id DESC);
      CREATE TABLE ${processed} (event_id text PRIMARY KEY, processed_at timestamptz NOT NULL);`);
  }
  const reserveStatement =
    writes === 'bare'
      ? `UPDATE ${table} SET balance = balance - 1 WHERE id = $1 AND balance >= 1 RETURNING balance`
      : `WITH charged AS (
           UPDATE ${table} SET balance = balance - 1 WHERE id = $1 AND balance >= 1 RETURNING balance
         ), held AS (
           INSERT INTO ${holds} (request_id, account, cost, status, created_at)
           SELECT $2, $1, 1, 'held', now() FROM charged RETURNING request_id
         ), entry AS (
           INSERT INTO ${ledger} (account, delta, request_id, idempotency_key, at)
           SELECT $1, -1, request_id, 'charge:' || request_id, now() FROM held
         )
         SELECT balance FROM charged`;
  const commitStatement =
    writes === 'bare'
      ? `UPDATE ${table} SET committed = committed + c.n
         FROM (SELECT id, count(*) AS n FROM unnest($1::int[]) AS id GROUP BY id) AS c WHERE ${table}.id = c.id`
      : `WITH input AS (
           SELECT account, request_id, request_id || ':committed' AS event_id
           FROM unnest($1::int[], $2::uuid[]) AS input(account, request_id)
         ), recorded AS (
           INSERT INTO ${processed} (event_id, processed_at) SELECT event_id, now() FROM input
           ON CONFLICT DO NOTHING RETURNING event_id
         ), settled AS (
           UPDATE ${holds} SET status = 'committed', settled_at = now()
           FROM input JOIN recorded USING (event_id)
           WHERE ${holds}.request_id = input.request_id AND ${holds}.status = 'held'
           RETURNING ${holds}.request_id, ${holds}.account, ${holds}.cost, ${holds}.created_at
         ), used AS (
           INSERT INTO ${usage} (request_id, account, cost, at) SELECT request_id, account, cost, created_at FROM settled
           ON CONFLICT (request_id) DO NOTHING
         )
         UPDATE ${table} SET committed = committed + c.n
         FROM (SELECT account, sum(cost) AS n FROM settled GROUP BY account) AS c WHERE ${table}.id = c.account`;
  const nc = await connect({ servers: process.env.NATS_URL! });
  const sub = nc.subscribe(`${prefix}.reserve`, { queue: 'floor' });
  void (async () => {
    for await (const message of sub) {
      const { account, requestId } = message.json<{ account: number; requestId: string }>();
      void sql
        .unsafe(reserveStatement, writes === 'bare' ? [account] : [account, requestId])
        .then((rows) => message.respond(JSON.stringify({ ok: true, balance: Number(rows[0]!.balance) })));
    }
  })();
  // The commits: a stream of their own, one durable consumer, the messages that arrived together applied as one batch.
  const stream = `BENCH_FLOOR_${process.pid}`;
  const jsm = await jetstreamManager(nc);
  await jsm.streams.add({ name: stream, subjects: [`${prefix}.usage.>`], storage: StorageType.File });
  await jsm.consumers.add(stream, { durable_name: 'floor', ack_policy: AckPolicy.Explicit });
  const commits = await (await jetstream(nc).consumers.get(stream, 'floor')).consume({ max_messages: 400 });
  const queue: JsMsg[] = [];
  let scheduled = false;
  const apply = () => {
    scheduled = false;
    const batch = queue.splice(0);
    const commits = batch.map((message) => message.json<{ account: number; requestId: string }>());
    const accountIds = commits.map((commit) => commit.account);
    void sql
      .unsafe(
        commitStatement,
        writes === 'bare' ? [accountIds] : [accountIds, commits.map((commit) => commit.requestId)],
      )
      .then(
        () => batch.forEach((message) => message.ack()),
        // A floor stops rather than retry: nothing here fails for a moment, so a batch that fails once fails on every
        // redelivery, and the loop's CPU would be counted as the floor's (until 2026-11-30 the design floor's commits
        // all failed, unseen, and its credits and NATS spun on millions of redeliveries).
        (error: unknown) => {
          console.error(`prompt floor: a commit batch failed: ${String(error)}`);
          void stop(1);
        },
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
  // Its stream and tables go with it however it ends (they would stay on a shared NATS and database otherwise).
  const stop = async (code: number) => {
    await jsm.streams.delete(stream).catch(() => undefined);
    await nc.drain();
    await sql.unsafe(`DROP TABLE IF EXISTS ${table}, ${holds}, ${ledger}, ${usage}, ${processed}`);
    await sql.end();
    process.exit(code);
  };
  process.once('SIGTERM', () => void stop(0));
  // Not an HTTP server: port 0 says it is listening on NATS.
  console.log('READY 0');
} else if (role === 'service') {
  const nc = await connect({ servers: process.env.NATS_URL! });
  // The commits' stream is credits' (started first).
  const js = jetstream(nc);
  const results = writes === 'design' ? await startFloorResults(nc) : undefined;
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
        const commit = { requestId, account, amount: 1 };
        if (results) await results.store(commit, text, enhanced);
        else
          await js.publish(`${prefix}.usage.committed`, JSON.stringify(commit), {
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
    void (results?.stop() ?? Promise.resolve()).then(() => nc.drain()).then(() => process.exit(0));
  });
  ready(server);
} else {
  throw new Error(`FLOOR_ROLE is credits or service, not ${role}`);
}

/**
 * The design floor's service writes: the member's result and its two outbox rows in one statement, then, after the
 * reply, both published (awaited acks) and marked published, every row published in the same tick in one UPDATE.
 */
async function startFloorResults(nc: Awaited<ReturnType<typeof connect>>) {
  const sql = postgres(process.env.DATABASE_URL!, { max: 10 });
  const js = jetstream(nc);
  const jsm = await jetstreamManager(nc);
  const [results, outbox] = ['results', 'outbox'].map((name) => `bench_floor_${process.pid}_${name}`);
  await sql.unsafe(`
    CREATE TABLE ${results} (id uuid PRIMARY KEY, user_id uuid NOT NULL, tool text NOT NULL, input text NOT NULL,
      result text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    CREATE INDEX ON ${results} (user_id, created_at DESC, id DESC);
    CREATE INDEX ON ${results} (user_id, tool, created_at DESC, id DESC);
    CREATE TABLE ${outbox} (msg_id text PRIMARY KEY, subject text NOT NULL, payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(), published_at timestamptz, attempts integer NOT NULL DEFAULT 0,
      headers jsonb);
    CREATE INDEX ON ${outbox} (created_at) WHERE published_at IS NULL;`);
  // The library's stream, as the prompt service ensures CREATIONS (nobody consumes it in the prompt section).
  const creations = `BENCH_FLOOR_CREATIONS_${process.pid}`;
  await jsm.streams.add({ name: creations, subjects: [`${prefix}.creation.>`], storage: StorageType.File });
  // The commit's payload comes as text ($7::text::jsonb): a parameter PostgreSQL types jsonb is JSON-encoded again by
  // postgres.js, which stored the commit as one JSON string that credits could not read.
  const storeStatement = `WITH stored AS (
      INSERT INTO ${results} (id, user_id, tool, input, result) VALUES ($1, $2, 'magic-enhance', $3, $4)
      RETURNING id, user_id, result, created_at
    )
    INSERT INTO ${outbox} (msg_id, subject, payload)
    SELECT $5 || ':committed', $6, $7::text::jsonb FROM stored
    UNION ALL
    SELECT 'created:' || id, $8, jsonb_build_object('type', 'created', 'id', id, 'userId', user_id,
      'service', 'prompt', 'kind', 'prompt', 'tool', 'magic-enhance', 'title', left(result, 80), 'text', result,
      'openUrl', '/tools/magic-enhance?result=' || id, 'createdAt', created_at)
    FROM stored
    RETURNING msg_id, subject, payload::text AS payload`;
  let published: string[] = [];
  const markPublished = () => {
    const ids = published;
    published = [];
    void sql
      .unsafe(
        `UPDATE ${outbox} SET published_at = now(), attempts = attempts + 1 WHERE msg_id = ANY($1::text[])`,
        [ids],
      )
      .catch(() => undefined);
  };
  const publish = async (rows: ReadonlyArray<{ msg_id: string; subject: string; payload: string }>) => {
    for (const row of rows) {
      // A refused publish stays pending, as the kit's relay leaves it (nothing retries it here).
      await js.publish(row.subject, row.payload, { msgID: row.msg_id });
      if (published.push(row.msg_id) === 1) setImmediate(markPublished);
    }
  };
  return {
    async store(commit: { requestId: string; account: number }, input: string, result: string) {
      const userId = `00000000-0000-4000-8000-${String(commit.account).padStart(12, '0')}`;
      const rows = await sql.unsafe<Array<{ msg_id: string; subject: string; payload: string }>>(
        storeStatement,
        [
          randomUUID(),
          userId,
          input,
          result,
          commit.requestId,
          `${prefix}.usage.committed`,
          JSON.stringify(commit),
          `${prefix}.creation.created`,
        ],
      );
      void publish(rows).catch(() => undefined);
    },
    async stop() {
      await jsm.streams.delete(creations).catch(() => undefined);
      await sql.unsafe(`DROP TABLE IF EXISTS ${results}, ${outbox}`);
      await sql.end();
    },
  };
}
