// The ledger view on the Usage History tab: movements with their balance, a receipt link on a purchase, the period
// and tool filters sent to the server, the chart of credits per day, and the CSV export.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LedgerEntry } from '@act/contracts';
import { json } from '@act/host-sdk/testing';
import { createFakeBackend, renderApp } from '../../test-support/render-app';
import { chartRows, ledgerLabel, ledgerQuery } from './ledger';

const PURCHASE = '0f8a3c1e-5b7d-4e2a-9c6f-1d2e3f4a5b6c';
const ENTRIES: LedgerEntry[] = [
  {
    id: '4',
    at: '2025-05-02T09:02:00Z',
    kind: 'tool_use',
    delta: -20,
    balance: 126,
    tool: 'text-to-image',
    purchaseId: null,
    apiKey: null,
  },
  {
    id: '3',
    at: '2025-05-02T09:00:00Z',
    kind: 'top_up',
    delta: 100,
    balance: 146,
    tool: null,
    purchaseId: PURCHASE,
    apiKey: null,
  },
  {
    id: '2',
    at: '2025-05-01T08:01:00Z',
    kind: 'tool_use',
    delta: -4,
    balance: 46,
    tool: 'image-to-prompt',
    purchaseId: null,
    apiKey: null,
  },
  {
    id: '1',
    at: '2025-05-01T08:00:00Z',
    kind: 'plan_grant',
    delta: 50,
    balance: 50,
    tool: null,
    purchaseId: null,
    apiKey: null,
  },
];
const DAYS = [
  { day: '2025-05-01', tool: 'image-to-prompt' as const, credits: 4 },
  { day: '2025-05-02', tool: 'text-to-image' as const, credits: 20 },
];

afterEach(() => vi.restoreAllMocks());

describe('ledger rules', () => {
  it('names the personal API key a use was made with', () => {
    const entry = { ...ENTRIES[0]!, apiKey: { id: PURCHASE, name: 'Nightly export' } };
    expect(ledgerLabel(entry)).toBe('Tool use · Text To Image via Nightly export');
    expect(ledgerLabel(ENTRIES[0]!)).toBe('Tool use · Text To Image');
  });

  it('turns a period and tool into the query, and the chart days into one row per day', () => {
    const now = new Date('2025-05-31T00:00:00Z');
    expect(ledgerQuery('7d', 'all', now)).toEqual({ from: '2025-05-24T00:00:00.000Z' });
    expect(ledgerQuery('all', 'text-to-image', now)).toEqual({ tool: 'text-to-image' });
    expect(chartRows(DAYS)).toEqual({
      tools: ['image-to-prompt', 'text-to-image'],
      rows: [
        { day: '2025-05-01', 'image-to-prompt': 4 },
        { day: '2025-05-02', 'text-to-image': 20 },
      ],
    });
  });
});

describe('ledger view', () => {
  it('lists each movement with the balance after it and links a purchase to its receipt', async () => {
    const { location } = renderApp('/dashboard?view=account&tab=usage', {
      backend: createFakeBackend({ ledger: { entries: ENTRIES, days: DAYS } }),
    });
    const rows = await screen.findAllByTestId('ledger-row', {}, { timeout: 15_000 });
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Tool use · Text To Image', '−20', '126'],
      ['Credit pack Receipt', '+100', '146'],
      ['Tool use · Image To Prompt', '−4', '46'],
      ['Plan credits', '+50', '50'],
    ]);
    // The chart's library arrives on demand; its bars are drawn once it has.
    const chart = screen.getByRole('figure', { name: 'Credits spent per day' });
    await waitFor(() => expect(chart.querySelector('.recharts-responsive-container')).not.toBeNull(), {
      timeout: 15_000,
    });
    fireEvent.click(within(rows[1]!).getByRole('link', { name: 'Receipt' }));
    expect(location()).toBe(`/dashboard?view=account&tab=usage&receipt=${PURCHASE}`);
  });

  it('asks the server again for the chosen tool, and shows the empty state', async () => {
    const backend = createFakeBackend();
    renderApp('/dashboard?view=account&tab=usage', { backend });
    expect(await screen.findByText('No credit movements in this period.')).toBeTruthy();
    const ledgerUrls = () =>
      backend.requests
        .filter((r) => r.url.includes('/api/credits/ledger'))
        .map((r) => new URL(r.url, 'http://x'));
    expect(ledgerUrls()[0]!.searchParams.get('from')).not.toBeNull();
    fireEvent.click(screen.getAllByRole('combobox', { name: 'Tool' }).at(-1)!);
    fireEvent.click(await screen.findByRole('option', { name: 'Text to Image' }));
    await waitFor(() => expect(ledgerUrls().at(-1)!.searchParams.get('tool')).toBe('text-to-image'));
  });

  it('shows the text of a failed load', async () => {
    const backend = createFakeBackend();
    backend.on('GET /api/credits/ledger', () => new Response('', { status: 502 }));
    renderApp('/dashboard?view=account&tab=usage', { backend });
    expect(await screen.findByText('Failed to load your credit history')).toBeTruthy();
  });

  it('exports the filtered movements as the server’s CSV', async () => {
    const backend = createFakeBackend({ ledger: { entries: ENTRIES } });
    backend.on('GET /api/credits/ledger', (request) =>
      new URL(request.url, 'http://x').searchParams.get('format') === 'csv'
        ? new Response('date,type,tool,credits,balance,purchase_id\r\n', {
            headers: { 'content-type': 'text/csv; charset=utf-8' },
          })
        : json({ success: true, entries: ENTRIES, days: [], nextCursor: null }),
    );
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    renderApp('/dashboard?view=account&tab=usage', { backend });
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const blob = created.mock.calls[0]![0] as Blob;
    expect(await blob.text()).toBe('date,type,tool,credits,balance,purchase_id\r\n');
  });
});
