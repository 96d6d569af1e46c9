import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeMe, type RecordedRequest } from '@act/host-sdk/testing';
import type { LibraryItem } from '@act/contracts';
import { createFakeBackend, renderApp } from '../../test-support/render-app';

function makeItem(n: number, overrides: Partial<LibraryItem> = {}): LibraryItem {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'image',
    tool: 'cartoonify',
    title: `Item ${n}`,
    createdAt: '2026-11-01T10:00:00Z',
    previewUrl: `/files/thumb-${n}.webp`,
    openUrl: `/tools/cartoonify?open=${n}`,
    ...overrides,
  };
}

function page(from: number, count: number, nextCursor: string | null) {
  return { success: true, items: Array.from({ length: count }, (_, i) => makeItem(from + i)), nextCursor };
}

function libraryBackend(answer: (request: RecordedRequest) => Response) {
  const backend = createFakeBackend();
  backend.on('GET /api/library/items', answer);
  return backend;
}

function queryOf(request: RecordedRequest): URLSearchParams {
  return new URL(request.url, 'http://localhost').searchParams;
}

function listRequests(backend: ReturnType<typeof createFakeBackend>) {
  return backend.requests.filter((r) => new URL(r.url, 'http://localhost').pathname === '/api/library/items');
}

describe('library page', () => {
  it('shows the member their items with title, tool and Open, linked from the dashboard header', async () => {
    const backend = libraryBackend(() => json(page(1, 2, null)));
    const app = renderApp('/dashboard', { backend });
    await userEvent.click(
      (await screen.findAllByRole('link', { name: /^Library$/ }, { timeout: 10_000 }))[0]!,
    );
    await waitFor(() => expect(app.location()).toBe('/library'));
    const card = (await screen.findByRole('heading', { name: 'Item 1' }, { timeout: 10_000 })).closest(
      'article',
    )!;
    expect(card.textContent).toContain('Cartoonify');
    expect(within(card).getByRole('link', { name: 'Open Item 1' }).getAttribute('href')).toBe(
      '/tools/cartoonify?open=1',
    );
    expect(within(card).getByRole('img', { name: 'Item 1' }).getAttribute('src')).toBe('/files/thumb-1.webp');
  });

  it('asks the server for the chosen kind, tool and (after typing pauses) search words', async () => {
    const backend = libraryBackend(() => json(page(1, 1, null)));
    renderApp('/library', { backend });
    await screen.findByRole('heading', { name: 'Item 1' }, { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'prompt' } });
    await waitFor(() => expect(queryOf(listRequests(backend).at(-1)!).get('kind')).toBe('prompt'));
    fireEvent.change(screen.getByLabelText('Tool'), { target: { value: 'text-to-image' } });
    await waitFor(() => expect(queryOf(listRequests(backend).at(-1)!).get('tool')).toBe('text-to-image'));
    await userEvent.type(screen.getByLabelText('Search your library'), 'sunset');
    await waitFor(() => expect(queryOf(listRequests(backend).at(-1)!).get('q')).toBe('sunset'));
    // One search for the word, not one per letter.
    expect(listRequests(backend).filter((r) => queryOf(r).has('q'))).toHaveLength(1);
    const last = queryOf(listRequests(backend).at(-1)!);
    expect(last.get('kind')).toBe('prompt');
    expect(last.get('tool')).toBe('text-to-image');
  });

  it('loads the next cursor page when the end of the list is scrolled into view', async () => {
    const backend = libraryBackend((request) =>
      json(queryOf(request).get('cursor') === 'c2' ? page(41, 5, null) : page(1, 40, 'c2')),
    );
    renderApp('/library', { backend });
    await screen.findByText('Item 1', {}, { timeout: 5000 });
    expect(listRequests(backend)).toHaveLength(1);
    // Only the rows near the view are in the page (the list is virtualised).
    expect(screen.queryByText('Item 40')).toBeNull();
    act(() => {
      window.scrollY = 20_000;
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(queryOf(listRequests(backend).at(-1)!).get('cursor')).toBe('c2'));
    expect(await screen.findByText('Item 45', {}, { timeout: 5000 })).toBeTruthy();
    act(() => {
      window.scrollY = 0;
      window.dispatchEvent(new Event('scroll'));
    });
  });

  it('loads the first rows’ thumbnails at once and first, the rest only when scrolled near', async () => {
    const backend = libraryBackend(() => json(page(1, 40, null)));
    renderApp('/library', { backend });
    await screen.findByText('Item 1', {}, { timeout: 5000 });
    const thumbnail = (n: number) => screen.getByRole('img', { name: `Item ${n}` });
    // jsdom's 1024 px window lays out three columns: items 1 to 6 are the first two rows.
    expect([thumbnail(1), thumbnail(6)].map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
    ]);
    expect(thumbnail(1).getAttribute('fetchpriority')).toBe('high');
    expect(thumbnail(7).getAttribute('loading')).toBe('lazy');
    expect(thumbnail(7).getAttribute('fetchpriority')).toBe('auto');
  });

  it('deletes an item only after the confirmation, and it leaves the list', async () => {
    const backend = libraryBackend(() => json(page(1, 2, null)));
    const deletePath = `/api/library/items/${makeItem(1).id}`;
    backend.on(`DELETE ${deletePath}`, () => json({ success: true }));
    const deletes = () => backend.requests.filter((r) => r.method === 'DELETE').map((r) => r.url);
    renderApp('/library', { backend });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Item 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this item?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes()).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Item 1' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Item 1' }));
    const again = await screen.findByRole('alertdialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Item 1' })).toBeNull());
    expect(deletes()).toEqual([deletePath]);
    expect(screen.getByRole('heading', { name: 'Item 2' })).toBeTruthy();
  });

  it('offers Send to the tools that take the kind, and opens the tool with ?from=', async () => {
    const prompt = makeItem(7, {
      kind: 'prompt',
      tool: 'image-to-prompt',
      previewUrl: undefined,
      excerpt: 'a cat',
    });
    const audio = makeItem(8, { kind: 'audio', tool: 'text-to-speech', previewUrl: undefined });
    const backend = libraryBackend(() =>
      json({ success: true, items: [makeItem(1), prompt, audio], nextCursor: null }),
    );
    const app = renderApp('/library', { backend });
    await screen.findByText('a cat');
    // Nothing takes a sound: no menu on its card.
    expect(screen.queryByRole('button', { name: 'Send "Item 8" to another tool' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Send "Item 1" to another tool' }));
    const names = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(names).toContain('Baby Version');
    expect(names).toContain('Image to Prompt');
    expect(names).toContain('Upscale');
    expect(names).not.toContain('Cartoonify');
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Send "Item 7" to another tool' }));
    const only = await screen.findAllByRole('menuitem');
    expect(only.map((item) => item.textContent)).toEqual(['Text to Image']);
    await userEvent.click(only[0]!);
    await waitFor(() => expect(app.location()).toBe(`/tools/text-to-image?from=${prompt.id}`));
  });

  it('says when the library is empty, and shows a failure with Try again', async () => {
    let fail = true;
    const backend = libraryBackend(() =>
      fail
        ? json({ success: false, error: 'Failed to load your library', code: 'INTERNAL' }, 500)
        : json({ success: true, items: [], nextCursor: null }),
    );
    renderApp('/library', { backend });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load your library');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Nothing here yet/)).toBeTruthy();
  });

  it('asks for the first page beside the balance, not once the balance has answered', async () => {
    const backend = libraryBackend(() => json(page(1, 2, null)));
    let answerMe = () => {};
    const meAnswered = new Promise<void>((resolve) => (answerMe = resolve));
    backend.on('GET /api/credits/me', async () => {
      await meAnswered;
      return json({ success: true, me: makeMe() });
    });
    renderApp('/library', { backend });
    await waitFor(() => expect(listRequests(backend)).toHaveLength(1), { timeout: 10_000 });
    expect(screen.queryByRole('heading', { name: 'Item 1' })).toBeNull();
    answerMe();
    await screen.findByRole('heading', { name: 'Item 1' }, { timeout: 10_000 });
    // The page took that request: the list was asked for once.
    expect(listRequests(backend)).toHaveLength(1);
  });

  it('sends a guest to sign in', async () => {
    const app = renderApp('/library', { backend: createFakeBackend({ session: null }) });
    await waitFor(() => expect(app.location()).toBe('/auth'));
  });
});
