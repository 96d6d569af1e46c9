// A purchase's receipt: the Paddle transaction id, pack, amount, dates and status, printable; the refund of an
// unused pack after a confirmation, and the server's refusal shown as it says it.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Purchase } from '@act/contracts';
import { json } from '@act/host-sdk/testing';
import { createFakeBackend, renderApp } from '../../test-support/render-app';

const ID = '0f8a3c1e-5b7d-4e2a-9c6f-1d2e3f4a5b6c';
const PURCHASE: Purchase = {
  id: ID,
  transactionId: 'txn_01hv8xxxreceipt',
  packId: 'pack-500',
  credits: 500,
  remaining: 500,
  amountMinor: 2000,
  currency: 'USD',
  status: 'active',
  purchasedAt: '2025-05-02T09:00:00.000Z',
  expiresAt: '2026-05-02T09:00:00.000Z',
  refundable: true,
};

afterEach(() => vi.restoreAllMocks());

function open(purchase: Purchase = PURCHASE) {
  const backend = createFakeBackend();
  backend.on(`GET /api/credits/purchases/${ID}`, () => json({ success: true, purchase }));
  const view = renderApp(`/dashboard?view=account&tab=usage&receipt=${ID}`, { backend });
  return { ...view, backend };
}

describe('receipt', () => {
  it('shows the Paddle transaction id, the pack, what was paid and when its credits expire, and prints', async () => {
    open();
    expect((await screen.findByTestId('receipt-transaction')).textContent).toBe('txn_01hv8xxxreceipt');
    expect(screen.getByTestId('receipt-amount').textContent).toBe('$20.00');
    expect(screen.getByText('500 credits pack')).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
    // happy-dom has no print dialog: stand in for the browser's.
    const print = vi.fn();
    window.print = print;
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it('refunds an unused pack after confirming, and shows it refunded', async () => {
    const { backend } = open();
    backend.on(`POST /api/credits/purchases/${ID}/refund`, () =>
      json({ success: true, purchase: { ...PURCHASE, status: 'refunded', remaining: 0, refundable: false } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Refund this pack' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Refund this pack', hidden: false }));
    await waitFor(() => expect(screen.getByText('Refunded')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Refund this pack' })).toBeNull();
  });

  it('says a refund Paddle has not confirmed yet is being processed, not done', async () => {
    const { backend } = open();
    backend.on(`POST /api/credits/purchases/${ID}/refund`, () =>
      json({
        success: true,
        purchase: { ...PURCHASE, status: 'refunding', remaining: 0, refundable: false },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Refund this pack' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Refund this pack', hidden: false }));
    await waitFor(() => expect(screen.getByText('Refund in progress')).toBeTruthy());
    expect(screen.getByText(/Your refund is being processed/)).toBeTruthy();
  });

  it('offers no refund once the pack is used, and says when the purchase is unknown', async () => {
    open({ ...PURCHASE, remaining: 320, refundable: false });
    await screen.findByTestId('receipt-transaction');
    expect(screen.queryByRole('button', { name: 'Refund this pack' })).toBeNull();
  });

  it('says so when the purchase cannot be found', async () => {
    const backend = createFakeBackend();
    backend.on(`GET /api/credits/purchases/${ID}`, () =>
      json({ success: false, error: 'Purchase not found', code: 'NOT_FOUND' }, 404),
    );
    renderApp(`/dashboard?view=account&tab=usage&receipt=${ID}`, { backend });
    expect((await screen.findByRole('alert')).textContent).toBe('Purchase not found');
  });
});
