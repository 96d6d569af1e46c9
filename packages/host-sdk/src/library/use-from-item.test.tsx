import '../test-support/dom';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, type LibraryItemDetail, type ToolId } from '@act/contracts';
import { createRoutedTestHost, json } from '../testing';
import type { ToolHost } from '../tool-host';
import { FromItemNotice } from './from-item-notice';
import { useFromItem, type FromItemFill } from './use-from-item';

const ID = '0b7f3c1e-5a2d-4e8f-9c6b-1d2e3f4a5b6c';

function item(overrides: Partial<LibraryItemDetail> = {}): LibraryItemDetail {
  return {
    id: ID,
    kind: 'prompt',
    tool: 'image-to-prompt',
    title: 'A lighthouse at dusk',
    createdAt: '2026-11-01T10:00:00Z',
    openUrl: `/tools/image-to-prompt?open=${ID}`,
    text: 'A lighthouse at dusk, oil painting',
    ...overrides,
  };
}

function Receiver({ host, onFill }: { host: ToolHost; onFill(fill: FromItemFill): void }) {
  const state = useFromItem(host, onFill);
  return <FromItemNotice state={state} />;
}

function open(toolId: ToolId, search: string, reply: Response | (() => Response)) {
  window.history.replaceState(null, '', `/tools/${toolId}${search}`);
  const test = createRoutedTestHost({ toolId });
  test.on(`GET /api/library/items/${ID}`, () => (typeof reply === 'function' ? reply() : reply));
  const onFill = vi.fn<(fill: FromItemFill) => void>();
  render(<Receiver host={test.host} onFill={onFill} />);
  return { ...test, onFill };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('useFromItem', () => {
  it('does nothing without ?from=', async () => {
    const test = open('text-to-image', '', json({ success: true, item: item() }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(test.requests).toHaveLength(0);
    expect(test.onFill).not.toHaveBeenCalled();
  });

  it("fills the member's own text and says where it came from", async () => {
    const test = open('text-to-image', `?from=${ID}`, json({ success: true, item: item() }));
    await waitFor(() => expect(test.onFill).toHaveBeenCalledTimes(1));
    expect(test.onFill.mock.calls[0]![0]).toMatchObject({
      text: 'A lighthouse at dusk, oil painting',
      trimmed: false,
    });
    expect((await screen.findByRole('status')).textContent).toContain(
      'Filled in from your library: A lighthouse',
    );
  });

  it('cuts a text longer than the tool takes to its limit, with a visible note', async () => {
    const long = 'word '.repeat(1000);
    const test = open(
      'text-to-speech',
      `?from=${ID}`,
      json({ success: true, item: item({ kind: 'summary', text: long }) }),
    );
    await waitFor(() => expect(test.onFill).toHaveBeenCalledTimes(1));
    const fill = test.onFill.mock.calls[0]![0];
    expect(fill.text).toHaveLength(LIMITS.ttsText);
    expect(fill.trimmed).toBe(true);
    expect((await screen.findByRole('status')).textContent).toContain('only its first 2,000 characters');
  });

  it('asks again when the index has not caught up with a result just made', async () => {
    let asked = 0;
    const test = open('text-to-speech', `?from=${ID}`, () =>
      ++asked === 1
        ? json({ success: false, error: 'Not found', code: 'NOT_FOUND' }, 404)
        : json({ success: true, item: item({ kind: 'chat', text: 'An answer' }) }),
    );
    await waitFor(() => expect(test.onFill).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(test.onFill.mock.calls[0]![0].text).toBe('An answer');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for the one chat answer `&message=` names, not the whole session', async () => {
    const reply = 'a1b2c3d4-0000-4e8f-9c6b-1d2e3f4a5b6c';
    const test = open(
      'text-to-speech',
      `?from=${ID}&message=${reply}&column=openai%2Fgpt-4o-mini`,
      json({ success: true, item: item({ kind: 'chat', text: 'Only this answer' }) }),
    );
    await waitFor(() => expect(test.onFill).toHaveBeenCalledTimes(1));
    expect(test.onFill.mock.calls[0]![0].text).toBe('Only this answer');
    const asked = new URL(test.requests[0]!.url, 'http://localhost');
    expect(asked.pathname).toBe(`/api/library/items/${ID}`);
    expect(Object.fromEntries(asked.searchParams)).toEqual({ message: reply, column: 'openai/gpt-4o-mini' });
  });

  it('hands a stored image over as a File fetched from its signed URL', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const fileFetch = vi.fn(async () => new Response(bytes, { headers: { 'content-type': 'image/png' } }));
    vi.stubGlobal('fetch', fileFetch);
    const detail = item({
      kind: 'image',
      tool: 'text-to-image',
      text: undefined,
      fileUrl: '/files/a.png?sig=x',
      contentType: 'image/png',
    });
    const test = open('cartoonify', `?from=${ID}`, json({ success: true, item: detail }));
    await waitFor(() => expect(test.onFill).toHaveBeenCalledTimes(1));
    expect(fileFetch).toHaveBeenCalledWith('/files/a.png?sig=x', expect.anything());
    const file = test.onFill.mock.calls[0]![0].file!;
    expect(file.type).toBe('image/png');
    expect(file.name).toMatch(/\.png$/);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  it("shows a clear message and fills nothing for a missing or another member's item", async () => {
    const test = open('text-to-image', `?from=${ID}`, () =>
      json({ success: false, error: 'Not found', code: 'NOT_FOUND' }, 404),
    );
    // Asked again while the index may still be catching up, then said once.
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toContain(
      'could not be found in your library',
    );
    expect(test.requests).toHaveLength(3);
    expect(test.onFill).not.toHaveBeenCalled();
  });
});
