// The accessibility sweep (docs/architecture.md#accessibility-sweep) of the four chat tools and Deep Search, each in
// its empty, busy, error and result state: axe at 1366 px and 390 px, a screenshot at both, no sideways scrolling at
// 320 px. Answers stream from the system's local fake provider; the web chat reads a page served by this test.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEEP_SEARCH_TEXTS, UI_TEXTS } from '@act/contracts';
import {
  signUpWithPlentyOfCredits,
  Sweep,
  SWEEP_TIMEOUT_MS,
  sweepTool,
  type ToolDriver,
} from './support/a11y-sweep';
import { uniqueEmail } from './support/browser';
import { useBrowser } from './support/fixtures';

const T = UI_TEXTS.chat;
const QUESTION = 'How do lighthouses keep their light steady? Show it in code.';

const messageBox = (page: Page) => page.getByPlaceholder(/Type your message/);

async function send(page: Page, question = QUESTION): Promise<void> {
  await messageBox(page).fill(question);
  await messageBox(page).press('Enter');
}

/** While a reply is on its way, Stop replaces Send. */
async function stopShown(page: Page): Promise<void> {
  await page.getByRole('button', { name: T.stop }).first().waitFor({ timeout: 15_000 });
}

/** Every reply has ended: no Stop left, and the last reply is done. */
async function repliesDone(page: Page): Promise<void> {
  await page.locator('[data-testid="chat-reply"][data-status="done"]').last().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: T.stop }).waitFor({ state: 'detached', timeout: 30_000 });
}

function chatTools(pageUrl: () => string): ToolDriver[] {
  return [
    {
      id: 'ai-chat-playground',
      ready: (page) => messageBox(page).waitFor({ timeout: 15_000 }),
      start: send,
      call: '**/api/chat/send-message',
      busy: stopShown,
      result: repliesDone,
    },
    {
      id: 'chat-agent',
      ready: (page) => page.getByRole('heading', { name: T.chooseModel }).waitFor({ timeout: 15_000 }),
      async start(page) {
        await page.getByTestId('chat-model').filter({ hasText: 'GPT-4o Mini' }).click();
        // Its result holds a rich answer: an HTML artifact, display maths and a Mermaid diagram.
        await send(page, `${QUESTION} Add the richdemo.`);
      },
      call: '**/api/chat/chat-agent/send-message',
      busy: stopShown,
      result: repliesDone,
    },
    {
      id: 'chat-reasoning',
      ready: (page) => messageBox(page).waitFor({ timeout: 15_000 }),
      start: send,
      call: '**/api/chat/chat-reasoning/send-message',
      busy: stopShown,
      result: repliesDone,
    },
    {
      id: 'ai-web-chat',
      ready: (page) => page.getByLabel(T.webUrlLabel).waitFor({ timeout: 15_000 }),
      async start(page) {
        await page.getByLabel(T.webUrlLabel).fill(pageUrl());
        await page.getByRole('button', { name: T.startWebChat }).click();
      },
      call: '**/api/chat/ai-web-chat',
      busy: stopShown,
      result: repliesDone,
    },
    {
      id: 'deep-search',
      ready: (page) => page.getByLabel(DEEP_SEARCH_TEXTS.questionLabel).waitFor({ timeout: 15_000 }),
      async start(page) {
        await page.getByLabel(DEEP_SEARCH_TEXTS.questionLabel).fill('Why are there tides?');
        await page.getByRole('button', { name: DEEP_SEARCH_TEXTS.research(4) }).click();
      },
      call: '**/api/chat/deep-search',
      busy: stopShown,
      async result(page) {
        await page.getByRole('button', { name: DEEP_SEARCH_TEXTS.copy }).waitFor({ timeout: 30_000 });
      },
    },
  ];
}

describe('accessibility sweep: chat tools', () => {
  const browser = useBrowser();
  let server: Server;
  let pageUrl = '';

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html><head><title>The Harbour Lighthouse</title></head><body><article>
        <h1>The Harbour Lighthouse</h1>
        <p>The harbour lighthouse was built in 1871 from granite quarried on the northern cliffs, and its lamp can be
        seen twenty-two nautical miles out to sea on a clear night.</p>
        <p>Since 1994 the light has run automatically, and the keeper's cottage is now a small museum.</p>
      </article></body></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/lighthouse.html`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it(
    'finds no axe violation and no sideways scrolling in any state of any chat tool',
    async () => {
      const sweep = new Sweep();
      const page = await browser.newPage({ width: 1366, height: 900 });
      await signUpWithPlentyOfCredits(page, uniqueEmail('a11y-chat'));
      for (const tool of chatTools(() => pageUrl)) await sweepTool(page, sweep, tool);
      console.log(sweep.report());
      expect(sweep.findings, sweep.report()).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );
});
