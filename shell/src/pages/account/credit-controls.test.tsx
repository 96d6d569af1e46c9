import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CREDIT_CONTROLS_TEXTS } from '@act/contracts';
import { describe, expect, it } from 'vitest';
import { json } from '@act/host-sdk/testing';
import { createFakeBackend, renderApp } from '../../test-support/render-app';

const T = CREDIT_CONTROLS_TEXTS;

function backendWithCap(monthlyCap: number | null, spentThisPeriod = 12) {
  const backend = createFakeBackend();
  backend.on('GET /api/credits/spend-cap', () =>
    json({ success: true, spendCap: { monthlyCap, spentThisPeriod } }),
  );
  backend.on('PUT /api/credits/spend-cap', (request) => {
    const { monthlyCap: next } = request.body as { monthlyCap: number | null };
    return json({ success: true, spendCap: { monthlyCap: next, spentThisPeriod } });
  });
  return backend;
}

async function capForm() {
  const heading = await screen.findByRole('heading', { name: T.spendCap.title }, { timeout: 10_000 });
  return heading.closest('form')!;
}

describe('monthly spending cap control', () => {
  it('shows the cap and this month’s spending, saves a new cap and removes it', async () => {
    const backend = backendWithCap(100);
    renderApp('/dashboard?view=account', { backend });
    const form = await capForm();
    const input = within(form).getByLabelText(T.spendCap.label) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('100'));
    expect(form.textContent).toContain('Spent this month: 12 credits');

    fireEvent.change(input, { target: { value: '40' } });
    fireEvent.click(within(form).getByRole('button', { name: T.spendCap.save }));
    await screen.findByText(T.spendCap.saved);
    expect(backend.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { monthlyCap: 40 },
    ]);

    fireEvent.click(within(form).getByRole('button', { name: T.spendCap.clear }));
    await screen.findByText(T.spendCap.cleared);
    expect(backend.requests.filter((r) => r.method === 'PUT').at(-1)!.body).toEqual({ monthlyCap: null });
    await waitFor(() => expect(input.value).toBe(''));
    expect(within(form).queryByRole('button', { name: T.spendCap.clear })).toBeNull();
  });

  it('shows the server’s refusal of a cap', async () => {
    const backend = backendWithCap(null);
    backend.on('PUT /api/credits/spend-cap', () =>
      json(
        { success: false, error: 'The service is temporarily unavailable.', code: 'SERVICE_UNAVAILABLE' },
        503,
      ),
    );
    renderApp('/dashboard?view=account', { backend });
    const form = await capForm();
    fireEvent.change(within(form).getByLabelText(T.spendCap.label), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: T.spendCap.save }));
    expect((await within(form).findByRole('alert')).textContent).toContain('temporarily unavailable');
  });
});

describe('redeeming a code', () => {
  it('redeems, says how many credits were added, and shows a refusal in the form', async () => {
    const backend = createFakeBackend();
    let calls = 0;
    backend.on('POST /api/credits/redeem', () =>
      (calls += 1) === 1
        ? json({ success: true, credits: 25, balance: 75 })
        : json({ success: false, error: T.redeem.alreadyRedeemed, code: 'CONFLICT' }, 409),
    );
    renderApp('/dashboard?view=account', { backend });
    const form = (await screen.findByRole('heading', { name: T.redeem.title }, { timeout: 10_000 })).closest(
      'form',
    )!;
    const input = within(form).getByLabelText(T.redeem.label);
    fireEvent.change(input, { target: { value: 'spring-25' } });
    fireEvent.click(within(form).getByRole('button', { name: T.redeem.submit }));
    await screen.findByText('25 credits added to your balance');
    expect(backend.requests.find((r) => r.url === '/api/credits/redeem')!.body).toEqual({
      code: 'spring-25',
    });

    fireEvent.change(input, { target: { value: 'spring-25' } });
    fireEvent.click(within(form).getByRole('button', { name: T.redeem.submit }));
    expect((await within(form).findByRole('alert')).textContent).toBe(T.redeem.alreadyRedeemed);
  });
});
