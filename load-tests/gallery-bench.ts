// Front-end benchmark of the text-to-image gallery (issue 12): a member with 8 generated images opens
// /tools/text-to-image in Debian's Chromium (cold, a fresh context per run, signed in by the refresh cookie). Measured:
// the page's Largest Contentful Paint (median of several runs; target <= 1.0 s) and the bytes the page transferred
// before its first 8 thumbnails showed (the document and every resource that finished by the time the 8th thumbnail
// did), with the number of full-size originals among them (the gallery should load thumbnails only).
import { API_ROUTES, type GalleryImagesReply } from '@act/contracts';
import { launchChromium } from '../e2e/support/browser';
import { setCredits, userIdOf } from '../e2e/support/credits-db';
import type { RunningSystem } from '../e2e/support/system';
import { median } from './bench-kit';

export interface GalleryBenchResult {
  /** Median largest contentful paint of the gallery page, in milliseconds. */
  lcpMs: number;
  lcpRunsMs: number[];
  /** Median bytes transferred (headers and bodies as sent) before the first 8 thumbnails showed. */
  bytesBeforeThumbnails: number;
  bytesRuns: number[];
  /** Median time from navigation start until the 8th thumbnail had loaded, in milliseconds. */
  thumbnailsShownMs: number;
  /** Bytes of the 8 thumbnails themselves (first run). */
  thumbnailBytes: number;
  /** The same bytes by kind (document, js, css, api, files, other), first run. */
  bytesByKind: Record<string, number>;
  /** Full-size images the page downloaded before the thumbnails showed (first run); 0 is the goal. */
  originalsBeforeThumbnails: number;
  /** Whether the LCP element was one of the thumbnails, and which element it was (first run). */
  lcpIsThumbnail: boolean;
  lcpElement: string;
  /** Whether the page had to be scrolled before all 8 thumbnails loaded (lazy images below the fold). */
  scrolled: boolean;
}

const IMAGES = 8;
const PASSWORD = 'correct-horse-7';
const PROMPTS = [
  'a lighthouse on a cliff at dawn',
  'a red fox in fresh snow',
  'a bowl of ramen on a wooden table',
  'a sailing boat in a storm',
  'a city street at night in the rain',
  'an owl on a mossy branch',
  'a desert canyon at sunset',
  'a cup of coffee with latte art',
];

// In the page (as source text: this workspace compiles without the DOM library). Buffered, so the observer also
// sees the entries recorded before it was created.
const OBSERVE_LCP = `new PerformanceObserver((list) => {
  const entries = list.getEntries();
  const last = entries[entries.length - 1];
  if (last) {
    window.__lcp = last.startTime;
    window.__lcpUrl = last.url || '';
    const el = last.element;
    window.__lcpElement = el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') + ' ' + (el.textContent || '').trim().slice(0, 40) : '';
  }
}).observe({ type: 'largest-contentful-paint', buffered: true });`;

/**
 * True once `count` thumbnails have loaded. A function, not source text: the page's Content-Security-Policy forbids
 * the eval Playwright would need for a string predicate. Typed loosely: this workspace compiles without the DOM.
 */
function thumbnailsShown(count: number): boolean {
  const images = (globalThis as unknown as { document: { images: ArrayLike<Record<string, unknown>> } })
    .document.images;
  return (
    Array.from(images).filter(
      (img) =>
        String(img.currentSrc).includes('.thumb.webp') &&
        img.complete === true &&
        Number(img.naturalWidth) > 0,
    ).length >= count
  );
}

const MEASURE = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  const thumbs = resources.filter((e) => e.name.includes('.thumb.webp')).sort((a, b) => a.responseEnd - b.responseEnd);
  const shownAt = thumbs.length >= ${IMAGES} ? thumbs[${IMAGES - 1}].responseEnd : Number.NaN;
  const before = resources.filter((e) => e.responseEnd <= shownAt);
  const size = (e) => e.transferSize || e.encodedBodySize || 0;
  return {
    bytes: (nav ? size(nav) : 0) + before.reduce((sum, e) => sum + size(e), 0),
    shownAt,
    thumbnailBytes: thumbs.slice(0, ${IMAGES}).reduce((sum, e) => sum + size(e), 0),
    originals: before.filter((e) => e.name.includes('/api/image/files/') && !e.name.includes('.thumb.')).length,
    byKind: before.reduce((kinds, e) => {
      const path = new URL(e.name).pathname;
      const kind = path.endsWith('.js') ? 'js' : path.endsWith('.css') ? 'css' : path.includes('/files/') ? 'files'
        : path.startsWith('/api/') ? 'api' : 'other';
      kinds[kind] = (kinds[kind] || 0) + size(e);
      return kinds;
    }, { document: nav ? size(nav) : 0 }),
    lcp: window.__lcp ?? Number.NaN,
    lcpUrl: window.__lcpUrl ?? '',
    lcpElement: window.__lcpElement ?? '',
  };
})()`;

interface Measured {
  bytes: number;
  shownAt: number;
  thumbnailBytes: number;
  originals: number;
  byKind: Record<string, number>;
  lcp: number;
  lcpUrl: string;
  lcpElement: string;
}

export async function call<T>(url: string, init: RequestInit): Promise<{ body: T; response: Response }> {
  const response = await fetch(url, init);
  const body = (await response.json()) as T;
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return { body, response };
}

/** Signs in with the password grant: the access token and the refresh cookie a browser context can start from. */
export async function signIn(
  apiUrl: string,
  email: string,
): Promise<{ token: string; cookie: { name: string; value: string } }> {
  const { body, response } = await call<{ session: { access_token: string } }>(
    `${apiUrl}${API_ROUTES.identity.token}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', email, password: PASSWORD }),
    },
  );
  const setCookie = response.headers.getSetCookie().find((c) => c.includes('=') && !/Max-Age=0/.test(c));
  const [pair] = (setCookie ?? '').split(';');
  const index = pair?.indexOf('=') ?? -1;
  if (!pair || index <= 0) throw new Error('the token grant set no refresh cookie');
  return {
    token: body.session.access_token,
    cookie: { name: pair.slice(0, index), value: pair.slice(index + 1) },
  };
}

/** A member with 8 images made through the real service (fal's local fake renders them). */
async function memberWithImages(system: RunningSystem, apiUrl: string): Promise<string> {
  const email = `gallery-bench-${Date.now().toString(36)}@example.com`;
  const { body } = await call<{ session: { access_token: string } }>(
    `${apiUrl}${API_ROUTES.identity.signup}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    },
  );
  const token = body.session.access_token;
  await setCredits(
    { adminUrl: system.databaseUrl, namespace: system.namespace },
    userIdOf(token),
    IMAGES * 20 + 50,
  );
  for (const prompt of PROMPTS) {
    await call(`${apiUrl}${API_ROUTES.image.generateImage}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ model: 'flux-schnell', prompt, aspectRatio: 'square', imageFormat: 'png' }),
    });
  }
  const { body: gallery } = await call<GalleryImagesReply>(`${apiUrl}${API_ROUTES.image.images}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (gallery.images.length !== IMAGES) throw new Error(`the gallery holds ${gallery.images.length} images`);
  return email;
}

export async function benchGallery(
  system: RunningSystem,
  options: { runs?: number } = {},
): Promise<GalleryBenchResult> {
  const runs = options.runs ?? 5;
  const apiUrl = system.baseUrl.replace('//localhost:', '//127.0.0.1:');
  const email = await memberWithImages(system, apiUrl);
  const browser = await launchChromium();
  try {
    const measured: Measured[] = [];
    let scrolled = false;
    for (let run = 0; run < runs; run++) {
      const { cookie } = await signIn(apiUrl, email);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies([
        { ...cookie, domain: 'localhost', path: '/api/identity', httpOnly: true, sameSite: 'Strict' },
      ]);
      const page = await context.newPage();
      await page.addInitScript(OBSERVE_LCP);
      await page.goto(`${system.baseUrl}/tools/text-to-image`);
      try {
        await page.waitForFunction(thumbnailsShown, IMAGES, { timeout: 5_000, polling: 50 });
      } catch {
        // Lazy images below the fold load only when scrolled to, as a member would.
        scrolled = true;
        await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
        await page.waitForFunction(thumbnailsShown, IMAGES, { timeout: 30_000, polling: 50 });
      }
      // LCP is final at the first input; give late paints a moment, then read the last candidate.
      await page.waitForTimeout(300);
      measured.push(await page.evaluate<Measured>(MEASURE));
      await context.close();
    }
    const [first] = measured;
    if (!first) throw new Error('no run');
    return {
      lcpMs: Math.round(median(measured.map((m) => m.lcp))),
      lcpRunsMs: measured.map((m) => Math.round(m.lcp)),
      bytesBeforeThumbnails: median(measured.map((m) => m.bytes)),
      bytesRuns: measured.map((m) => m.bytes),
      thumbnailsShownMs: Math.round(median(measured.map((m) => m.shownAt))),
      thumbnailBytes: first.thumbnailBytes,
      bytesByKind: first.byKind,
      originalsBeforeThumbnails: first.originals,
      lcpIsThumbnail: first.lcpUrl.includes('.thumb.webp'),
      lcpElement: first.lcpElement,
      scrolled,
    };
  } finally {
    await browser.close();
  }
}
