// The accessibility sweep of every screen (docs/architecture.md#accessibility-sweep): each screen, and each tool in
// its empty, busy, result and error state, is checked by axe (WCAG 2.2 AA, every impact) at 1366 px and 390 px wide,
// in the light and the dark theme, photographed whole at both widths (e2e/screenshots/<width>/<screen>-<state>.png,
// git-ignored; see SCREENSHOTS), and must not scroll sideways at 320 px (reflow). A sweep collects every finding and reports them together, so one run lists them all.
import type { Page, Route } from 'playwright-core';
import { inject } from 'vitest';
import { ERROR_TEXTS, ErrorCode, ERROR_HTTP_STATUS, type ToolId } from '@act/contracts';
import { a11yViolations, screenshot } from './browser';
import { setCredits, userIdOf } from './credits-db';
import { goto, signUp } from './fixtures';

export const SWEEP_WIDTHS = [1366, 390] as const;
/** The narrowest width a page must fit without sideways scrolling (WCAG 1.4.10 Reflow). */
export const REFLOW_WIDTH = 320;
const HEIGHTS: Record<number, number> = { 1366: 900, 390: 844, 320: 640 };

/** A whole file's sweep is one test (or a few): many screens, each checked at three widths. */
export const SWEEP_TIMEOUT_MS = 600_000;

/**
 * How long one step of a check (a resize, a theme switch, an axe run, a screenshot) may take on a busy machine (an
 * axe run through AxeBuilder took up to 28 s at a load average of 40 on two cores).
 * Playwright's evaluate, emulateMedia and setViewportSize have no timeout of their own: a stuck one would otherwise
 * hold the test until SWEEP_TIMEOUT_MS and say nothing about where it stuck.
 */
export const STEP_TIMEOUT_MS = 60_000;

/**
 * The sweep's screenshots (git-ignored, for a person to look at): by default the light theme's, the whole page at each
 * sweep width; `E2E_SWEEP_SCREENSHOTS=all` adds the dark theme's, `none` takes none (axe and reflow are checked all
 * the same). A full-page PNG is a large part of a check's time, and nothing reads them in CI.
 */
const SCREENSHOTS = process.env.E2E_SWEEP_SCREENSHOTS ?? 'light';

function wantsScreenshot(theme: SweepTheme): boolean {
  return SCREENSHOTS === 'all' || (SCREENSHOTS !== 'none' && theme === 'light');
}

export type ToolState = 'empty' | 'busy' | 'result' | 'error';

export interface Finding {
  /** `<screen>-<state>@<width>`. */
  where: string;
  /** The axe rule id, or `reflow`. */
  rule: string;
  detail: string;
}

/**
 * Runs one step of a check, failing within `ms` with the screen, the step and the page's address (a page that
 * navigated away mid-check shows there) instead of hanging.
 */
export async function bounded<T>(
  page: Page,
  where: string,
  step: string,
  work: Promise<T>,
  ms = STEP_TIMEOUT_MS,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`${where}: ${step} did not finish within ${ms / 1000} s (page at ${page.url()})`)),
      ms,
    );
  });
  // The abandoned step may still fail later (its page closed with the test): that is not a second error.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The findings of one file's sweep, and how many screen × state × width checks it made. */
export class Sweep {
  readonly findings: Finding[] = [];
  checks = 0;
  /** Time spent in check(), for the report: what the sweep itself costs, apart from reaching each state. */
  private checkingMs = 0;

  /**
   * Checks the page as it is now: axe at each sweep width in each theme (with a screenshot, see SCREENSHOTS), and
   * reflow at 320 px. The order (light at 1366, dark at 1366 and 390, light at 390, then 320) needs two theme
   * switches and three resizes. The page is put back to the first width and the light theme afterwards.
   */
  async check(page: Page, screen: string, state = 'loaded'): Promise<void> {
    const startedAt = Date.now();
    const label = `${screen}-${state}`;
    const steps: [SweepTheme, number][] = [
      ['light', SWEEP_WIDTHS[0]],
      ['dark', SWEEP_WIDTHS[0]],
      ['dark', SWEEP_WIDTHS[1]],
      ['light', SWEEP_WIDTHS[1]],
    ];
    await bounded(page, label, 'showing the light theme', showTheme(page, 'light'));
    for (const [theme, width] of steps) {
      const where = `${label}@${width}${theme === 'dark' ? '-dark' : ''}`;
      await bounded(page, where, `resizing to ${width} px`, resize(page, width));
      await bounded(page, where, `switching to the ${theme} theme`, showTheme(page, theme));
      this.checks++;
      for (const { rule, detail } of await bounded(page, where, 'the axe check', a11yViolations(page)))
        this.findings.push({ where, rule, detail });
      if (wantsScreenshot(theme)) {
        const name = `${width}${theme === 'dark' ? '-dark' : ''}/${label}`;
        await bounded(page, where, 'the screenshot', screenshot(page, name));
      }
    }
    const where = `${label}@${REFLOW_WIDTH}`;
    await bounded(page, where, `resizing to ${REFLOW_WIDTH} px`, resize(page, REFLOW_WIDTH));
    const { scroll, client } = (await bounded(
      page,
      where,
      'measuring the page width',
      page.evaluate(
        '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
      ),
    )) as { scroll: number; client: number };
    if (scroll > client) {
      const widest = await bounded(page, where, 'finding the widest elements', widestElements(page, client));
      this.findings.push({
        where,
        rule: 'reflow',
        detail: `scrolls sideways: ${scroll} px of content in ${client} px (${widest})`,
      });
    }
    await bounded(page, label, `resizing back to ${SWEEP_WIDTHS[0]} px`, resize(page, SWEEP_WIDTHS[0]));
    this.checkingMs += Date.now() - startedAt;
  }

  /** The findings counted by rule, e.g. `color-contrast: 12`, then each finding: for the assertion message. */
  report(): string {
    const byRule = new Map<string, number>();
    for (const finding of this.findings) byRule.set(finding.rule, (byRule.get(finding.rule) ?? 0) + 1);
    const counts = [...byRule].map(([rule, count]) => `${rule}: ${count}`).join(', ');
    return [
      `${this.checks} screen × state × width checks in ${(this.checkingMs / 1000).toFixed(1)} s, ` +
        `${this.findings.length} findings (${counts || 'none'}); ` +
        'screenshots in e2e/screenshots/<width>/',
      ...this.findings.map((f) => `${f.where} ${f.rule}: ${f.detail}`),
    ].join('\n');
  }
}

/** Each screen is checked in both themes (docs/architecture.md#themes): the system setting, as a member's would. */
export const SWEEP_THEMES = ['light', 'dark'] as const;
type SweepTheme = (typeof SWEEP_THEMES)[number];

/** Switches the browser's colour scheme and waits for the page to follow it (theme-boot.js listens). */
async function showTheme(page: Page, theme: SweepTheme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction((expected) => document.documentElement.dataset.theme === expected, theme, {
    timeout: STEP_TIMEOUT_MS,
  });
}

async function resize(page: Page, width: number): Promise<void> {
  const size = { width, height: HEIGHTS[width] ?? 900 };
  const now = page.viewportSize();
  if (now?.width === size.width && now.height === size.height) return;
  await page.setViewportSize(size);
}

/** The elements whose right edge passes the viewport, for the reflow message. */
async function widestElements(page: Page, client: number): Promise<string> {
  const found = await page.evaluate(`(() => {
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.right > ${client} + 1 && box.width > 0) {
        const name = el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
        out.push(name + ' (' + Math.round(box.right) + ')');
      }
      if (out.length >= 5) break;
    }
    return out.join(', ');
  })()`);
  return found as string;
}

/** The body of a provider failure as the services send it (502, PROVIDER_FAILED, the shared text). */
export const PROVIDER_FAILED_REPLY = {
  status: ERROR_HTTP_STATUS[ErrorCode.PROVIDER_FAILED],
  contentType: 'application/json',
  body: JSON.stringify({
    success: false,
    code: ErrorCode.PROVIDER_FAILED,
    error: ERROR_TEXTS.server.providerFailed,
  }),
};

/** How a sweep drives one tool screen into its four states. */
export interface ToolDriver {
  id: ToolId;
  /** Waits until the screen is ready for input: the empty state. */
  ready(page: Page): Promise<void>;
  /** Fills in the form and starts a run. */
  start(page: Page): Promise<void>;
  /** The run's request: held open for the busy state, then answered with a provider failure for the error state. */
  call: string | RegExp;
  /** Waits for what shows while the run is in progress. */
  busy(page: Page): Promise<void>;
  /** Waits for the completed run. */
  result(page: Page): Promise<void>;
  /** Waits for the failure as shown (by default the provider-failure text). */
  error?(page: Page): Promise<void>;
  /** Set up before each visit (routes for what the test system cannot serve). */
  before?(page: Page): Promise<void>;
  /** Answers the run's request for the result state, when the test system cannot (no provider for this tool). */
  fakeResult?(route: Route): Promise<void>;
}

/**
 * Drives a tool screen through empty → busy → error (the held request answered with a provider failure), then
 * through a real run to its result, checking each state.
 */
export async function sweepTool(page: Page, sweep: Sweep, tool: ToolDriver): Promise<void> {
  await tool.before?.(page);
  await goto(page, `/tools/${tool.id}`);
  await tool.ready(page);
  await sweep.check(page, tool.id, 'empty');

  let held: (route: Route) => void = () => undefined;
  const heldRoute = new Promise<Route>((resolve) => (held = resolve));
  await page.route(tool.call, (route) => {
    if (route.request().method() === 'POST') held(route);
    else void route.fallback();
  });
  await tool.start(page);
  const route = await heldRoute;
  await tool.busy(page);
  await sweep.check(page, tool.id, 'busy');

  await route.fulfill(PROVIDER_FAILED_REPLY);
  await (tool.error
    ? tool.error(page)
    : page.getByText(ERROR_TEXTS.server.providerFailed).first().waitFor({ timeout: 15_000 }));
  await sweep.check(page, tool.id, 'error');
  await page.unroute(tool.call);

  if (tool.fakeResult) {
    const fake = tool.fakeResult;
    await page.route(tool.call, (r) => (r.request().method() === 'POST' ? fake(r) : r.fallback()));
  }
  await goto(page, `/tools/${tool.id}`);
  await tool.ready(page);
  await tool.start(page);
  await tool.result(page);
  await sweep.check(page, tool.id, 'result');
  if (tool.fakeResult) await page.unroute(tool.call);
}

/** The busy state most screens show: a busy button or result (aria-busy). */
export async function anyBusy(page: Page): Promise<void> {
  await page.locator('[aria-busy="true"]').first().waitFor({ timeout: 15_000 });
}

/**
 * Signs a new member up and raises the balance so every run of a sweep is affordable (the new member's 50 would run
 * out). Returns an access token of the member, for API calls made by the test itself.
 */
export async function signUpWithPlentyOfCredits(page: Page, email: string): Promise<string> {
  const password = 'correct-horse-7';
  await signUp(page, email, password);
  const adminUrl = inject('databaseUrl');
  if (!adminUrl) throw new Error('the sweep needs the database URL (set E2E_DATABASE_URL with E2E_BASE_URL)');
  const reply = await page.request.post('/api/identity/token?grant_type=password', {
    data: { grant_type: 'password', email, password },
  });
  const { session } = (await reply.json()) as { session: { access_token: string } };
  await setCredits({ adminUrl, namespace: inject('namespace') }, userIdOf(session.access_token), 100_000);
  return session.access_token;
}
