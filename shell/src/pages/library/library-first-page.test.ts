import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@act/host-sdk';
import type { LibraryItemsReply } from '@act/contracts';
import { askFirstPageEarly, takeFirstPage } from './library-first-page';

const MEMBER = 'member-a';
const OTHER = 'member-b';

function fakeApi(reply: LibraryItemsReply) {
  const call = vi.fn(async () => reply);
  return { api: { call } as unknown as ApiClient, call };
}

const REPLY = { success: true, items: [], nextCursor: null } as unknown as LibraryItemsReply;

describe('the library first page asked early', () => {
  it('is handed once to the page of the member and filters it was asked for', async () => {
    const { api, call } = fakeApi(REPLY);
    askFirstPageEarly(api, MEMBER, { kind: 'image', tool: undefined, q: 'cat' });
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]).toMatchObject([expect.anything(), { query: { kind: 'image', q: 'cat' } }]);
    const taken = takeFirstPage(MEMBER, { kind: 'image', tool: undefined, q: 'cat' });
    expect(await taken).toBe(REPLY);
    // Taken once: a later visit asks the server itself.
    expect(takeFirstPage(MEMBER, { kind: 'image', tool: undefined, q: 'cat' })).toBeNull();
  });

  it('is never handed to another member, nor to other filters', () => {
    const { api } = fakeApi(REPLY);
    askFirstPageEarly(api, MEMBER, { kind: undefined, tool: undefined, q: undefined });
    expect(takeFirstPage(OTHER, { kind: undefined, tool: undefined, q: undefined })).toBeNull();
    // Dropped after a mismatch: not kept for a later page.
    expect(takeFirstPage(MEMBER, { kind: undefined, tool: undefined, q: undefined })).toBeNull();
    askFirstPageEarly(api, MEMBER, { kind: undefined, tool: undefined, q: undefined });
    expect(takeFirstPage(MEMBER, { kind: 'prompt', tool: undefined, q: undefined })).toBeNull();
  });

  it('fetches the thumbnails of the first rows as soon as the items are known, and no others', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'Image',
      class {
        fetchPriority = '';
        set src(url: string) {
          asked.push(`${url} ${this.fetchPriority}`);
        }
      },
    );
    try {
      const items = Array.from({ length: 12 }, (_, i) => ({
        kind: i === 1 ? 'prompt' : 'image',
        previewUrl: `/files/thumb-${i}.webp`,
      }));
      const { api } = fakeApi({ success: true, items, nextCursor: 'c2' } as unknown as LibraryItemsReply);
      window.innerWidth = 1000; // three columns: two rows are six cards
      askFirstPageEarly(api, MEMBER, { kind: undefined, tool: undefined, q: undefined });
      await takeFirstPage(MEMBER, { kind: undefined, tool: undefined, q: undefined });
      await Promise.resolve();
      expect(asked).toEqual([0, 2, 3, 4, 5].map((i) => `/files/thumb-${i}.webp high`));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('is dropped once stale', () => {
    vi.useFakeTimers();
    try {
      const { api } = fakeApi(REPLY);
      askFirstPageEarly(api, MEMBER, { kind: undefined, tool: undefined, q: undefined });
      vi.advanceTimersByTime(11_000);
      expect(takeFirstPage(MEMBER, { kind: undefined, tool: undefined, q: undefined })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
