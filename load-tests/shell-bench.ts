// Front-end benchmark of the shell (issue 5): the JavaScript the landing page loads before any interaction, as
// gzip bytes, and the landing page's Largest Contentful Paint in Debian's Chromium. Cold loads in fresh contexts;
// LCP is the median of several runs. Targets: initial JS <= 170 KB gzip, LCP <= 1.0 s.
import { gzipSync } from 'node:zlib';
// The same Debian Chromium, with the same flags, as the browser tests.
import { launchChromium } from '../e2e/support/browser';
import { median } from './bench-kit';

export interface ShellBenchResult {
  /** Sum of the gzip-compressed sizes of every script the landing page loaded before interaction. */
  initialJsGzipBytes: number;
  /** Uncompressed size of the same scripts. */
  initialJsBytes: number;
  /** Median largest contentful paint of the landing page, in milliseconds. */
  lcpMs: number;
  /** Every run's LCP, for the record. */
  lcpRunsMs: number[];
  scripts: Array<{ url: string; bytes: number; gzipBytes: number }>;
}

// Runs in the page (as source text: this workspace compiles without the DOM library). Buffered, so the observer
// also sees the entries recorded before it was created.
const OBSERVE_LCP = `new PerformanceObserver((list) => {
  const entries = list.getEntries();
  const last = entries[entries.length - 1];
  if (last) window.__lcp = last.startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });`;

export async function benchShell(
  baseUrl: string,
  options: { runs?: number } = {},
): Promise<ShellBenchResult> {
  const runs = options.runs ?? 5;
  const browser = await launchChromium();
  try {
    let scripts: ShellBenchResult['scripts'] = [];
    const lcpRunsMs: number[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript(OBSERVE_LCP);
      const pending: Array<Promise<{ url: string; bytes: number; gzipBytes: number } | null>> = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        pending.push(
          response.body().then(
            (body) => ({
              url: response.url(),
              bytes: body.length,
              gzipBytes: gzipSync(body, { level: 9 }).length,
            }),
            () => null,
          ),
        );
      });
      await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      // LCP is final at the first input; give late paints a moment, then read the last candidate.
      await page.waitForTimeout(300);
      const lcp = await page.evaluate<number>('window.__lcp ?? Number.NaN');
      lcpRunsMs.push(Math.round(lcp));
      if (run === 0) scripts = (await Promise.all(pending)).filter((s) => s !== null);
      await context.close();
    }
    return {
      initialJsGzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
      initialJsBytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
      lcpMs: median(lcpRunsMs),
      lcpRunsMs,
      scripts,
    };
  } finally {
    await browser.close();
  }
}
