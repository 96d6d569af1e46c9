// Front-end benchmark of the member's library (issue 37): /library in Debian's Chromium with 10,000 items against the
// same page with an empty library, in the same run (cold, a fresh context per load, signed in by the refresh cookie,
// the two interleaved). Measured: the page's Largest Contentful Paint (median; target <= 1.0 s, the ratio to the
// empty page beside it), the DOM after scrolling to the end of 10,000 items against 100 (the virtualised grid keeps
// it bounded), the first page's API time and the plan of its query. The items are written straight into the
// library's read model (library-seed.ts); the image items' thumbnails are the member's own real generated images.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { API_ROUTES, LIBRARY_TEXTS, type LibraryItemsReply } from '@act/contracts';
import { databaseUrl } from '@act/dev-infra';
import { connectDatabase, type Sql } from '@act/service-kit';
import { CHROMIUM_PATH, launchChromium } from '../e2e/support/browser';
import { setCredits, userIdOf } from '../e2e/support/credits-db';
import { repoRoot, type RunningSystem } from '../e2e/support/system';
import { median } from './bench-kit';
import { call, signIn } from './gallery-bench';
import { FIRST_PAGE_SQL, indexesInPlan, librarySeedSql, type SeedImage } from './library-seed';
import { OBSERVE_LCP, lcpOf, type LcpEntry } from './library-verdict';

export const LIBRARY_ITEMS = 10_000;
/** The small library the scrolled DOM is compared with. */
export const SMALL_LIBRARY_ITEMS = 100;
const REAL_IMAGES = 4;
const PASSWORD = 'correct-horse-7';
const VIEWPORT = { width: 1280, height: 800 };

export interface LibraryBenchResult {
  lcpMs: number;
  lcpRunsMs: number[];
  lcpElement: string;
  emptyLcpMs: number;
  emptyLcpRunsMs: number[];
  emptyLcpElement: string;
  /** Elements in the page and cards rendered once scrolled to the end (every page loaded). */
  domNodes: number;
  cards: number;
  /** The most cards in the page at any point of the scroll. */
  maxCards: number;
  scrollSeconds: number;
  smallDomNodes: number;
  smallCards: number;
  /** GET /api/library/items (first page), median of 20 calls through the gateway. */
  firstPageApiMs: number;
  /** The indexes the first page's plan walks. */
  firstPageIndexes: string[];
}

/** Why the section cannot run here, or undefined: Chromium and the shell's build must be present. */
export function libraryBenchMissing(system: RunningSystem): string | undefined {
  if (!existsSync(CHROMIUM_PATH)) return `Chromium is not installed at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`;
  if (!existsSync(path.join(repoRoot, 'shell', 'dist', 'index.html')))
    return 'the shell is not built (npm run build)';
  for (const service of ['library', 'image', 'credits', 'identity'])
    if (!system.pids[service]) return `the system runs no ${service} service`;
  return undefined;
}

async function signUp(
  apiUrl: string,
  tag: string,
): Promise<{ email: string; userId: string; token: string }> {
  const email = `library-bench-${tag}-${Date.now().toString(36)}@example.com`;
  const { body } = await call<{ session: { access_token: string } }>(
    `${apiUrl}${API_ROUTES.identity.signup}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    },
  );
  const token = body.session.access_token;
  return { email, userId: userIdOf(token), token };
}

/** Makes `REAL_IMAGES` images through the image service and waits for the library to hold their entries. */
async function realImages(
  system: RunningSystem,
  apiUrl: string,
  sql: Sql,
  member: { userId: string; token: string },
) {
  await setCredits({ adminUrl: system.databaseUrl, namespace: system.namespace }, member.userId, 200);
  for (let i = 0; i < REAL_IMAGES; i++) {
    await call(`${apiUrl}${API_ROUTES.image.generateImage}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify({
        model: 'flux-schnell',
        prompt: `a lighthouse at dawn, take ${i}`,
        aspectRatio: 'square',
        imageFormat: 'png',
      }),
    });
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rows = await sql<SeedImage[]>`
      select file_key as "fileKey", file_type as "fileType", thumbnail_key as "thumbnailKey",
        thumbnail_type as "thumbnailType"
      from library_items where user_id = ${member.userId} and kind = 'image' and thumbnail_key is not null`;
    if (rows.length >= REAL_IMAGES) return [...rows];
    if (Date.now() > deadline)
      throw new Error(`the library received ${rows.length} of ${REAL_IMAGES} images`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** GET the first page `times` times through the gateway: the median milliseconds. */
async function firstPageMs(apiUrl: string, token: string, times = 20): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const { body } = await call<LibraryItemsReply>(`${apiUrl}${API_ROUTES.library.items}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    runs.push(performance.now() - started);
    if (body.items.length === 0) throw new Error('the seeded library lists nothing');
  }
  return Math.round(median(runs) * 10) / 10;
}

/** One cold load of /library: every LCP candidate, once the page shows what it is `ready` for. */
async function loadOnce(
  browser: Browser,
  system: RunningSystem,
  apiUrl: string,
  email: string,
  ready: 'cards' | 'empty',
) {
  const { cookie } = await signIn(apiUrl, email);
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addCookies([
      { ...cookie, domain: 'localhost', path: '/api/identity', httpOnly: true, sameSite: 'Strict' },
    ]);
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_LCP);
    await page.goto(`${system.baseUrl}/library`);
    if (ready === 'cards') {
      await page.getByTestId('library-card').first().waitFor({ timeout: 30_000 });
      await page.waitForFunction(shownImagesLoaded, undefined, { timeout: 30_000, polling: 50 });
    } else {
      await page.getByText(LIBRARY_TEXTS.empty).waitFor({ timeout: 30_000 });
    }
    // LCP is final at the first input; give late paints a moment, then read every candidate.
    await page.waitForTimeout(300);
    return lcpOf(await page.evaluate<LcpEntry[]>('window.__lcpEntries ?? []'));
  } finally {
    await context.close();
  }
}

/**
 * True once every image in the viewport has loaded. A function, not source text: the page's Content-Security-Policy
 * forbids the eval Playwright needs for a string predicate. Typed loosely: this workspace compiles without the DOM.
 */
function shownImagesLoaded(): boolean {
  const doc = (globalThis as unknown as { document: { images: ArrayLike<Record<string, unknown>> } })
    .document;
  const height = (globalThis as unknown as { innerHeight: number }).innerHeight;
  return Array.from(doc.images).every((img) => {
    const rect = (img.getBoundingClientRect as () => { top: number; bottom: number })();
    const inView = rect.bottom > 0 && rect.top < height;
    return !inView || (img.complete === true && Number(img.naturalWidth) > 0);
  });
}

/** Scrolls, reads the live count and the DOM in one evaluation (source text, as gallery-bench's MEASURE). */
const SCROLL_STEP = `(() => {
  window.scrollTo(0, document.documentElement.scrollHeight);
  return {
    shown: Array.from(document.querySelectorAll('p[aria-live]'), (p) => p.textContent || ''),
    cards: document.querySelectorAll('[data-testid=library-card]').length,
    nodes: document.getElementsByTagName('*').length,
  };
})()`;

/** The same reading without scrolling: what the grid rendered for where the page now stands. */
const READ_DOM = `({
  shown: [],
  cards: document.querySelectorAll('[data-testid=library-card]').length,
  nodes: document.getElementsByTagName('*').length,
})`;

interface ScrollState {
  shown: string[];
  cards: number;
  nodes: number;
}

/** Scrolls to the end of a library of `count` items (every page loaded), as a member reaching its bottom would. */
async function scrollToEnd(page: Page, count: number) {
  const done = LIBRARY_TEXTS.itemCount(count);
  const started = performance.now();
  // 250 pages one after another: about a minute on a quiet machine, four on a busy one (load average 15).
  const deadline = Date.now() + 600_000;
  let maxCards = 0;
  for (;;) {
    const state = await page.evaluate<ScrollState>(SCROLL_STEP);
    maxCards = Math.max(maxCards, state.cards);
    if (state.shown.includes(done)) break;
    if (Date.now() > deadline)
      throw new Error(`scrolling stopped at "${state.shown.join(' | ')}" of ${count} items`);
    await page.waitForTimeout(30);
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  // The last page made the list longer: scroll to its very bottom, let the rows settle, then read the DOM there
  // (mid-list the grid also keeps its overscan rows below the view, which the end of a shorter list has not).
  await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
  await page.waitForTimeout(500);
  const end = await page.evaluate<ScrollState>(READ_DOM);
  return { nodes: end.nodes, cards: end.cards, maxCards: Math.max(maxCards, end.cards), seconds };
}

async function scrolled(
  browser: Browser,
  system: RunningSystem,
  apiUrl: string,
  email: string,
  count: number,
) {
  const { cookie } = await signIn(apiUrl, email);
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addCookies([
      { ...cookie, domain: 'localhost', path: '/api/identity', httpOnly: true, sameSite: 'Strict' },
    ]);
    const page = await context.newPage();
    await page.goto(`${system.baseUrl}/library`);
    await page.getByTestId('library-card').first().waitFor({ timeout: 30_000 });
    return await scrollToEnd(page, count);
  } finally {
    await context.close();
  }
}

/** The members and their seeded libraries: 10,000 items (4 of them real images), 100, and none. */
async function seedMembers(system: RunningSystem, apiUrl: string, sql: Sql) {
  const big = await signUp(apiUrl, 'big');
  const small = await signUp(apiUrl, 'small');
  const empty = await signUp(apiUrl, 'empty');
  const images = await realImages(system, apiUrl, sql, big);
  const newest = new Date(Date.now() - 60_000);
  for (const [member, count] of [
    [big, LIBRARY_ITEMS - images.length],
    // The small library's thumbnails are the same files: a signed file URL is served to whoever holds it.
    [small, SMALL_LIBRARY_ITEMS],
  ] as const) {
    const seed = librarySeedSql({ userId: member.userId, count, images, newest });
    await sql.unsafe(seed.text, seed.values);
  }
  await sql`analyze library_items`;
  return { big, small, empty };
}

export async function benchLibrary(
  system: RunningSystem,
  options: { runs?: number } = {},
): Promise<LibraryBenchResult> {
  const runs = options.runs ?? 5;
  const apiUrl = system.baseUrl.replace('//localhost:', '//127.0.0.1:');
  const sql = connectDatabase(databaseUrl(system.databaseUrl, `${system.namespace}_library`), { max: 1 });
  try {
    const { big, small, empty } = await seedMembers(system, apiUrl, sql);
    const plan = await sql.unsafe<Array<{ 'QUERY PLAN': string }>>(`explain ${FIRST_PAGE_SQL}`, [big.userId]);
    const firstPageIndexes = indexesInPlan(plan.map((row) => row['QUERY PLAN']));
    const firstPageApiMs = await firstPageMs(apiUrl, big.token);
    const browser = await launchChromium();
    try {
      const full: Array<{ ms: number; element: string }> = [];
      const none: Array<{ ms: number; element: string }> = [];
      // Interleaved, so a busy moment of the machine weighs on both alike.
      for (let run = 0; run < runs; run++) {
        full.push(await loadOnce(browser, system, apiUrl, big.email, 'cards'));
        none.push(await loadOnce(browser, system, apiUrl, empty.email, 'empty'));
        // Printed as measured: a scroll that cannot finish still leaves the LCP in the output.
        console.log(
          `library LCP run ${run + 1}: ${Math.round(full[run]!.ms)} ms with ${LIBRARY_ITEMS} items (${full[run]!.element}), ${Math.round(none[run]!.ms)} ms empty`,
        );
      }
      const end = await scrolled(browser, system, apiUrl, big.email, LIBRARY_ITEMS);
      const smallEnd = await scrolled(browser, system, apiUrl, small.email, SMALL_LIBRARY_ITEMS);
      return {
        lcpMs: Math.round(median(full.map((l) => l.ms))),
        lcpRunsMs: full.map((l) => Math.round(l.ms)),
        lcpElement: full[0]!.element,
        emptyLcpMs: Math.round(median(none.map((l) => l.ms))),
        emptyLcpRunsMs: none.map((l) => Math.round(l.ms)),
        emptyLcpElement: none[0]!.element,
        domNodes: end.nodes,
        cards: end.cards,
        maxCards: end.maxCards,
        scrollSeconds: end.seconds,
        smallDomNodes: smallEnd.nodes,
        smallCards: smallEnd.cards,
        firstPageApiMs,
        firstPageIndexes,
      };
    } finally {
      await browser.close();
    }
  } finally {
    await sql.end();
  }
}
