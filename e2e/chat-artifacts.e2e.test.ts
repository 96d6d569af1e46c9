// Rich answers (docs/product-rules.md#rich-answers, docs/security.md#artifact-sandbox) in Chromium against the running
// system with the local fake provider: an answer's HTML block runs inside the sandboxed artifact frame (its script
// shows a result), display maths is drawn by KaTeX and a Mermaid block as an SVG diagram. A hostile artifact that
// tries to read the page, cookies and storage and to reach the API and the network gets nothing, and no request of
// it leaves the browser; hostile Mermaid (HTML and script in labels, click callbacks, javascript: links) does nothing.
import { describe, expect, it } from 'vitest';
import type { Page, Request, Response } from 'playwright-core';
import { RICH_ANSWER_TEXTS } from '@act/contracts';
import { uniqueEmail } from './support/browser';
import { goto, sendChatMessage, signUp, useBrowser } from './support/fixtures';

const FRAME = 'iframe[title="HTML preview (sandboxed)"]';

async function openChatAgent(page: Page): Promise<void> {
  await goto(page, '/tools/chat-agent');
  await page.getByTestId('chat-model').filter({ hasText: 'GPT-4o Mini' }).click();
}

describe('Rich answers in chat', () => {
  const browser = useBrowser();

  it('runs an HTML artifact in its frame, draws display maths with KaTeX and a Mermaid block as a diagram', async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    await signUp(page, uniqueEmail('artifacts'));
    await openChatAgent(page);
    await sendChatMessage(page, 'Show me the richdemo please.');
    const reply = page.locator('[data-testid="chat-reply"][data-status="done"]').last();

    // Preview is shown once the answer is done; the frame is sandboxed to scripts only and its script ran.
    const frame = reply.locator(FRAME);
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    await expect
      .poll(() => page.frameLocator(FRAME).locator('#out').textContent(), { timeout: 15_000 })
      .toBe('Script ran: 42');
    // The tabs are keyboard-reachable: Code shows the source.
    await reply.getByRole('tab', { name: RICH_ANSWER_TEXTS.artifact.preview }).focus();
    await page.keyboard.press('ArrowLeft');
    await reply.getByText('Script ran: " + 6 * 7').waitFor();

    await reply.locator('.katex-display').waitFor({ timeout: 15_000 });
    expect(await reply.locator('.katex-display .katex-html').count()).toBe(1);

    const diagram = reply.getByRole('img', { name: RICH_ANSWER_TEXTS.diagram.alt });
    await diagram.waitFor({ timeout: 30_000 });
    const src = decodeURIComponent((await diagram.getAttribute('src')) ?? '');
    expect(src).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg/);
    expect(src).toContain('Answer');
    // The image was drawn (a broken image has no natural width).
    expect(await diagram.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  });

  it('keeps a hostile artifact and hostile Mermaid away from the page, its token, cookies, storage and network', async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    // Whatever the frame posts to the page is kept, to see what it could read.
    await page.addInitScript(() => {
      const probes: unknown[] = [];
      (window as unknown as { probes: unknown[] }).probes = probes;
      window.addEventListener('message', (event) => {
        const data = event.data as { probe?: unknown } | null;
        if (data && typeof data === 'object' && 'probe' in data) probes.push(data.probe);
      });
    });
    // Chromium announces a request before its policy check; a refused one fails as 'csp' and never
    // gets a response.
    const probeAnswers: string[] = [];
    const probeFailures: string[] = [];
    page.on('response', (response: Response) => {
      if (response.url().includes('artifact-probe')) probeAnswers.push(response.url());
    });
    page.on('requestfailed', (request: Request) => {
      if (request.url().includes('artifact-probe')) probeFailures.push(request.failure()?.errorText ?? '');
    });
    await signUp(page, uniqueEmail('hostile-artifact'));
    await openChatAgent(page);
    await sendChatMessage(page, 'Try the hostiledemo now.');
    const reply = page.locator('[data-testid="chat-reply"][data-status="done"]').last();
    expect(await reply.locator(FRAME).getAttribute('sandbox')).toBe('allow-scripts');

    const probes = () => page.evaluate(() => (window as unknown as { probes: unknown[] }).probes);
    await expect.poll(probes, { timeout: 15_000 }).toHaveLength(1);
    expect((await probes())[0]).toEqual({
      parent: 'blocked',
      cookie: 'blocked',
      storage: 'blocked',
      fetch: 'blocked',
      image: 'blocked',
    });
    // Blocked in the browser by the frame's policy: neither the API call nor the image reached the gateway.
    expect(probeAnswers).toEqual([]);
    for (const failure of probeFailures) expect(failure).toBe('csp');

    // Hostile Mermaid: drawn or shown as code, but nothing in it ran or became a link.
    await reply
      .locator('[data-testid="answer-diagram"], .act-diagram__error')
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await reply.locator('script').count()).toBe(0);
  });
});
