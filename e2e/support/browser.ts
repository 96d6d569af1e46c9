// Debian's Chromium driven by playwright-core (no browser download), plus helpers shared by the specs: unique
// members, axe checks and screenshots.
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { repoRoot } from './system';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(repoRoot, 'e2e', 'screenshots');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A fake microphone that is always allowed (dictation in chat, the Speech to Speech recorder).
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  // Read aloud starts playing once its speech is made, after the click's activation may have lapsed.
  '--autoplay-policy=no-user-gesture-required',
];

/** `extraArgs`: more switches for one file's browser (e.g. a recording as the fake microphone's sound). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    headless: true,
  });
}

let counter = 0;

/** A fresh email per call so tests never collide, across runs too. */
export function uniqueEmail(label = 'member'): string {
  counter++;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/** The axe rule sets every check runs: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Every axe violation on the page (any impact), one per rule, with where it was found. */
export async function a11yViolations(
  page: Page,
): Promise<{ rule: string; impact: string; detail: string }[]> {
  // Contrast is judged on what is shown once it has settled: a dialog still fading in (opacity below 1) would read
  // as low contrast. With reduced motion the product's CSS ends transitions and animations at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await twoFrames(page);
  let { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  // A contrast finding is read once more, after a moment: the colours of the frame a theme switch lands in can be
  // read half-applied (in CI on the refund policy's table: every cell at once, right after a switch, while the
  // screenshot taken just after was right). A real contrast defect is there on the second read as well.
  if (violations.some((v) => v.id === 'color-contrast')) {
    await page.waitForTimeout(CONTRAST_RECHECK_MS);
    await twoFrames(page);
    const again = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
    violations = [...violations.filter((v) => v.id !== 'color-contrast'), ...again.violations];
  }
  return violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    detail: `${v.impact}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  }));
}

const CONTRAST_RECHECK_MS = 500;

/**
 * Two frames, so the styles for the new media have painted (a string: this file is also type-checked as server code,
 * which has no DOM types).
 */
async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  );
}

/** Serious and critical axe violations on the page, as readable lines (empty when clean). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  return (await a11yViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.rule}: ${v.detail}`);
}

/** Saves e2e/screenshots/<name>.png (git-ignored; the name may hold a folder), the whole page unless told otherwise. */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({
    path: file,
    fullPage: options.fullPage ?? true,
  });
}
