import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UsageHistoryEntry } from '@act/contracts';
import { json } from '@act/host-sdk/testing';
import { createFakeBackend, renderApp } from '../../test-support/render-app';
import { ALL_TOOLS, filterAndSortUsage, usageCreditsLabel, usageToolOptions } from './usage-history';

let nextId = 1;
function entry(tool_name: string, used_credits: number, timestamp: string): UsageHistoryEntry {
  return { id: String(nextId++), tool_name, used_credits, timestamp, api_key: null };
}

const HISTORY = [
  entry('magic-enhance', 1, '2025-01-10T09:00:00Z'),
  entry('text-to-image', 20, '2025-01-12T09:00:00Z'),
  entry('youtube-thumbnail-downloader', 0, '2025-01-11T09:00:00Z'),
  entry('image-to-prompt', 2, '2025-01-09T09:00:00Z'),
  entry('text-to-image', 20, '2025-01-08T09:00:00Z'),
];

const names = (list: UsageHistoryEntry[]) => list.map((e) => `${e.tool_name}@${e.timestamp.slice(8, 10)}`);

describe('usage history rules', () => {
  it('sorts by newest, oldest, most and least credits', () => {
    const base = { search: '', tool: ALL_TOOLS };
    expect(names(filterAndSortUsage(HISTORY, { ...base, sort: 'newest' }))).toEqual([
      'text-to-image@12',
      'youtube-thumbnail-downloader@11',
      'magic-enhance@10',
      'image-to-prompt@09',
      'text-to-image@08',
    ]);
    expect(names(filterAndSortUsage(HISTORY, { ...base, sort: 'oldest' }))[0]).toBe('text-to-image@08');
    expect(names(filterAndSortUsage(HISTORY, { ...base, sort: 'most' }))).toEqual([
      'text-to-image@12',
      'text-to-image@08',
      'image-to-prompt@09',
      'magic-enhance@10',
      'youtube-thumbnail-downloader@11',
    ]);
    expect(names(filterAndSortUsage(HISTORY, { ...base, sort: 'least' }))[0]).toBe(
      'youtube-thumbnail-downloader@11',
    );
  });

  it('searches by tool name (title-cased or raw) and filters by tool', () => {
    expect(
      names(filterAndSortUsage(HISTORY, { sort: 'newest', search: 'to image', tool: ALL_TOOLS })),
    ).toEqual(['text-to-image@12', 'text-to-image@08']);
    expect(filterAndSortUsage(HISTORY, { sort: 'newest', search: 'YOUTUBE', tool: ALL_TOOLS })).toHaveLength(
      1,
    );
    expect(names(filterAndSortUsage(HISTORY, { sort: 'newest', search: '', tool: 'magic-enhance' }))).toEqual(
      ['magic-enhance@10'],
    );
  });

  it("labels zero credits 'Free' and offers every tool present, title-cased", () => {
    expect(usageCreditsLabel(0)).toBe('Free');
    expect(usageCreditsLabel(1)).toBe('1 credit');
    expect(usageCreditsLabel(20)).toBe('20 credits');
    expect(usageToolOptions(HISTORY).map((o) => o.label)).toEqual([
      'All tools',
      'Image To Prompt',
      'Magic Enhance',
      'Text To Image',
      'YouTube Thumbnail Downloader',
    ]);
  });
});

describe('Usage History tab', () => {
  it('lists entries title-cased with Free for zero, newest first, and filters by search', async () => {
    renderApp('/dashboard?view=account&tab=usage', { backend: createFakeBackend({ history: HISTORY }) });
    const rows = await screen.findAllByTestId('usage-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Text To Image',
      'YouTube Thumbnail Downloader',
      'Magic Enhance',
      'Image To Prompt',
      'Text To Image',
    ]);
    expect(within(rows[1]!).getAllByRole('cell')[1]!.textContent).toBe('Free');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'magic' } });
    expect(screen.getAllByTestId('usage-row')).toHaveLength(1);
  });

  it('loads the next page with the cursor of the last one and appends it, until the last page', async () => {
    const backend = createFakeBackend();
    backend.on('GET /api/credits/tool-usage-history', (request) => {
      const cursor = new URL(request.url, 'http://localhost').searchParams.get('cursor');
      return cursor === 'page-2'
        ? json({ success: true, history: HISTORY.slice(3), nextCursor: null })
        : json({ success: true, history: HISTORY.slice(0, 3), nextCursor: 'page-2' });
    });
    renderApp('/dashboard?view=account&tab=usage', { backend });
    expect(await screen.findAllByTestId('usage-row')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('usage-row')).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const cursors = backend.requests
      .filter((request) => request.url.includes('tool-usage-history'))
      .map((request) => new URL(request.url, 'http://localhost').searchParams.get('cursor'));
    expect(cursors).toEqual([null, 'page-2']);
  });

  it('shows the empty state', async () => {
    renderApp('/dashboard?view=account&tab=usage');
    expect(await screen.findByText('No usage yet. Try a tool to see it here.')).toBeTruthy();
  });

  it("shows 'Failed to load usage history' when the call fails without a text", async () => {
    const backend = createFakeBackend();
    backend.on('GET /api/credits/tool-usage-history', () => new Response('', { status: 502 }));
    renderApp('/dashboard?view=account&tab=usage', { backend });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load usage history');
  });

  it('shows a loading state first', async () => {
    const backend = createFakeBackend();
    backend.on('GET /api/credits/tool-usage-history', () => new Promise<Response>(() => undefined));
    renderApp('/dashboard?view=account&tab=usage', { backend });
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getByRole('status').textContent).toContain('Loading');
  });
});
