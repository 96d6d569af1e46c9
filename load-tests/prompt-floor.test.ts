// The design floor does the writes it stands for (servers/prompt-floor.ts), against real PostgreSQL and NATS: each
// call through it leaves its hold committed with its usage row, its result stored and both outbox rows published.
// Until 2026-11-30 every commit batch failed unseen (the payload was stored as one JSON string) and the floor's CPU
// per call counted millions of redeliveries, which made ours look cheaper than the floor.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type Sql } from '@act/service-kit';
import { createTestDatabase, testNatsUrl, waitUntil, type TestDatabase } from '@act/service-kit/testing';
import { PATH, startPromptFloor, type PromptFloor } from './prompt-bench';
import { ENHANCE_BODY, PROMPT_HEADERS } from './prompt-rounds';

const CALLS = 3;
let database: TestDatabase;
let floor: PromptFloor;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('prompt_floor');
  floor = await startPromptFloor({
    databaseUrl: database.url,
    natsUrl: testNatsUrl(),
    accounts: 2,
    writes: 'design',
  });
  sql = connectDatabase(database.url, { max: 1 });
}, 120_000);

afterAll(async () => {
  await floor?.stop();
  await sql?.end();
  await database?.drop();
});

it('commits every call it reserved, and stores and publishes each result', async () => {
  for (let call = 0; call < CALLS; call++) {
    // The call the prompt section sends it.
    const reply = await fetch(`${floor.url}${PATH}`, {
      method: 'POST',
      headers: PROMPT_HEADERS,
      body: ENHANCE_BODY,
    });
    expect(reply.status).toBe(200);
  }
  const [, servicePid, creditsPid] = floor.pids;
  const count = async (statement: string) => (await sql.unsafe<Array<{ n: number }>>(statement))[0]!.n;
  await waitUntil(
    () => count(`SELECT count(*)::int AS n FROM bench_floor_${creditsPid}_usage`),
    (n) => n === CALLS,
    { what: 'a usage row for every call' },
  );
  expect(
    await count(`SELECT count(*)::int AS n FROM bench_floor_${creditsPid}_holds WHERE status = 'committed'`),
  ).toBe(CALLS);
  expect(await count(`SELECT count(*)::int AS n FROM bench_floor_${servicePid}_results`)).toBe(CALLS);
  await waitUntil(
    () =>
      count(`SELECT count(*)::int AS n FROM bench_floor_${servicePid}_outbox WHERE published_at IS NOT NULL`),
    (n) => n === 2 * CALLS,
    { what: 'the commit and the creation event of every call published' },
  );
  floor.assertRunning();
});
