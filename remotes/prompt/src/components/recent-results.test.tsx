import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  getTool,
  LIBRARY_TEXTS,
  PROMPT_RESULTS_TEXTS as T,
  sendToPath,
  UI_TEXTS,
  type PromptResult,
} from '@act/contracts';
import { createTestHost } from '@act/host-sdk/testing';
import { toolPages } from '../tools';

afterEach(() => {
  cleanup();
  window.history.replaceState({}, '', '/');
});

const result = (over: Partial<PromptResult>): PromptResult => ({
  id: '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  tool: 'magic-enhance',
  input: 'a cat',
  text: 'A fluffy cat on a velvet sofa',
  createdAt: '2026-11-29T10:00:00.000Z',
  ...over,
});
const OLDER = result({
  id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  input: 'a dog',
  text: 'A loyal dog at dusk',
});

function setup(options: { user?: null } = {}) {
  const test = createTestHost({ toolId: 'magic-enhance', ...options });
  const Page = toolPages['magic-enhance']!;
  const user = userEvent.setup();
  return { ...test, user, show: () => render(<Page host={test.host} />) };
}

const section = () => screen.getByRole('region', { name: T.title });
const resultArea = () => screen.getByRole('region', { name: 'Enhanced Prompt' });

describe('Magic Enhance recent results', () => {
  it("lists the member's newest results of this tool, and opens one in the result area with its input", async () => {
    const { user, calls, reply, show } = setup();
    reply(200, { success: true, results: [result({}), OLDER], nextCursor: null });
    show();
    expect(await within(section()).findByText('A loyal dog at dusk')).toBeTruthy();
    expect(calls[0]?.path).toBe('/api/prompt/results?tool=magic-enhance&limit=5');
    await user.click(screen.getByRole('button', { name: T.openLabel('a dog') }));
    expect(within(resultArea()).getByText('A loyal dog at dusk')).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Your prompt').value).toBe('a dog');
  });

  it('reloads the list after a run', async () => {
    const { user, calls, reply, show } = setup();
    reply(200, { success: true, results: [], nextCursor: null });
    show();
    expect(await within(section()).findByText(T.empty)).toBeTruthy();
    reply(200, { success: true, prompt: 'A fluffy cat on a velvet sofa', remainingCredits: 49 });
    reply(200, { success: true, results: [result({})], nextCursor: null });
    await user.type(screen.getByLabelText('Your prompt'), 'a cat');
    await user.click(screen.getByRole('button', { name: /Enhance/ }));
    expect(await within(section()).findByText('A fluffy cat on a velvet sofa')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual([
      '/api/prompt/results?tool=magic-enhance&limit=5',
      '/api/prompt/generate-text-prompt',
      '/api/prompt/results?tool=magic-enhance&limit=5',
    ]);
  });

  it('deletes a result from the list, and says so when it cannot', async () => {
    const { user, calls, reply, show } = setup();
    reply(200, { success: true, results: [result({}), OLDER], nextCursor: null });
    show();
    await within(section()).findByText('A loyal dog at dusk');
    // Cancel deletes nothing; Delete in the confirmation does.
    await user.click(screen.getByRole('button', { name: T.deleteLabel('a dog') }));
    const asked = await screen.findByRole('alertdialog');
    expect(asked.textContent).toContain(T.confirmText('a dog'));
    await user.click(within(asked).getByRole('button', { name: UI_TEXTS.common.cancel }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    reply(200, { success: true });
    await user.click(screen.getByRole('button', { name: T.deleteLabel('a dog') }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: UI_TEXTS.common.delete }),
    );
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/prompt/results/${OLDER.id}` }),
    );
    await waitFor(() => expect(within(section()).queryByText('A loyal dog at dusk')).toBeNull());
    reply(404, { success: false, error: 'Not found' });
    await user.click(screen.getByRole('button', { name: T.deleteLabel('a cat') }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: UI_TEXTS.common.delete }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(T.deleteFailed);
    expect(within(section()).getByText('A fluffy cat on a velvet sofa')).toBeTruthy();
  });

  it('sends a result to Text to Image by its id, which is its library item', async () => {
    const { user, reply, show, navigate } = setup();
    reply(200, { success: true, results: [result({}), OLDER], nextCursor: null });
    show();
    await within(section()).findByText('A loyal dog at dusk');
    await user.click(screen.getByRole('button', { name: LIBRARY_TEXTS.sendToLabel('a dog') }));
    await user.click(await screen.findByRole('menuitem', { name: getTool('text-to-image').name }));
    expect(navigate).toHaveBeenCalledWith(sendToPath('text-to-image', OLDER.id));
  });

  it("sends a fresh run's stored result to Text to Image from the result area", async () => {
    const { user, reply, show, navigate } = setup();
    reply(200, { success: true, results: [], nextCursor: null });
    show();
    await within(section()).findByText(T.empty);
    const stored = result({});
    reply(200, { success: true, prompt: stored.text, remainingCredits: 49, resultId: stored.id });
    reply(200, { success: true, results: [stored], nextCursor: null });
    await user.type(screen.getByLabelText('Your prompt'), 'a cat');
    await user.click(screen.getByRole('button', { name: /Enhance/ }));
    await within(resultArea()).findByText(stored.text);
    await user.click(within(resultArea()).getByRole('button', { name: new RegExp(LIBRARY_TEXTS.sendTo) }));
    await user.click(await screen.findByRole('menuitem', { name: getTool('text-to-image').name }));
    expect(navigate).toHaveBeenCalledWith(sendToPath('text-to-image', stored.id));
  });

  it('shows the result ?open=<id> names in the result area', async () => {
    window.history.replaceState({}, '', `/tools/magic-enhance?open=${OLDER.id}`);
    const { calls, reply, show } = setup();
    reply(200, { success: true, results: [], nextCursor: null });
    reply(200, { success: true, result: OLDER });
    show();
    // The page starts afresh with the opened result: look it up again once it has.
    await waitFor(() => expect(within(resultArea()).getByText('A loyal dog at dusk')).toBeTruthy());
    expect(calls[1]?.path).toBe(`/api/prompt/results/${OLDER.id}`);
  });

  it('shows no list to a guest and asks nothing', () => {
    const { calls, show } = setup({ user: null });
    show();
    expect(screen.queryByRole('region', { name: T.title })).toBeNull();
    expect(calls).toEqual([]);
  });
});
