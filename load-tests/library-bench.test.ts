// The library bench's pure parts: its seed statement against a database with the library's own migrations (the rows
// its first-page query then lists, newest first, on the member's index), reading the page's LCP, and the verdict on
// issue 37's targets.
import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Sql } from '@act/service-kit';
import { createTestDatabase, type TestDatabase } from '@act/service-kit/testing';
import { FIRST_PAGE_SQL, IMAGE_EVERY, indexesInPlan, librarySeedSql, type SeedImage } from './library-seed';
import { lcpOf, libraryTargets, MEMBER_INDEX, type LcpEntry } from './library-verdict';

const IMAGES: SeedImage[] = ['a', 'b'].map((name) => ({
  fileKey: `image/owner/${name}.png`,
  fileType: 'image/png',
  thumbnailKey: `image/owner/${name}.thumb.webp`,
  thumbnailType: 'image/webp',
}));

describe('librarySeedSql', () => {
  let database: TestDatabase;
  let sql: Sql;

  beforeAll(async () => {
    database = await createTestDatabase('library_bench');
    sql = connectDatabase(database.url, { max: 1 });
    // The library's migrations as its service applies them (another workspace's src is read, never imported).
    const migrations = new URL('../services/library/src/db/migrations/', import.meta.url);
    for (const file of (await readdir(migrations)).filter((name) => name.endsWith('.sql')).sort())
      await sql.unsafe(await readFile(new URL(file, migrations), 'utf8'));
  });
  afterAll(async () => {
    await sql.end();
    await database.drop();
  });

  /** The service's first page (library-store.ts `list`, no filter), as FIRST_PAGE_SQL asks for it. */
  function firstPage(userId: string) {
    return sql.unsafe<Array<Record<string, string | null>>>(FIRST_PAGE_SQL, [userId]);
  }

  async function seed(userId: string, count: number, images: SeedImage[] = IMAGES) {
    const statement = librarySeedSql({ userId, count, images, newest: new Date('2026-11-01T12:00:00Z') });
    await sql.unsafe(statement.text, statement.values);
  }

  it('writes one member exactly their items, listed newest first, images on the real files in turn', async () => {
    const member = randomUUID();
    const other = randomUUID();
    await seed(member, 10_000);
    await seed(other, 3);
    const [{ count }] = await sql<[{ count: number }]>`
      select count(*)::int as count from library_items where user_id = ${member}`;
    expect(count).toBe(10_000);

    const page = { items: (await firstPage(member)).slice(0, 8) };
    expect(page.items.map((row) => row.title)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Bench item ${n}`),
    );
    const images = page.items.filter((row) => row.kind === 'image');
    expect(images.map((row) => row.title)).toEqual([
      `Bench item ${IMAGE_EVERY}`,
      `Bench item ${IMAGE_EVERY * 2}`,
    ]);
    expect(images.map((row) => row.thumbnail_key)).toEqual([
      IMAGES[1]!.thumbnailKey,
      IMAGES[0]!.thumbnailKey,
    ]);
    expect(
      images.every(
        (row) => row.service === 'image' && row.open_url === `/tools/text-to-image?open=${row.id}`,
      ),
    ).toBe(true);
    const prompt = page.items.find((row) => row.kind === 'prompt')!;
    expect(prompt).toMatchObject({ service: 'prompt', tool: 'image-to-prompt', thumbnail_key: null });
    expect(prompt.excerpt).toContain('watercolour fox');
    // Full-text search finds seeded text as it finds a real prompt's.
    const [{ found }] = await sql<[{ found: number }]>`
      select count(*)::int as found from library_items
      where user_id = ${member} and search @@ websearch_to_tsquery('simple', 'watercolour')`;
    expect(found).toBe(10_000 - 10_000 / IMAGE_EVERY);
  });

  it('seeds text items only when there is no file to point at', async () => {
    const member = randomUUID();
    await seed(member, 12, []);
    const kinds = await sql<{ kind: string }[]>`
      select distinct kind from library_items where user_id = ${member}`;
    expect(kinds.map((row) => row.kind)).toEqual(['prompt']);
  });

  it('refuses a count that is not a whole number', () => {
    expect(() =>
      librarySeedSql({ userId: randomUUID(), count: 1.5, images: [], newest: new Date() }),
    ).toThrow('whole number');
  });

  it("plans the first page on the member's newest-first index", async () => {
    const member = randomUUID();
    await seed(member, 2_000);
    await sql`analyze library_items`;
    const plan = await sql.unsafe<Array<{ 'QUERY PLAN': string }>>(`explain ${FIRST_PAGE_SQL}`, [member]);
    expect(indexesInPlan(plan.map((row) => row['QUERY PLAN']))).toContain(MEMBER_INDEX);
  });
});

describe('indexesInPlan', () => {
  it('reads the indexes of index, index-only and backward scans', () => {
    expect(
      indexesInPlan([
        'Limit  (cost=0.29..4.1 rows=41 width=300)',
        '  ->  Index Scan using library_items_member on library_items  (cost=0.29..900.1 rows=10000)',
        '  ->  Index Only Scan Backward using other_index on t',
        '  ->  Seq Scan on library_items',
      ]),
    ).toEqual(['library_items_member', 'other_index']);
    expect(indexesInPlan(['Sort', '  ->  Seq Scan on library_items'])).toEqual([]);
  });
});

describe('lcpOf', () => {
  const entry = (startTime: number, element: string, url = ''): LcpEntry => ({
    startTime,
    size: 1,
    element,
    url,
  });

  it('takes the last candidate, with the file it painted', () => {
    expect(
      lcpOf([
        entry(212.4, 'h1.sh-page-title Library'),
        entry(480.9, 'img', '/api/image/files/u/a.thumb.webp?sig=x'),
      ]),
    ).toEqual({ ms: 480.9, element: 'img /api/image/files/u/a.thumb.webp' });
  });

  it('refuses a page that reported no paint, rather than passing it as 0 ms', () => {
    expect(() => lcpOf([])).toThrow('no largest-contentful-paint');
    expect(() => lcpOf([entry(0, 'p')])).toThrow('no largest-contentful-paint');
  });
});

describe('libraryTargets', () => {
  const figures = {
    lcpMs: 640,
    emptyLcpMs: 400,
    domNodes: 610,
    smallDomNodes: 590,
    firstPageIndexes: [MEMBER_INDEX],
  };

  it('meets the targets with a fast page, a bounded DOM and the index, the empty page as the reference', () => {
    const targets = libraryTargets(figures);
    expect(targets.map((t) => [t.value, t.met])).toEqual([
      [640, true],
      [1.03, true],
      [1, true],
    ]);
    expect(targets[0]!.target).toBe('<= 1000; empty library 400 ms, 1.6×');
  });

  it('misses a slow page, a DOM that grows with the items, and a plan that sorts', () => {
    const targets = libraryTargets({ ...figures, lcpMs: 1400, domNodes: 59_000, firstPageIndexes: [] });
    expect(targets.map((t) => t.met)).toEqual([false, false, false]);
    expect(targets[2]!.missNote).toBe('the plan walks no index');
  });
});
