// The chat tools of issue 11 in Chromium against the running system, with the local fake provider streaming every
// answer. Chat Agent: a member picks GPT-4o Mini on the model grid, sends a question with an image (the answer says
// the image reached the model), pays 2, switches web search on and pays 7 for an answer with numbered sources, then
// reloads into the same session (its address): its model comes back and the stored image loads through its signed URL. A model
// without vision offers no working image control and says why. AI Web Chat: a page served here on 127.0.0.1 (the
// e2e system lets the service read loopback pages; production never does) is read for 6 credits, the opening answer
// cites it with a link that opens the page at the passage, a follow-up costs 2, and New Web Chat, reopening and
// deleting the session move between the URL step and the chat.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHAT_MODELS, UI_TEXTS, deleteSessionConfirm, invalidWebsiteUrl } from '@act/contracts';
import { openImage } from '@act/service-kit/media';
import { makePdf } from '@act/service-kit/testing';
import { screenshot, seriousA11yViolations, uniqueEmail } from './support/browser';
import { FAKE_SEARCH_RESULTS } from './support/fake-provider';
import { goto, signUp, useBrowser } from './support/fixtures';

const T = UI_TEXTS.chat;

async function balance(page: Page): Promise<string | null> {
  return page.getByTestId('credit-balance').textContent();
}

/** Waits until the last reply has ended (Send is back) and returns it. */
async function lastReplyDone(page: Page) {
  await page.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 30_000 });
  const reply = page.getByTestId('chat-reply').last();
  await page.locator('[data-testid="chat-reply"][data-status="done"]').last().waitFor({ timeout: 30_000 });
  return reply;
}

describe('Chat Agent', () => {
  const browser = useBrowser();

  it('answers about an attached image on a vision model, adds web search sources for 7, and restores the session', async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    await signUp(page, uniqueEmail('agent'));
    await page
      .getByTestId('tool-card-chat-agent')
      .getByRole('button', { name: /Use Tool/ })
      .click();
    await page.waitForURL('**/tools/chat-agent');

    // The model grid: the eight models with their badges; no message box yet.
    await page.getByRole('heading', { name: T.chooseModel }).waitFor({ timeout: 15_000 });
    const cards = page.getByTestId('chat-model');
    expect(await cards.count()).toBe(8);
    for (const [index, model] of CHAT_MODELS.entries()) {
      const text = (await cards.nth(index).textContent()) ?? '';
      expect(text).toContain(model.name);
      expect(text.includes('Vision')).toBe(model.vision);
    }
    expect(await page.getByPlaceholder(/Type your message/).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'chat-agent-models', { fullPage: false });

    await cards.filter({ hasText: 'GPT-4o Mini' }).click();
    await page.getByTestId('chosen-model').getByText('GPT-4o Mini').waitFor();
    expect(await page.getByTestId('next-message-cost').textContent()).toBe('Next message: 2 credits');

    const png = await openImage(Buffer.alloc(40 * 30 * 3, 90), {
      raw: { width: 40, height: 30, channels: 3 },
    })
      .png()
      .toBuffer();
    await page
      .getByTestId('attach-image-input')
      .setInputFiles({ name: 'slate.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('attached-image').waitFor();
    await page.getByTestId('attach-pdf-input').setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf(['Slate grey is the colour of this picture.']),
    });
    await page.getByTestId('attached-pdf').waitFor();
    const input = page.getByPlaceholder(/Type your message/);
    await input.fill('What colour is this picture?');
    await input.press('Enter');
    let reply = await lastReplyDone(page);
    // The fake provider says what reached it: the image as an image part, the PDF as a file part.
    expect(await reply.locator('.ch-md').textContent()).toContain('(I received 1 image and 1 PDF.)');
    expect(await page.getByRole('img', { name: 'slate.png' }).count()).toBe(1);
    expect(await page.getByTestId('turn-pdf').textContent()).toContain('notes.pdf');
    expect(await balance(page)).toBe('48 credits');

    // Web search: 7 credits, and the answer's sources as numbered links.
    await page.locator('.ch-toggle').click();
    expect(await page.getByRole('switch', { name: /Web search/ }).isChecked()).toBe(true);
    expect(await page.getByTestId('next-message-cost').textContent()).toBe('Next message: 7 credits');
    await input.fill('Any news on rates today?');
    await input.press('Enter');
    reply = await lastReplyDone(page);
    const sources = reply.getByRole('region', { name: 'Sources' });
    await sources.waitFor();
    const links = sources.getByRole('link');
    expect(await links.count()).toBe(2);
    expect(await links.nth(0).getAttribute('href')).toBe(FAKE_SEARCH_RESULTS[0]!.url);
    expect(await links.nth(1).getAttribute('href')).toBe(FAKE_SEARCH_RESULTS[1]!.url);
    const marker = reply.getByRole('link', { name: `Source 2: ${FAKE_SEARCH_RESULTS[1]!.title}` });
    expect(await marker.textContent()).toBe('[2]');
    expect(await balance(page)).toBe('41 credits');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'chat-agent-web-search', { fullPage: false });

    // After a reload the page opens the same session from its address (?session=<id>), its model (read from its
    // answers), image and sources restored.
    await page.reload({ waitUntil: 'networkidle' });
    expect(new URL(page.url()).searchParams.get('session')).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByTestId('chosen-model').getByText('GPT-4o Mini').waitFor({ timeout: 15_000 });
    const stored = page.getByRole('img', { name: 'slate.png' });
    await stored.waitFor();
    expect(await stored.getAttribute('src')).toMatch(/^\/api\/chat\/files\//);
    await page.waitForFunction(
      () => (document.querySelector('img[alt="slate.png"]') as HTMLImageElement | null)?.naturalWidth === 40,
      undefined,
      { timeout: 15_000 },
    );
    expect(await page.getByTestId('chat-sources').count()).toBe(1);
    // The stored PDF opens through its own signed URL.
    const pdfLink = page.getByRole('link', { name: T.openAttachment }).filter({ hasText: 'notes.pdf' });
    const pdfHref = (await pdfLink.getAttribute('href')) ?? '';
    expect(pdfHref).toMatch(/^\/api\/chat\/files\//);
    const pdf = await page.request.get(pdfHref);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshot(page, 'chat-agent-reopened', { fullPage: false });
    // On a phone the list, the chat and the box stack without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'chat-agent-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 900 });

    // New Chat returns to the grid; a model without vision says why it takes no image.
    await page.getByRole('button', { name: 'New Chat' }).click();
    await cards.filter({ hasText: 'Llama 3 70B' }).click();
    const attach = page.getByRole('button', { name: 'Attach image' });
    expect(await attach.getAttribute('aria-disabled')).toBe('true');
    expect(await attach.getAttribute('title')).toBe(T.noVisionModel);
    // Playwright waits for aria-disabled controls to enable; a person can still press it and read why.
    await attach.click({ force: true });
    await page.getByText(T.noVisionModel).last().waitFor();
    expect(await page.getByTestId('attach-image-input').count()).toBe(0);
    expect(await page.getByTestId('next-message-cost').textContent()).toBe('Next message: 2 credits');
  });
});

describe('AI Web Chat', () => {
  const browser = useBrowser();
  let server: Server;
  let pageUrl = '';
  const served: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      served.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html><head><title>The Harbour Lighthouse</title></head><body>
        <nav>Home | About | Contact</nav>
        <article>
          <h1>The Harbour Lighthouse</h1>
          <p>The harbour lighthouse was built in 1871 from granite quarried on the northern cliffs, and its lamp
          can be seen twenty-two nautical miles out to sea on a clear night.</p>
          <p>The keepers cleaned the great lens every morning at dawn, polishing each prism by hand so that the
          light would burn bright and steady through the long winter storms.</p>
          <p>Since 1994 the light has run automatically, and the keeper's cottage is now a small museum about the
          ships that were saved on this dangerous stretch of coast.</p>
        </article>
      </body></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/lighthouse.html`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads a page served here for 6 credits, cites it at the passage, answers a follow-up for 2, and keeps the session', async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    await signUp(page, uniqueEmail('web-chat'));
    await goto(page, '/tools/ai-web-chat');

    // The URL step: the field, example links, the start price and the follow-up price.
    const field = page.getByLabel(T.webUrlLabel);
    await field.waitFor({ timeout: 15_000 });
    await page.getByText(T.exampleLinks).waitFor();
    await page.getByText(T.followUpCost(2)).waitFor();
    const start = page.getByRole('button', { name: 'Start Chat (6 credits)' });
    await field.fill('lighthouse');
    await start.click();
    await page.getByText(invalidWebsiteUrl('https://example.com')).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'web-chat-url-step', { fullPage: false });

    await field.fill(pageUrl);
    await start.click();
    let reply = await lastReplyDone(page);
    expect(served).toContain('/lighthouse.html');
    await page.getByTestId('web-chat-page').getByText(T.webChatPageLabel).waitFor();
    expect(await reply.locator('.ch-md').textContent()).toContain('first passage');
    const source = reply.getByTestId('chat-sources').getByRole('link').first();
    const href = (await source.getAttribute('href')) ?? '';
    expect(href.startsWith(pageUrl)).toBe(true);
    expect(href).toContain('#:~:text=');
    expect(await balance(page)).toBe('44 credits');
    const session = page.getByTestId('chat-session');
    await session.first().waitFor();
    expect(await session.first().getAttribute('data-active')).not.toBeNull();
    expect(await page.getByTestId('next-message-cost').textContent()).toBe('Next message: 2 credits');

    // The numbered source opens the page itself.
    const [opened] = await Promise.all([page.context().waitForEvent('page'), source.click()]);
    await opened.waitForLoadState();
    expect(opened.url().startsWith(pageUrl)).toBe(true);
    await opened.close();

    const input = page.getByPlaceholder(/Type your message/);
    await input.fill('How often was the lens cleaned?');
    await input.press('Enter');
    reply = await lastReplyDone(page);
    expect(await reply.getByTestId('chat-sources').getByRole('link').count()).toBeGreaterThan(0);
    expect(await balance(page)).toBe('42 credits');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'web-chat-answered', { fullPage: false });

    // New Web Chat goes back to the URL step; the session reopens with both answers.
    await page.getByRole('button', { name: 'New Web Chat' }).click();
    await field.waitFor();
    expect(await field.inputValue()).toBe('');
    await session.first().getByRole('button').first().click();
    await page.getByText('How often was the lens cleaned?').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('chat-reply').count()).toBe(2);
    expect(await page.getByTestId('web-chat-page').getByRole('link').getAttribute('href')).toContain(
      '127.0.0.1',
    );

    // Deleting it asks with the web chat text and returns to the URL step.
    await page.getByRole('button', { name: /^Delete conversation:/ }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(deleteSessionConfirm('web chat')).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await field.waitFor();
    await page.getByText('No conversations yet').waitFor();
    expect(await balance(page)).toBe('42 credits');
  });
});
