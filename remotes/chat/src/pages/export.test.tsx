// Export on the chat screens (docs/product-rules.md#chat-export): an open session's conversation is saved as Markdown
// and as a printable HTML page, from what the page already shows (no server call), under a name made from its title.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAYGROUND_MODELS, PLAYGROUND_MODEL_INFO, UI_TEXTS } from '@act/contracts';
import { json } from '@act/host-sdk/testing';
import { SESSION_ID, makeMessage, makeSession, sessionsPage } from '../test-support/chat-host';
import { renderChatPage } from '../test-support/chat-page';
import { PlaygroundPage } from './playground-page';
import { ReasoningPage } from './reasoning-page';

const T = UI_TEXTS.chatExport;

/** What each download saved: its file name and text. */
const saved: { name: string; text: Promise<string> }[] = [];
const originalClick = HTMLAnchorElement.prototype.click;
const blobs = new Map<string, Blob>();

beforeEach(() => {
  saved.length = 0;
  blobs.clear();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:export-${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: blobs.get(this.getAttribute('href') ?? '')!.text() });
  };
});

afterEach(() => {
  HTMLAnchorElement.prototype.click = originalClick;
  vi.restoreAllMocks();
  cleanup();
});

describe('Export', () => {
  it('saves a reasoning chat as Markdown and as printable HTML, reasoning collapsed, from the loaded session', async () => {
    const test = renderChatPage(ReasoningPage, {
      address: `/tools/chat-reasoning?session=${SESSION_ID}`,
      toolId: 'chat-reasoning',
      sessionsPath: '/api/chat/chat-reasoning/sessions',
      sendPath: '/api/chat/chat-reasoning/send-message',
      sessions: sessionsPage([makeSession({ id: SESSION_ID, title: 'Sky: why blue?' })]),
    });
    test.on('GET /api/chat/chat-reasoning/messages', () =>
      json({
        success: true,
        messages: [
          makeMessage({ role: 'user', content: 'Why is the sky <b>blue</b>?' }),
          makeMessage({
            content: 'Rayleigh **scattering**.',
            reasoning: 'Short waves scatter more.',
            status: 'completed',
          }),
        ],
      }),
    );
    const group = await screen.findByRole('group', { name: T.groupLabel });
    const reads = test.requestsTo('GET', '/api/chat/chat-reasoning/messages').length;

    await test.user.click(within(group).getByRole('button', { name: T.markdown }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^sky-why-blue-\d{4}-\d{2}-\d{2}\.md$/);
    const markdown = await saved[0]!.text;
    expect(markdown).toMatch(/^# Sky: why blue\?\n\n_Chat Reasoning · exported \d{4}-\d{2}-\d{2}_/);
    expect(markdown).toContain(
      '**You**\n\nWhy is the sky <b>blue</b>?\n\n**Chat Reasoning**\n\n<details><summary>Reasoning</summary>\n\nShort waves scatter more.\n\n</details>\n\nRayleigh **scattering**.',
    );

    // Keyboard: the printable export is the next button.
    screen.getByRole('button', { name: T.markdown }).focus();
    await test.user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: T.printable }));
    await test.user.keyboard('{Enter}');
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.name).toMatch(/^sky-why-blue-\d{4}-\d{2}-\d{2}\.html$/);
    const doc = new DOMParser().parseFromString(await saved[1]!.text, 'text/html');
    expect(doc.querySelector('.prompt')?.textContent).toBe('Why is the sky <b>blue</b>?');
    expect(doc.querySelector('.prompt b')).toBeNull();
    expect(doc.querySelector('details:not([open]) .reasoning')?.textContent).toBe(
      'Short waves scatter more.',
    );
    expect(doc.querySelector('.answer strong')?.textContent).toBe('scattering');
    // Built from what the page shows: the session was not read again.
    expect(test.requestsTo('GET', '/api/chat/chat-reasoning/messages')).toHaveLength(reads);
  });

  it('saves the playground’s four answers of each turn under their models’ names', async () => {
    const test = renderChatPage(PlaygroundPage, {
      address: `/tools/ai-chat-playground?session=${SESSION_ID}`,
      toolId: 'ai-chat-playground',
      sessionsPath: '/api/chat/sessions',
      sendPath: '/api/chat/send-message',
    });
    test.on('GET /api/chat/messages', () =>
      json({
        success: true,
        messages: [
          makeMessage({ role: 'user', content: 'Compare' }),
          ...PLAYGROUND_MODELS.map((model) =>
            makeMessage({ content: `Answer of ${model}`, model_name: model, status: 'completed' }),
          ),
        ],
      }),
    );
    await test.user.click(await screen.findByRole('button', { name: T.markdown }));
    await waitFor(() => expect(saved).toHaveLength(1));
    // No list entry names this session: the title is its first message.
    expect(saved[0]!.name).toMatch(/^compare-\d{4}-\d{2}-\d{2}\.md$/);
    const markdown = await saved[0]!.text;
    for (const model of PLAYGROUND_MODELS) {
      expect(markdown).toContain(`### ${PLAYGROUND_MODEL_INFO[model].name}\n\nAnswer of ${model}`);
    }
  });

  it('is not offered before a conversation is open', async () => {
    renderChatPage(ReasoningPage, {
      toolId: 'chat-reasoning',
      sessionsPath: '/api/chat/chat-reasoning/sessions',
      sendPath: '/api/chat/chat-reasoning/send-message',
    });
    await screen.findByText(UI_TEXTS.chat.reasoningEmpty);
    expect(screen.queryByRole('group', { name: T.groupLabel })).toBeNull();
  });
});
